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
    input,
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
    },
    actions: {
      storeResult: assign((_, result: Result<MoneyMoved>) => ({ result: okData(result), error: null })),
      storeFailure: assign((_, result: Result<MoneyMoved>) => ({ error: failureMessage(result) })),
      storeNetworkError: assign({ error: NETWORK_ERROR }),
      end: assign((_, outcome: MoneyActionOutput['outcome']) => ({ outcome })),
    },
    guards: {
      succeeded,
      outcomeUnknown: (_, result: Result<MoneyMoved>) => outcomeUnknown(result),
    },
  }).createMachine({
    id: 'moneyAction',
    description:
      'One confirmed money action under its idempotency key: sent, then moved or refused by the answer, or unknown when no answer came (the flow may invoke it again with the same key).',
    context: ({ input }) => ({ request: input.request, idempotencyKey: input.idempotencyKey, result: null, error: null, outcome: null }),
    initial: 'sending',
    states: {
      sending: {
        tags: 'busy',
        description: 'The request with the action\'s idempotency key.',
        invoke: {
          id: 'send',
          src: 'send',
          input: ({ context }) => ({ request: context.request, idempotencyKey: context.idempotencyKey }),
          onDone: [
            { guard: { type: 'succeeded', params: actorOutput }, target: 'moved', actions: { type: 'storeResult', params: actorOutput } },
            { guard: { type: 'outcomeUnknown', params: actorOutput }, target: 'unknown', actions: { type: 'storeFailure', params: actorOutput } },
            { target: 'refused', actions: { type: 'storeFailure', params: actorOutput } },
          ],
          onError: { target: 'unknown', actions: 'storeNetworkError' },
        },
      },
      moved: { type: 'final', description: 'The server moved the money.', entry: { type: 'end', params: 'moved' } },
      refused: { type: 'final', description: 'The server refused: nothing moved, and the key is spent.', entry: { type: 'end', params: 'refused' } },
      unknown: {
        type: 'final',
        description: 'No answer came: the money may have moved; only the same key may try again.',
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
