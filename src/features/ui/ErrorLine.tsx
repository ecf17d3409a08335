/** A form's one error line. */
import type { ReactNode, Ref } from 'react';
import { AlertIcon } from './icons.tsx';

/**
 * Empty (and hidden) without an error, so the alert is announced when it
 * fills. `id` is what the invalid fields name (aria-describedby).
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
