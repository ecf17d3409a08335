/**
 * Checks of the states every money modal shares (machines/shared/money-action.ts):
 * confirming → submitting with an idempotency key → succeeded, outcomeUnknown
 * or back to editing with the refusal → closed. Written out independently of
 * the machines.
 */
import type { MoneyActionContext } from '../../../machines/shared/money-action.ts';
import { NETWORK_ERROR } from '../../../machines/shared/result.ts';
import { stateKey } from './flow-model.ts';
import type { ReplayedStep } from './replay.ts';
import { expect } from './step-expect.ts';

export interface MoneyActionSpec<TContext extends MoneyActionContext> {
  /** The event prefix: 'transfer' for 'transfer.confirm'. */
  flow: string;
  /** The I/O actor that sends the action. */
  actor: string;
  /** The model's key prefix. */
  keyPrefix: string;
  /** What the actor is sent for a form, without the key. */
  order: (context: TContext) => Record<string, unknown>;
}

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
export function checkMoneyActionStep<TContext extends MoneyActionContext>(
  { event, before, after, actions, calls }: ReplayedStep,
  { flow, actor, keyPrefix, order }: MoneyActionSpec<TContext>,
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
        expect(calls).toEqual([{ actor, input: { ...order(previous), idempotencyKey: key(previous.actions + 1) } }]);
      }
      return true;
    case `${flow}.retry`:
      if (!was('outcomeUnknown')) unchanged();
      else {
        // The same action again: the same key, the same order.
        expect([now, context]).toEqual(['submitting', previous]);
        expect(calls).toEqual([{ actor, input: { ...order(previous), idempotencyKey: previous.idempotencyKey } }]);
      }
      return true;
    case `${flow}.edit`:
      if (was('confirming')) expect([now, context]).toEqual(['editing', previous]);
      else unchanged();
      return true;
    case 'modal.close':
      if (was('submitting')) unchanged(); // nothing closes while money is on its way
      else {
        expect([after.status, after.output]).toEqual(['done', { saved: previous.saved }]);
        expect(actions).toEqual([{ type: 'closeModal', params: { saved: previous.saved } }]);
      }
      return true;
    case `xstate.done.actor.${actor}`: {
      const output = event.output;
      if (output.ok) {
        expect([now, context]).toEqual(['succeeded', { ...previous, result: output.data, saved: true, error: null }]);
      } else if (output.message === 'INTERNAL_SERVER_ERROR') {
        expect([now, context]).toEqual(['outcomeUnknown', { ...previous, error: output.message, saved: true }]);
      } else {
        // Refused: nothing moved; the form is back with the server's message and the key is spent.
        expect([now, context]).toEqual(['editing', { ...previous, error: output.message, idempotencyKey: null }]);
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
  const context = after.context as MoneyActionContext;
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
