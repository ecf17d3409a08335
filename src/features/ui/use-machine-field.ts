/**
 * A form field whose value a machine holds: its value from the context and
 * typing sent as `field.change` (the registration wizard, the change-password
 * dialog). Spread into a Field or SelectField.
 */
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

type FormActor<TField extends string> = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): { context: Record<TField, string> };
  send(event: { type: 'field.change'; field: TField; value: string }): void;
};

export function useMachineField<TField extends string>(machine: FormActor<TField>, field: TField) {
  return {
    value: useSelector(machine, (snapshot) => snapshot.context[field]),
    onValueChange: (value: string) => machine.send({ type: 'field.change', field, value }),
  };
}
