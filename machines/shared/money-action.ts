/**
 * What every money-moving flow shares (transfer, withdraw): one idempotency
 * key per member action, which answers leave the outcome unknown, and the
 * states from the review to the answer (confirming → submitting →
 * succeeded / outcomeUnknown / back to editing with the refusal → closed).
 */
import { assign, type EventObject } from 'xstate';
import type { MoneyMovedResponse, Output } from '../../src/contract/api.ts';
import { actorOutput } from './actors.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from './result.ts';

/** What the server answers for a movement: the moved amount, the new wallet balance, the ledger's transfer id. */
export type MoneyMoved = Output<typeof MoneyMovedResponse>;

/**
 * The Idempotency-Key of a member's n-th money action (n = 1, 2, …) in one
 * opening of a modal. `prefix` is random per opening (the SPA passes
 * crypto.randomUUID()), so keys never repeat across openings, and the action
 * number makes every confirmed action a new key while a retry of the same
 * action sends the same key (docs/decisions/0015-idempotency-keys-and-retry-rule.md).
 * The contract accepts [A-Za-z0-9_.:-]{8,100}.
 */
export function idempotencyKey(prefix: string, action: number): string {
  return `${prefix}.${action}`;
}

/**
 * No answer came (NETWORK_ERROR), or a 5xx without a body (a proxy's
 * timeout): the money may or may not have moved. Only a retry with the same
 * key is safe; the server then answers what happened the first time.
 */
export function outcomeUnknown(result: Result<unknown>): boolean {
  return !result.ok && (result.message === NETWORK_ERROR || result.message === 'INTERNAL_SERVER_ERROR');
}

/** The part of a money modal's context that the shared states read and write. */
export interface MoneyActionContext {
  /**
   * Shown inline on the form: the flow's own client codes, or the server's
   * refusal (a catalogue code). In state outcomeUnknown: NETWORK_ERROR or
   * INTERNAL_SERVER_ERROR.
   */
  error: string | null;
  /** Random per opening of the modal (the SPA passes crypto.randomUUID()); see idempotencyKey(). */
  keyPrefix: string;
  /** Money actions the member has confirmed in this opening of the modal. */
  actions: number;
  /** The Idempotency-Key of the action being sent, retried or done; null while editing and reviewing. */
  idempotencyKey: string | null;
  /** The server's answer once the money moved. */
  result: MoneyMoved | null;
  /**
   * The wallet changed or may have changed (a success, or an answer that never
   * came): the home reads the wallet again when the modal closes (spec 2).
   */
  saved: boolean;
}

/** The shared context fields when a modal opens: no action yet, nothing saved. */
export function moneyActionStart(keyPrefix: string) {
  return { error: null, keyPrefix, actions: 0, idempotencyKey: null, result: null, saved: false } satisfies MoneyActionContext;
}

/** The events of the shared states; `TFlow` names the flow ('transfer' → 'transfer.confirm'). */
export type MoneyActionEvent<TFlow extends string> =
  /** The member confirms the review: a new money action with a new idempotency key. */
  | { type: `${TFlow}.confirm` }
  /** Back from the review to the form. */
  | { type: `${TFlow}.edit` }
  /** Send the same action again, with the same key, after no answer came. */
  | { type: `${TFlow}.retry` }
  | { type: 'modal.close' };

/**
 * Tags of the shared states: 'editing' (the form), 'confirming' (the review;
 * also while sending), 'busy' (sending: buttons disabled, the modal does not
 * close), 'succeeded', 'outcomeUnknown' (no answer: retry or close), 'closed'.
 */
export type MoneyActionTag = 'editing' | 'confirming' | 'busy' | 'succeeded' | 'outcomeUnknown' | 'closed';

/**
 * The actions the shared states name, for `setup(…).extend({ actions: moneyActionActions<Context, Event>() })`.
 * closeModal ({ saved }) is provided by the view layer.
 */
export function moneyActionActions<TContext extends MoneyActionContext, TEvent extends EventObject>() {
  // The shared fields only; the flow's own fields stay as they are.
  const fields = (update: Partial<MoneyActionContext>) => update as Partial<TContext>;
  const update = assign<TContext, TEvent, Result<MoneyMoved>, TEvent, never>;
  return {
    // One key per member action: the n-th confirmation gets key n.
    startAction: assign<TContext, TEvent, undefined, TEvent, never>(({ context }) =>
      fields({
        actions: context.actions + 1,
        idempotencyKey: idempotencyKey(context.keyPrefix, context.actions + 1),
        error: null,
      }),
    ),
    storeResult: update((_, result) => fields({ result: okData(result), saved: true, error: null })),
    // The server answered: nothing moved, and the key is spent (the server keeps its answer).
    showRefusal: update((_, result) => fields({ error: failureMessage(result), idempotencyKey: null })),
    // Perhaps it moved: keep the key for a retry, and have the home read the wallet again.
    showUnknownOutcome: update((_, result) => fields({ error: failureMessage(result), saved: true })),
    showNetworkError: assign<TContext, TEvent, undefined, TEvent, never>(() => fields({ error: NETWORK_ERROR, saved: true })),
    // Provided by the view layer.
    closeModal: (_: unknown, _params: { saved: boolean }) => {},
  };
}

/** The guards the shared states name, for `setup(…).extend({ guards: moneyActionGuards })`. */
export const moneyActionGuards = {
  succeeded: (_: unknown, result: Result<unknown>) => result.ok,
  outcomeUnknown: (_: unknown, result: Result<unknown>) => outcomeUnknown(result),
};

/** What differs between the flows in the shared states. */
export interface MoneyActionFlow<TFlow extends string, TActor extends string, TContext, TInput> {
  /** The event prefix: 'transfer' for 'transfer.confirm', 'transfer.edit', 'transfer.retry'. */
  flow: TFlow;
  /** The I/O actor that sends the action; invoked with the same id. */
  actor: TActor;
  /** Its input; `context.idempotencyKey` is set in state submitting. */
  input: (args: { context: TContext }) => TInput;
  /** The diagrams' and readers' descriptions of each shared state. */
  descriptions: { confirming: string; submitting: string; succeeded: string; outcomeUnknown: string };
}

/**
 * The states from the review to the answer, for a machine whose form is its
 * state 'editing'. Spread into the machine's `states`.
 */
export function moneyActionStates<TFlow extends string, TActor extends string, TContext, TInput>({
  flow,
  actor,
  input,
  descriptions,
}: MoneyActionFlow<TFlow, TActor, TContext, TInput>) {
  return {
    confirming: {
      tags: 'confirming',
      description: descriptions.confirming,
      on: {
        [`${flow}.confirm`]: { target: 'submitting', actions: 'startAction' },
        [`${flow}.edit`]: 'editing',
        'modal.close': 'closed',
      } as Record<`${TFlow}.confirm`, { target: 'submitting'; actions: 'startAction' }> &
        Record<`${TFlow}.edit`, 'editing'> & { 'modal.close': 'closed' },
    },
    submitting: {
      tags: ['confirming', 'busy'],
      description: descriptions.submitting,
      invoke: {
        id: actor,
        src: actor,
        input,
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'succeeded', actions: { type: 'storeResult', params: actorOutput } },
          {
            guard: { type: 'outcomeUnknown', params: actorOutput },
            target: 'outcomeUnknown',
            actions: { type: 'showUnknownOutcome', params: actorOutput },
          },
          { target: 'editing', actions: { type: 'showRefusal', params: actorOutput } },
        ],
        onError: { target: 'outcomeUnknown', actions: 'showNetworkError' },
      },
    },
    succeeded: {
      tags: 'succeeded',
      description: descriptions.succeeded,
      on: {
        'modal.close': 'closed',
      },
    },
    outcomeUnknown: {
      tags: 'outcomeUnknown',
      description: descriptions.outcomeUnknown,
      on: {
        [`${flow}.retry`]: 'submitting',
        'modal.close': 'closed',
      } as Record<`${TFlow}.retry`, 'submitting'> & { 'modal.close': 'closed' },
    },
    closed: {
      type: 'final',
      tags: 'closed',
      entry: { type: 'closeModal', params: ({ context }: { context: MoneyActionContext }) => ({ saved: context.saved }) },
    },
  } as const;
}
