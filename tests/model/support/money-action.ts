/**
 * Checks of the states every money modal shares: confirming → submitting,
 * which invokes the money action (machines/money-action) with an
 * idempotency key → succeeded, outcomeUnknown or back to editing with the
 * refusal → closed. Written out independently of the machines.
 */
import type { AnyEventObject } from 'xstate';
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
  /**
   * The event the flow hears the connection come back by ('connectivity.online' when absent). A flow
   * whose reads wait for it too ('read.online') checks it itself outside the unknown outcome.
   */
  online?: string;
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

/** How a retry starts, written out independently of the machine: sent again only when the server never saw the key. */
export function retryStart(error: string | null): 'sending' | 'asking' {
  return error === 'NOT_SEEN' ? 'sending' : 'asking';
}

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
  { flow, keyPrefix, request, online = 'connectivity.online' }: MoneyActionSpec<TContext>,
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
        expect(calls).toEqual([{ actor, input: { request: request(previous), idempotencyKey: key(previous.actions + 1), start: 'sending' } }]);
      }
      return true;
    case `${flow}.retry`:
      if (!was('outcomeUnknown')) unchanged();
      else {
        // The same action again: the same key, the same order; the server is asked first unless it never saw the key.
        expect([now, context]).toEqual(['submitting', previous]);
        expect(calls).toEqual([{ actor, input: { request: request(previous), idempotencyKey: previous.idempotencyKey, start: retryStart(previous.error) } }]);
      }
      return true;
    case online:
      if (!was('outcomeUnknown') && online !== 'connectivity.online') return false; // the flow's reads hear it too
      if (!was('outcomeUnknown') || previous.error === 'NOT_SEEN') unchanged();
      else {
        // Back online with the outcome still unknown: the server is asked by itself, nothing is sent.
        expect([now, context]).toEqual(['submitting', previous]);
        expect(calls).toEqual([{ actor, input: { request: request(previous), idempotencyKey: previous.idempotencyKey, start: 'asking' } }]);
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

type Start = { start?: 'sending' | 'asking' } | undefined;
/** What the server holds under a key, for the action to end as the model says. */
function keyHolds(output: MoneyActionOutput): unknown {
  if (output.outcome === 'moved') return { ok: true, data: { seen: true, statusCode: 200, answer: output.result } };
  if (output.outcome === 'refused') return { ok: true, data: { seen: true, statusCode: 400, answer: { message: output.error } } };
  return output.error === 'NOT_SEEN' ? { ok: true, data: { seen: false } } : { ok: false, message: output.error };
}

/**
 * What the API answers first for the money action to end as the model says
 * (the component replays): the send's answer, or, when the action starts by
 * asking, what the key holds. An unknown end is the send's no answer
 * (NETWORK_ERROR when the server never saw the key); the question follows.
 */
export function moneyActionAnswer(output: MoneyActionOutput, input: Start): unknown {
  if (input?.start === 'asking') return keyHolds(output);
  if (output.outcome === 'moved') return { ok: true, data: output.result };
  return { ok: false, message: output.outcome === 'unknown' && output.error === 'NOT_SEEN' ? NETWORK_ERROR : output.error };
}

/** A component replay's answer of an actor: the money action's from its outcome, any other as the model gives it. */
export function apiAnswerOf(actor: string, output: unknown, input: unknown): unknown {
  return actor === 'moneyAction' ? moneyActionAnswer(output as MoneyActionOutput, input as Start) : output;
}

/**
 * The question that follows a send without an answer, answered so that the
 * action ends as the model says (a failed action: asked without an answer).
 */
export function moneyActionFollowUps(actor: string, event: AnyEventObject, input: unknown): unknown[] {
  if (actor !== 'moneyAction' || (input as Start)?.start === 'asking') return [];
  if (event.type.startsWith('xstate.error.')) return [{ ok: false, message: NETWORK_ERROR }];
  const output = event.output as MoneyActionOutput;
  return output.outcome === 'unknown' ? [keyHolds(output)] : [];
}

/** The API call of the money action's question (GET /api/idempotency/:key). */
export function askCall(idempotencyKey: string) {
  return { name: 'idempotencyOutcome', args: [{ params: { key: idempotencyKey } }] };
}

/** The retry button's name in outcomeUnknown: send again when the server never saw the key, else check again. */
export function retryButton(error: string | null): string {
  return error === 'NOT_SEEN' ? 'Send again' : 'Check again';
}

/** What a money modal's view queries (testing-library's `within(dialog)`). */
interface ViewQueries {
  getByText(text: string): HTMLElement;
  getByRole(role: string, options: { name: string }): HTMLElement;
}

/**
 * The unknown-outcome panel (docs/decisions/0145-a-flaky-network.md): never
 * seen, nothing moved and Send again; else not known yet, the reason, and
 * Check again.
 */
export function expectOutcomeUnknown(view: ViewQueries, error: string | null, reason: string): void {
  if (error === 'NOT_SEEN') {
    expect(view.getByText('Your money did not move')).toBeTruthy();
  } else {
    expect(view.getByText('We do not know yet whether it went through')).toBeTruthy();
    expect(view.getByText(reason)).toBeTruthy();
  }
  expect(view.getByRole('button', { name: retryButton(error) })).toBeTruthy();
}
