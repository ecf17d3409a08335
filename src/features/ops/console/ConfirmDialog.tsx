/**
 * The console's confirmation before an action (UI.md: every action that
 * moves money says what will happen and asks once): what it does, one
 * button that does it (its label while the machine works), and Cancel.
 * Open while the machine asks or works; it cannot be closed mid-call.
 * What else there is to read, or the line that says why the call failed,
 * comes as children, above the buttons.
 */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Modal } from '../../ui/Modal.tsx';

interface ConfirmDialogProps {
  open: boolean;
  /** The machine is calling the server: both buttons wait, and the dialog stays. */
  busy: boolean;
  title: ReactNode;
  /** What the action does; nothing when the title says it all. */
  description: ReactNode;
  /** The confirming button's label, and its label while the call runs (the same when not given). */
  confirm: ReactNode;
  working?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** More to read before confirming (a reference, a note), or the failure's line. */
  children?: ReactNode;
}

export function ConfirmDialog({ open, busy, title, description, confirm, working, onConfirm, onCancel, children }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={(isOpen) => !isOpen && !busy && onCancel()} canClose={() => !busy} title={title} description={description}>
      <div className="stack">
        {children}
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
            {busy && working !== undefined ? working : confirm}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}
