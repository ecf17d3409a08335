/**
 * The three ends of a call an I/O actor makes, written once: an ok answer,
 * a refusal (a catalogue code, resolved as data), no answer (rejected).
 * Machines list `succeeded` in their guards and spread `onAnswer(...)` into
 * an invoke instead of writing the onDone/onError triad each time.
 */
import { actorOutput } from './actors.ts';
import { answeredFailure, noAnswer } from './read-failure.ts';

/** The guard an answer routes on: the server said yes. */
export const succeeded = (_: unknown, answer: { ok: boolean }): boolean => answer.ok;

type Outcome<Ok extends string, Extra extends string> = {
  target?: string;
  /** Gets the answer (ok) or { message } (failed) as its params. */
  action?: Ok;
  /** Run after it, without params. */
  then?: readonly Extra[];
};

/**
 * `ok` runs when the answer is ok; `failed` for a refusal (its message is
 * the server's code) and for no answer (NETWORK_ERROR), so the view shows
 * one failure whichever it was.
 */
export function onAnswer<const OkAction extends string, const FailedAction extends string, const Extra extends string = never>(
  ok: Outcome<OkAction, Extra>,
  failed: Outcome<FailedAction, Extra>,
) {
  const actions = <A extends string, P>(outcome: Outcome<A, Extra>, params: P) => [
    ...(outcome.action ? [{ type: outcome.action, params }] : []),
    ...(outcome.then ?? []),
  ];
  return {
    onDone: [
      { guard: { type: 'succeeded' as const, params: actorOutput }, target: ok.target, actions: actions(ok, actorOutput) },
      { target: failed.target, actions: actions(failed, answeredFailure) },
    ],
    onError: { target: failed.target, actions: actions(failed, noAnswer) },
  };
}
