/** A form the app checks itself (noValidate): submitting runs `onSubmit`, never a page load. */
import type { ReactNode } from 'react';

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
