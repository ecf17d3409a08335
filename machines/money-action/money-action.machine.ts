/**
 * One money action (a transfer, a withdrawal, a mobile-wallet link; later a
 * bonus or coupon claim) as a child each money flow invokes once the member
 * confirmed it: the request goes out under the action's idempotency key, and
 * the answer decides how it ended: moved, refused (with its code), or unknown
 * (no answer: perhaps it moved). After an unknown end the flow offers only a
 * retry, which invokes the action again with the same key (the server then
 * answers what happened the first time), or closing, which reads the wallet
 * again. `moneyAction<TRequest>()` types one flow's request; the flow's
 * actors provide `send` with its call.
 */
import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import type {
  KeyOutcome,
  MoneyActionContext,
  MoneyActionInput,
  MoneyActionOutput,
  MoneyActionTag,
  MoneyFlowContext,
  MoneyMoved,
} from './money-action.types.ts';

/**
 * The Idempotency-Key of a member's n-th money action (n = 1, 2, …) in one
 * opening of a flow: `prefix` is random per opening, so keys never repeat
 * across openings; the action's number makes every confirmed action a new
 * key while a retry sends the same key. The contract accepts
 * [A-Za-z0-9_.:-]{8,100}.
 */
export function idempotencyKey(prefix: string, action: number): string {
  return `${prefix}.${action}`;
}

/**
 * No answer came (NETWORK_ERROR), or a 5xx without a body (a proxy's
 * timeout): the money may or may not have moved.
 */
export function outcomeUnknown(result: Result<unknown>): boolean {
  return !result.ok && (result.message === NETWORK_ERROR || result.message === 'INTERNAL_SERVER_ERROR');
}

/** The server answered that it never saw the key: nothing moved; the same key may be sent again. */
export const NOT_SEEN = 'NOT_SEEN';

/**
 * How a flow's action starts: a new action (no error yet) or one the server
 * never saw is sent; after no answer the server is asked first.
 */
export function startOf(error: string | null): 'sending' | 'asking' {
  return error !== null && error !== NOT_SEEN ? 'asking' : 'sending';
}

/** The guard of a flow's outcomeUnknown on 'connectivity.online': the outcome is still unknown, so the server is asked again. */
export const asksAgain = ({ context }: { context: Pick<MoneyFlowContext, 'error'> }): boolean => startOf(context.error) === 'asking';

/** What the key holds, as the action's end: moved or refused by the stored answer; null when the server never saw it. */
export function keyEnd(answer: Result<KeyOutcome>): MoneyActionOutput | null {
  if (!answer.ok || !answer.data.seen) return null;
  const { statusCode, answer: stored } = answer.data;
  if (statusCode < 300) return { outcome: 'moved', result: stored as MoneyMoved };
  return { outcome: 'refused', error: (stored as { message?: string } | null)?.message ?? 'INTERNAL_SERVER_ERROR' };
}

/** A flow's context when it opens: no action yet, nothing saved. */
export function moneyFlowStart(keyPrefix: string): MoneyFlowContext {
  return { keyPrefix, actions: 0, idempotencyKey: null, result: null, error: null, saved: false };
}

/** The flow's fields as the member confirms an action: the next key, never one used before in this opening. */
export function nextAction({ keyPrefix, actions }: Pick<MoneyFlowContext, 'keyPrefix' | 'actions'>) {
  return { actions: actions + 1, idempotencyKey: idempotencyKey(keyPrefix, actions + 1), error: null };
}

/** The flow's fields once its action ended: moved (saved), refused (the key is spent) or unknown (saved: perhaps it moved; the key stays for a retry). */
export function actionEnded(output: MoneyActionOutput): Partial<MoneyFlowContext> {
  switch (output.outcome) {
    case 'moved':
      return { result: output.result, saved: true, error: null };
    case 'refused':
      return { error: output.error, idempotencyKey: null };
    case 'unknown':
      return { error: output.error, saved: true };
  }
}

/**
 * How a money flow invokes its action from state `submitting`: a move goes to
 * `succeeded`, a refusal back to `editing`, no answer to `outcomeUnknown`
 * (the flow's actions endAction and showNetworkError, guards moved and
 * refused).
 */
export function invokeMoneyAction<TContext extends MoneyFlowContext, TInput>(input: (args: { context: TContext }) => TInput) {
  return {
    id: 'moneyAction',
    src: 'moneyAction',
    input: (args: { context: TContext }) => ({ ...input(args), start: startOf(args.context.error) }),
    onDone: [
      { guard: { type: 'moved', params: actorOutput }, target: 'succeeded', actions: { type: 'endAction', params: actorOutput } },
      { guard: { type: 'refused', params: actorOutput }, target: 'editing', actions: { type: 'endAction', params: actorOutput } },
      { target: 'outcomeUnknown', actions: { type: 'endAction', params: actorOutput } },
    ],
    onError: { target: 'outcomeUnknown', actions: 'showNetworkError' },
  } as const;
}

export function moneyAction<TRequest>() {
  return setup({
    types: {
      context: {} as MoneyActionContext<TRequest>,
      input: {} as MoneyActionInput<TRequest>,
      output: {} as MoneyActionOutput,
      tags: {} as MoneyActionTag,
    },
    actors: {
      send: notProvided<Result<MoneyMoved>, MoneyActionInput<TRequest>>('send'),
      ask: notProvided<Result<KeyOutcome>, { idempotencyKey: string }>('ask'),
    },
    actions: {
      storeResult: assign((_, result: Result<MoneyMoved>) => ({ result: okData(result), error: null })),
      storeFailure: assign((_, result: Result<MoneyMoved>) => ({ error: failureMessage(result) })),
      storeNetworkError: assign({ error: NETWORK_ERROR }),
      storeKeyEnd: assign((_, answer: Result<KeyOutcome>) => {
        const end = keyEnd(answer)!;
        return end.outcome === 'moved' ? { result: end.result, error: null } : { error: end.outcome === 'refused' ? end.error : null };
      }),
      storeNotSeen: assign({ error: NOT_SEEN }),
      // Still unknown: the send's own failure stays; asked first, the question's failure is the reason.
      keepUnknown: assign(({ context }, answer: Result<KeyOutcome> | null) => ({
        error: context.error ?? (answer && !answer.ok ? answer.message : NETWORK_ERROR),
      })),
      end: assign((_, outcome: MoneyActionOutput['outcome']) => ({ outcome })),
    },
    guards: {
      succeeded,
      outcomeUnknown: (_, result: Result<MoneyMoved>) => outcomeUnknown(result),
      asksFirst: ({ context }) => context.start === 'asking',
      keyEnded: (_, { answer, outcome }: { answer: Result<KeyOutcome>; outcome: MoneyActionOutput['outcome'] }) => keyEnd(answer)?.outcome === outcome,
      keyNotSeen: (_, answer: Result<KeyOutcome>) => answer.ok && !answer.data.seen,
    },
  }).createMachine({
    id: 'moneyAction',
    description:
      'One confirmed money action under its idempotency key: sent, then moved or refused by the answer; when no answer came the server is asked what the key holds before the flow may send it again (docs/decisions/0145-a-flaky-network.md).',
    context: ({ input }) => ({
      request: input.request,
      idempotencyKey: input.idempotencyKey,
      start: input.start ?? 'sending',
      result: null,
      error: null,
      outcome: null,
    }),
    initial: 'starting',
    states: {
      starting: {
        description: 'A retry after no answer asks first; a new action, or one the server never saw, is sent.',
        always: [{ guard: 'asksFirst', target: 'asking' }, { target: 'sending' }],
      },
      sending: {
        tags: 'busy',
        description: 'The request with the action\'s idempotency key.',
        invoke: {
          id: 'send',
          src: 'send',
          input: ({ context }) => ({ request: context.request, idempotencyKey: context.idempotencyKey }),
          onDone: [
            { guard: { type: 'succeeded', params: actorOutput }, target: 'moved', actions: { type: 'storeResult', params: actorOutput } },
            { guard: { type: 'outcomeUnknown', params: actorOutput }, target: 'asking', actions: { type: 'storeFailure', params: actorOutput } },
            { target: 'refused', actions: { type: 'storeFailure', params: actorOutput } },
          ],
          onError: { target: 'asking', actions: 'storeNetworkError' },
        },
      },
      asking: {
        tags: ['busy', 'asking'],
        description: 'No answer came: GET /api/idempotency/:key asks what the key holds. Never sent again before the server says it never saw the key.',
        invoke: {
          id: 'ask',
          src: 'ask',
          input: ({ context }) => ({ idempotencyKey: context.idempotencyKey }),
          onDone: [
            {
              guard: { type: 'keyEnded', params: ({ event }) => ({ answer: event.output, outcome: 'moved' as const }) },
              target: 'moved',
              actions: { type: 'storeKeyEnd', params: actorOutput },
            },
            {
              guard: { type: 'keyEnded', params: ({ event }) => ({ answer: event.output, outcome: 'refused' as const }) },
              target: 'refused',
              actions: { type: 'storeKeyEnd', params: actorOutput },
            },
            { guard: { type: 'keyNotSeen', params: actorOutput }, target: 'unknown', actions: 'storeNotSeen' },
            { target: 'unknown', actions: { type: 'keepUnknown', params: actorOutput } },
          ],
          onError: { target: 'unknown', actions: { type: 'keepUnknown', params: null } },
        },
      },
      moved: { type: 'final', description: 'The server moved the money.', entry: { type: 'end', params: 'moved' } },
      refused: { type: 'final', description: 'The server refused: nothing moved, and the key is spent.', entry: { type: 'end', params: 'refused' } },
      unknown: {
        type: 'final',
        description: 'Still unknown (the question got no answer either: the money may have moved; the flow asks again), or NOT_SEEN (nothing moved; the same key may go again).',
        entry: { type: 'end', params: 'unknown' },
      },
    },
    output: ({ context }): MoneyActionOutput =>
      context.outcome === 'moved' && context.result
        ? { outcome: 'moved', result: context.result }
        : { outcome: context.outcome === 'refused' ? 'refused' : 'unknown', error: context.error ?? NETWORK_ERROR },
  });
}

/** The action with an untyped request: for the diagrams and its own model. */
export const moneyActionMachine = moneyAction<unknown>();
