/**
 * What the inbox's dialogs that build something share: the dialog with its
 * form, the head of one item in a list (its name and a remove button), and
 * the form's submit and cancel buttons.
 */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Modal } from '../../ui/Modal.tsx';
import { TrashIcon } from './inbox-icons.tsx';

export function BuilderDialog({ title, onClose, onSubmit, children }: { title: ReactNode; onClose: () => void; onSubmit: () => void; children: ReactNode }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} size="wide">
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormButtons submit={<Trans>Send</Trans>} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export function FormButtons({ submit, disabled, onCancel }: { submit: ReactNode; disabled?: boolean; onCancel: () => void }) {
  return (
    <div className="button-row">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {submit}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
    </div>
  );
}

/** An item's name, and a button that removes it when there is one to spare. */
export function ItemHead({ name, removeLabel, onRemove }: { name: ReactNode; removeLabel: string; onRemove?: () => void }) {
  return (
    <div className="builder-item__head">
      <span className="field__label">{name}</span>
      {onRemove && (
        <button type="button" className="icon-button" aria-label={removeLabel} onClick={onRemove}>
          <TrashIcon size={20} />
        </button>
      )}
    </div>
  );
}
