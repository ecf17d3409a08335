/**
 * Canned replies: the agent picks one to put into the reply box (and may
 * change it there before sending). An admin also adds, changes and deletes
 * them; an agent who is refused (not an admin) no longer sees those controls.
 */
import { useEffect, useId, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CannedReply } from '../../../contract/chat.ts';
import { CHAT_TEXT_MAX, CHAT_TITLE_MAX, cannedReplyRefusal } from '../../../contract/rules/chat.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { Field } from '../../ui/Field.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { FormButtons } from './BuilderParts.tsx';
import { useRunningChild } from './inbox-context.ts';
import { EditIcon, PlusIcon, TrashIcon } from './inbox-icons.tsx';

interface Props {
  onClose: () => void;
  onInsert: (text: string) => void;
}

/** The reply being written: a new one (id null) or a change to one. */
interface Editing {
  id: string | null;
  title: string;
  text: string;
}

export default function CannedDialog({ onClose, onInsert }: Props) {
  const canned = useRunningChild('canned');
  const replies = useSelector(canned, (snapshot) => snapshot.context.canned);
  const error = useSelector(canned, (snapshot) => snapshot.context.cannedError);
  const canEdit = useSelector(canned, (snapshot) => snapshot.context.canEditCanned !== false);
  const loading = useSelector(canned, (snapshot) => snapshot.hasTag('canned:loading'));
  const failed = useSelector(canned, (snapshot) => snapshot.hasTag('canned:failed'));
  const saving = useSelector(canned, (snapshot) => snapshot.hasTag('canned:saving'));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    canned.send({ type: 'canned.open' });
  }, [canned]);

  // A change the server took closes its form (the machine says so); a refusal keeps it, with the reason.
  useEffect(() => {
    const subscription = canned.on('canned.saved', () => {
      setEditing(null);
      setDeleting(null);
    });
    return () => subscription.unsubscribe();
  }, [canned]);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={<Trans>Canned replies</Trans>} size="wide">
      <div className="stack">
        {error && (
          <p className="form-error" role="alert">
            <AlertIcon size={20} />
            <span>
              {error === 'UNAUTHORIZED' ? <Trans>Only an admin can change canned replies.</Trans> : <MessageText message={error} />}
            </span>
          </p>
        )}
        {failed && (
          <button type="button" className="button button--secondary" onClick={() => canned.send({ type: 'canned.open' })}>
            <Trans>Try again</Trans>
          </button>
        )}
        {loading && (
          <div aria-hidden="true" className="stack">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        )}
        {!loading && !failed && replies.length === 0 && (
          <p className="muted">
            <Trans>No canned replies yet.</Trans>
          </p>
        )}
        <ul className="canned-list">
          {replies.map((reply) =>
            editing?.id === reply.id ? (
              <li key={reply.id}>
                <CannedForm editing={editing} onChange={setEditing} busy={saving} onCancel={() => setEditing(null)} />
              </li>
            ) : (
              <CannedItem
                key={reply.id}
                reply={reply}
                canEdit={canEdit}
                deleting={deleting === reply.id}
                saving={saving}
                onInsert={() => onInsert(reply.text)}
                onEdit={() => setEditing(toEditing(reply))}
                onDelete={(asking) => setDeleting(asking ? reply.id : null)}
              />
            ),
          )}
        </ul>
        {canEdit && !loading && !failed && (
          editing?.id === null ? (
            <CannedForm editing={editing} onChange={setEditing} busy={saving} onCancel={() => setEditing(null)} />
          ) : (
            <button type="button" className="icon-text-button" onClick={() => setEditing({ id: null, title: '', text: '' })}>
              <PlusIcon size={20} />
              <Trans>Add a canned reply</Trans>
            </button>
          )
        )}
      </div>
    </Modal>
  );
}

const toEditing = (reply: CannedReply): Editing => ({ id: reply.id, title: reply.title, text: reply.text });

interface ItemProps {
  reply: CannedReply;
  canEdit: boolean;
  /** Asking whether to delete it. */
  deleting: boolean;
  saving: boolean;
  onInsert: () => void;
  onEdit: () => void;
  onDelete: (asking: boolean) => void;
}

function CannedItem({ reply, canEdit, deleting, saving, onInsert, onEdit, onDelete }: ItemProps) {
  const { t } = useLingui();
  const canned = useRunningChild('canned');
  const title = reply.title;
  return (
    <li className="canned-item">
      <button type="button" className="canned-item__use" onClick={onInsert}>
        <span className="canned-item__title">{title}</span>
        <span className="canned-item__text small muted">{reply.text}</span>
      </button>
      {canEdit && (
        <div className="canned-item__edit">
          {deleting ? (
            <>
              <span className="small">
                <Trans>Delete this reply?</Trans>
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={saving}
                onClick={() => canned.send({ type: 'canned.change', change: { action: 'delete', id: reply.id } })}
              >
                <Trans>Delete</Trans>
              </button>
              <button type="button" className="button button--ghost" onClick={() => onDelete(false)}>
                <Trans>Keep</Trans>
              </button>
            </>
          ) : (
            <>
              <button type="button" className="icon-button" aria-label={t`Change ${title}`} onClick={onEdit}>
                <EditIcon size={20} />
              </button>
              <button type="button" className="icon-button" aria-label={t`Delete ${title}`} onClick={() => onDelete(true)}>
                <TrashIcon size={20} />
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

function CannedForm({ editing, onChange, busy, onCancel }: { editing: Editing; onChange: (editing: Editing) => void; busy: boolean; onCancel: () => void }) {
  const canned = useRunningChild('canned');
  const textId = useId();
  const complete = cannedReplyRefusal(editing) === null;
  return (
    <form
      className="card stack canned-form"
      onSubmit={(event) => {
        event.preventDefault();
        canned.send({ type: 'canned.change', change: { action: 'save', ...editing } });
      }}
    >
      <Field label={<Trans>Title</Trans>} value={editing.title} maxLength={CHAT_TITLE_MAX} required onValueChange={(title) => onChange({ ...editing, title })} />
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          <Trans>Text</Trans>
        </label>
        <textarea
          id={textId}
          className="field__input"
          rows={3}
          maxLength={CHAT_TEXT_MAX}
          required
          value={editing.text}
          onChange={(event) => onChange({ ...editing, text: event.target.value })}
        />
      </div>
      <FormButtons submit={busy ? <Trans>Saving…</Trans> : <Trans>Save</Trans>} disabled={busy || !complete} onCancel={onCancel} />
    </form>
  );
}
