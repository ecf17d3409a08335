/**
 * Checks of the states every money modal shares: confirming → submitting,
 * which invokes the money action (machines/money-action) with an
 * idempotency key → succeeded, outcomeUnknown or back to editing with the
 * refusal → closed. Written out independently of the machines.
 */
import type { MoneyActionOutput, MoneyFlowContext } from '../../../machines/money-action/money-action.types.ts';
import { NETWORK_ERROR } from '../../../machines/shared/result.ts';
import { stateKey } from './flow-model.ts';
import type { ReplayedStep } from './replay.ts';
import { expect } from './step-expect.ts';

export interface MoneyActionSpec<TContext extends MoneyFlowContext> {
  /** The event prefix: 'transfer' for 'transfer.confirm'. */
  flow: string;
  /** The model's key prefix. */
  keyPrefix: string;
  /** The money action's request for a form. */
  request: (context: TContext) => unknown;
}

/** The child every money flow invokes to send its action. */
const actor = 'moneyAction';

/** The tags the view reads in the shared states. */
export const moneyActionTags = {
  editing: ['editing'],
  confirming: ['confirming'],
  submitting: ['busy', 'confirming'],
  succeeded: ['succeeded'],
  outcomeUnknown: ['outcomeUnknown'],
  closed: ['closed'],
};

/** The key of the n-th action in the model's opening of the modal. */
export function moneyActionKey(keyPrefix: string, action: number): string {
  return `${keyPrefix}.${action}`;
}

/**
 * Checks a step of the shared states. False when the event is the flow's own
 * (the form, the flow's other calls): the flow checks it.
 */
export function checkMoneyActionStep<TContext extends MoneyFlowContext>(
  { event, before, after, actions, calls }: ReplayedStep,
  { flow, keyPrefix, request }: MoneyActionSpec<TContext>,
): boolean {
  const was = (state: string) => (before ? stateKey(before) === state : false);
  const now = stateKey(after);
  const previous = before?.context as TContext;
  const context = after.context as TContext;
  const unchanged = () => expect([after.value, context]).toEqual([before?.value, previous]);
  const key = (action: number) => moneyActionKey(keyPrefix, action);

  switch (event.type) {
    case `${flow}.confirm`:
      if (!was('confirming')) unchanged();
      else {
        // A new action: the next key, never one used before in this opening.
        expect([now, context.actions, context.idempotencyKey]).toEqual(['submitting', previous.actions + 1, key(previous.actions + 1)]);
        expect(calls).toEqual([{ actor, input: { request: request(previous), idempotencyKey: key(previous.actions + 1) } }]);
      }
      return true;
    case `${flow}.retry`:
      if (!was('outcomeUnknown')) unchanged();
      else {
        // The same action again: the same key, the same order.
        expect([now, context]).toEqual(['submitting', previous]);
        expect(calls).toEqual([{ actor, input: { request: request(previous), idempotencyKey: previous.idempotencyKey } }]);
      }
      return true;
    case `${flow}.edit`:
      if (was('confirming')) expect([now, context]).toEqual(['editing', previous]);
      else unchanged();
      return true;
    case 'modal.close':
      if (was('submitting')) unchanged(); // nothing closes while money is on its way
      else {
        // The modal ends; the home reads its output.
        expect([after.status, after.output]).toEqual(['done', { saved: previous.saved }]);
        expect(actions).toEqual([]);
      }
      return true;
    case `xstate.done.actor.${actor}`: {
      const output = event.output as MoneyActionOutput;
      if (output.outcome === 'moved') {
        expect([now, context]).toEqual(['succeeded', { ...previous, result: output.result, saved: true, error: null }]);
      } else if (output.outcome === 'unknown') {
        // Perhaps it moved: the key stays for a retry, and the home reads the wallet again.
        expect([now, context]).toEqual(['outcomeUnknown', { ...previous, error: output.error, saved: true }]);
      } else {
        // Refused: nothing moved; the form is back with the server's message and the key is spent.
        expect([now, context]).toEqual(['editing', { ...previous, error: output.error, idempotencyKey: null }]);
      }
      return true;
    }
    case `xstate.error.actor.${actor}`:
      expect([now, context]).toEqual(['outcomeUnknown', { ...previous, error: NETWORK_ERROR, saved: true }]);
      return true;
    default:
      return false;
  }
}

/** What holds after every step of a money modal. */
export function checkMoneyActionInvariants({ event, after, actions }: ReplayedStep, keyPrefix: string): void {
  const context = after.context as MoneyFlowContext;
  const now = stateKey(after);
  expect(after.hasTag('busy')).toBe(Object.keys(after.children).length > 0);
  if (event.type !== 'modal.close') expect(actions).toEqual([]);
  // A key exists exactly while an action is on its way, waiting for a retry, or done.
  if (['submitting', 'outcomeUnknown', 'succeeded'].includes(now)) {
    expect(context.idempotencyKey).toBe(moneyActionKey(keyPrefix, context.actions));
  }
  if (['editing', 'confirming'].includes(now)) expect(context.idempotencyKey).toBeNull();
  if (now === 'succeeded') expect(context.saved).toBe(true);
}

/** What the API answers for the money action to end as the model says (the component replays). */
export function moneyActionAnswer(output: MoneyActionOutput): unknown {
  return output.outcome === 'moved' ? { ok: true, data: output.result } : { ok: false, message: output.error };
}

/** A component replay's answer of an actor: the money action's from its outcome, any other as the model gives it. */
export function apiAnswerOf(actor: string, output: unknown): unknown {
  return actor === 'moneyAction' ? moneyActionAnswer(output as MoneyActionOutput) : output;
}
