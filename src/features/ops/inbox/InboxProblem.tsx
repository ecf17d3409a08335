/** What could not be done, said with the alert icon, and a way to try again (the socket, the list, a conversation). */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { AlertIcon } from '../../ui/icons.tsx';

export function InboxProblem({ className, children, onRetry }: { className: string; children: ReactNode; onRetry?: () => void }) {
  return (
    <div className={className} role="alert">
      <p className="form-error">
        <AlertIcon size={20} />
        <span>{children}</span>
      </p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
