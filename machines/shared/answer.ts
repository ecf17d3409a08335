/**
 * The three ends of a call an I/O actor makes, written once: an ok answer,
 * a refusal (a catalogue code, resolved as data), no answer (rejected).
 * Machines list `succeeded` in their guards and spread `onAnswer(...)` into
 * an invoke instead of writing the onDone/onError triad each time.
 */
import { actorOutput } from './actors.ts';
import { failureMessage, NETWORK_ERROR, type Result } from './result.ts';

/** The guard an answer routes on: the server said yes. */
export const succeeded = (_: unknown, answer: { ok: boolean }): boolean => answer.ok;

/** The failed end's params when the call answered with a failure: the server's code. */
export function answeredFailure({ event }: { event: { output: Result<unknown> } }): { message: string } {
  return { message: failureMessage(event.output) };
}

/** The failed end's params when no answer came. */
export function noAnswer(): { message: string } {
  return { message: NETWORK_ERROR };
}

type Outcome = {
  target?: string;
  /** Gets the answer (ok) or { message } (failed) as its params. */
  action?: string;
  /** Run after it, without params. */
  then?: readonly string[];
};

/**
 * The ok end may also give its action params of its own (what a view's
 * action takes) instead of the answer: `params`, a params mapper.
 */
type OkOutcome = Outcome & { params?: unknown };

type OkParams<Ok> = Ok extends { params: infer Params } ? Params : typeof actorOutput;

/**
 * An outcome's actions, typed from the outcome itself (an outcome without an
 * action has none), so that a call names only the machine's own actions.
 */
type ActionsOf<End, Params> = Array<
  (End extends { action: infer Action extends string } ? { type: Action; params: Params } : never) |
  (End extends { then: readonly (infer Then)[] } ? Then : never)
>;

/**
 * `ok` runs when the answer is ok; `failed` for a refusal (its message is
 * the server's code) and for no answer (NETWORK_ERROR), so the view shows
 * one failure whichever it was. `before` are onDone branches tried first:
 * answers with a meaning of their own (a refusal that leads elsewhere, an ok
 * answer of a special kind), written as in any onDone.
 */
export function onAnswer<const Ok extends OkOutcome, const Failed extends Outcome, const Before extends readonly object[] = []>(
  ok: Ok,
  failed: Failed,
  before?: Before,
) {
  const actions = (outcome: Outcome, params: unknown) => [
    ...(outcome.action ? [{ type: outcome.action, params }] : []),
    ...(outcome.then ?? []),
  ];
  return {
    onDone: [
      ...(before ?? ([] as unknown as Before)),
      {
        guard: { type: 'succeeded' as const, params: actorOutput },
        target: ok.target,
        actions: actions(ok, ok.params ?? actorOutput) as ActionsOf<Ok, OkParams<Ok>>,
      },
      { target: failed.target, actions: actions(failed, answeredFailure) as ActionsOf<Failed, typeof answeredFailure> },
    ],
    onError: { target: failed.target, actions: actions(failed, noAnswer) as ActionsOf<Failed, typeof noAnswer> },
  };
}

/**
 * The guard of a money call that dual control may hold back: the server
 * answered 202 `{ message: 'APPROVAL_REQUIRED', approvalId }` (the
 * contract's ApprovalRequired; docs/decisions/0121-dual-control.md), so
 * nothing moved yet and the request waits for a second operator.
 */
export const approvalAsked = (_: unknown, answer: Result<object>): boolean =>
  answer.ok && 'message' in answer.data && answer.data.message === 'APPROVAL_REQUIRED' && 'approvalId' in answer.data;
