/**
 * A form the app checks itself (noValidate): submitting runs `onSubmit`,
 * never a page load. Beside it, the form's one error line and a field
 * whose value a machine holds.
 */
import type { ReactNode, Ref } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { AlertIcon } from './icons.tsx';

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

/**
 * The form's one error line: empty (and hidden) without an error, so the
 * alert is announced when it fills. `id` is what the invalid fields name
 * (aria-describedby).
 */
export function ErrorLine({ id, ref, children }: { id?: string; ref?: Ref<HTMLParagraphElement>; children: ReactNode }) {
  return (
    <p id={id} ref={ref} className="form-error" role="alert">
      {children ? (
        <>
          <AlertIcon size={20} />
          <span>{children}</span>
        </>
      ) : null}
    </p>
  );
}

type FormActor<TField extends string> = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): { context: Record<TField, string> };
  send(event: { type: 'field.change'; field: TField; value: string }): void;
};

/**
 * A field a machine holds (the registration wizard, the change-password
 * dialog): its value from the context, typing sent as `field.change`. Spread
 * into a Field or SelectField. These pieces share one module: each module
 * the lazy pages share apart is a chunk of its own, one more name in
 * /login's first chunk (docs/decisions/0118-login-chunk-keeps-its-own-code.md).
 */
export function useMachineField<TField extends string>(machine: FormActor<TField>, field: TField) {
  return {
    value: useSelector(machine, (snapshot) => snapshot.context[field]),
    onValueChange: (value: string) => machine.send({ type: 'field.change', field, value }),
  };
}
