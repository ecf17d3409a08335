/**
 * A form the app checks itself (noValidate): submitting runs `onSubmit`,
 * never a page load. Beside it, a field whose value a machine holds.
 */
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

export function Form({ className = 'stack', busy, onSubmit, children }: { className?: string; busy?: boolean; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className={className}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

type FormActor<TField extends string> = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): { context: Record<TField, string> };
  send(event: { type: 'field.change'; field: TField; value: string }): void;
};

/**
 * A field a machine holds (the registration wizard, the change-password
 * dialog): its value from the context, typing sent as `field.change`. Spread
 * into a Field or SelectField. Here rather than in a module of its own: a
 * module that small would be a chunk of its own, one more name in /login's
 * first chunk, which has a budget (docs/decisions/0013-login-budget-120-kb.md).
 */
export function useMachineField<TField extends string>(machine: FormActor<TField>, field: TField) {
  return {
    value: useSelector(machine, (snapshot) => snapshot.context[field]),
    onValueChange: (value: string) => machine.send({ type: 'field.change', field, value }),
  };
}
