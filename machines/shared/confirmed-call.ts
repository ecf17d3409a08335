/**
 * A call the operator confirms first, written once: the confirmation sends
 * nothing until it is confirmed; then the call, during which the dialog
 * waits; a refusal (or no answer) comes back to the confirmation with its
 * reason, and may be confirmed again. Machines spread the two states it
 * answers into their `states`, naming them and the events their own way.
 * The machine lists `clearFailure` and `showFailure` ({ message }) among its
 * actions and `succeeded` among its guards (answer.ts).
 */
import { onAnswer } from './answer.ts';

type OkOutcome = Parameters<typeof onAnswer>[0];

export interface ConfirmedCall<Confirming extends string, Calling extends string, Confirm extends string, Cancel extends string, Cancelled, Src extends string, Input, Ok extends OkOutcome> {
  /** The two states' names and what each is, for the chart. */
  states: { confirming: { name: Confirming; description: string }; calling: { name: Calling; description: string } };
  on: { confirm: Confirm; cancel: Cancel };
  /** Where cancel leads, and what it forgets. */
  cancel: Cancelled;
  /** The actor called (by its name in the machine's actors) and its input. */
  call: { src: Src; input: Input };
  /** The ok end, as onAnswer's. */
  ok: Ok;
}

export function confirmedCall<
  const Confirming extends string,
  const Calling extends string,
  const Confirm extends string,
  const Cancel extends string,
  const Cancelled extends { target: string; actions?: string },
  const Src extends string,
  Input,
  const Ok extends OkOutcome,
>({ states, on, cancel, call, ok }: ConfirmedCall<Confirming, Calling, Confirm, Cancel, Cancelled, Src, Input, Ok>) {
  const confirming = {
    tags: states.confirming.name,
    description: states.confirming.description,
    on: {
      [on.confirm]: { target: states.calling.name, actions: 'clearFailure' as const },
      [on.cancel]: cancel,
    } as Record<Confirm, { target: Calling; actions: 'clearFailure' }> & Record<Cancel, Cancelled>,
  };
  const calling = {
    tags: states.calling.name,
    description: states.calling.description,
    invoke: { id: call.src, src: call.src, input: call.input, ...onAnswer(ok, { target: states.confirming.name, action: 'showFailure' as const }) },
  };
  return { [states.confirming.name]: confirming, [states.calling.name]: calling } as Record<Confirming, typeof confirming> & Record<Calling, typeof calling>;
}
