/**
 * Builds a message with buttons (up to 3, shown under the text) or quick
 * replies (up to 10 chips the customer taps once): a text, then each
 * button's kind, title and what it does (spec 3 button).
 */
import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessageBody } from '../../../contract/chat.ts';
import { CHAT_BUTTONS_MAX, CHAT_QUICK_REPLIES_MAX, CHAT_TEXT_MAX, chatTextRefusal } from '../../../contract/rules/chat.ts';
import { newDeliverId } from '../../chat-shared/deliver-id.ts';
import { Modal } from '../../ui/Modal.tsx';
import { buttonProblem, emptyButton, toChatButton, type ButtonDraft } from './builder-rules.ts';
import { ButtonFields } from './ButtonFields.tsx';
import { PlusIcon, TrashIcon } from './inbox-icons.tsx';

interface Props {
  onClose: () => void;
  onSend: (message: ChatMessageBody) => void;
}

/** The contract's most of each kind. */
const MOST = { buttons: CHAT_BUTTONS_MAX, quick_replies: CHAT_QUICK_REPLIES_MAX } as const;

export default function ButtonsDialog({ onClose, onSend }: Props) {
  const { t } = useLingui();
  const textId = useId();
  const [kind, setKind] = useState<'buttons' | 'quick_replies'>('buttons');
  const [text, setText] = useState('');
  const [buttons, setButtons] = useState<ButtonDraft[]>([emptyButton()]);
  const [checked, setChecked] = useState(false);
  const most = MOST[kind];
  const shown = buttons.slice(0, most);
  const textProblem = chatTextRefusal(text) !== null;

  const send = () => {
    setChecked(true);
    if (textProblem || shown.some((button) => buttonProblem(button) !== null)) return;
    onSend({
      message_type: kind,
      payload: { text: text.trim() },
      payloads: shown.map(toChatButton),
      deliver: { id: newDeliverId(), status: 'sending' },
    });
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={<Trans>Buttons or quick replies</Trans>} size="wide">
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <fieldset className="segmented">
          <legend className="field__label">
            <Trans>Show them as</Trans>
          </legend>
          <label className="segmented__option">
            <input type="radio" name="kind" checked={kind === 'buttons'} onChange={() => setKind('buttons')} />
            <span>
              <Trans>Buttons (up to 3)</Trans>
            </span>
          </label>
          <label className="segmented__option">
            <input type="radio" name="kind" checked={kind === 'quick_replies'} onChange={() => setKind('quick_replies')} />
            <span>
              <Trans>Quick replies (up to 10)</Trans>
            </span>
          </label>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={textId}>
            <Trans>Text above them</Trans>
          </label>
          <textarea
            id={textId}
            className="field__input"
            rows={2}
            maxLength={CHAT_TEXT_MAX}
            value={text}
            aria-invalid={(checked && textProblem) || undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {checked && textProblem && (
            <p className="field__hint error-text">
              <Trans>Write a message of 1 to 2,000 characters.</Trans>
            </p>
          )}
        </div>
        <ol className="builder-list">
          {shown.map((button, index) => {
            const number = index + 1;
            return (
            <li key={index} className="builder-item">
              <div className="builder-item__head">
                <span className="field__label">
                  <Trans>Button {number}</Trans>
                </span>
                {shown.length > 1 && (
                  <button type="button" className="icon-button" aria-label={t`Remove this button`} onClick={() => setButtons(buttons.filter((_, at) => at !== index))}>
                    <TrashIcon size={20} />
                  </button>
                )}
              </div>
              <ButtonFields button={button} checked={checked} onChange={(changed) => setButtons(buttons.map((other, at) => (at === index ? changed : other)))} />
            </li>
            );
          })}
        </ol>
        {shown.length < most && (
          <button type="button" className="icon-text-button" onClick={() => setButtons([...shown, emptyButton(kind === 'quick_replies' ? 'text' : 'postback')])}>
            <PlusIcon size={20} />
            <Trans>Add a button</Trans>
          </button>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            <Trans>Send</Trans>
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
