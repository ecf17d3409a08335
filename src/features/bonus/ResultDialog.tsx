/** The alert dialog of a bonus page answer (spec 8): success or the error, and OK. */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Modal } from '../ui/Modal.tsx';
import { AlertIcon, CheckIcon } from '../ui/icons.tsx';

export function ResultDialog({
  open,
  success,
  title,
  children,
  onDismiss,
}: {
  open: boolean;
  success: boolean;
  title: ReactNode;
  children: ReactNode;
  onDismiss: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
      alert
      hideClose
      title={title}
      icon={
        <div className={`result-icon ${success ? 'result-icon--success' : 'result-icon--error'}`} aria-hidden="true">
          {success ? <CheckIcon size={32} /> : <AlertIcon size={32} />}
        </div>
      }
      description={children}
    >
      <button type="button" className="button button--primary button--block" onClick={onDismiss}>
        <Trans>OK</Trans>
      </button>
    </Modal>
  );
}
