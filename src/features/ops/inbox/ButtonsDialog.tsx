/**
 * Builds a message with buttons (up to 3, shown under the text) or quick
 * replies (up to 10 chips the customer taps once): a text, then each
 * button's kind, title and what it does (spec 3 button). The form is
 * machines/reply-builder's: it checks every field by the chat's rules when
 * the agent sends, and this view says, field by field, what was refused.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { builderRefusals, MOST_CHOICES, shownButtons } from '../../../../machines/reply-builder/built-message.ts';
import { CHAT_TEXT_MAX } from '../../../contract/rules/chat.ts';
import { newDeliverId } from '../../chat-shared/deliver-id.ts';
import { BuilderDialog, ItemHead } from './BuilderParts.tsx';
import type { BuilderRef } from './builder-ref.ts';
import { ButtonFields } from './ButtonFields.tsx';
import { PlusIcon } from './inbox-icons.tsx';

export default function ButtonsDialog({ builder, onClose }: { builder: BuilderRef; onClose: () => void }) {
  const { t } = useLingui();
  const textId = useId();
  const choice = useSelector(builder, (snapshot) => snapshot.context.choice);
  const text = useSelector(builder, (snapshot) => snapshot.context.text);
  const buttons = useSelector(builder, (snapshot) => shownButtons(snapshot.context));
  const checked = useSelector(builder, (snapshot) => snapshot.hasTag('checked'));
  const refusals = useSelector(builder, (snapshot) => builderRefusals(snapshot.context));
  const textRefused = checked && refusals.text !== null;

  return (
    <BuilderDialog title={<Trans>Buttons or quick replies</Trans>} onClose={onClose} onSubmit={() => builder.send({ type: 'builder.send', id: newDeliverId() })}>
      <fieldset className="segmented">
        <legend className="field__label">
          <Trans>Show them as</Trans>
        </legend>
        <label className="segmented__option">
          <input type="radio" name="kind" checked={choice === 'buttons'} onChange={() => builder.send({ type: 'builder.choose', choice: 'buttons' })} />
          <span>
            <Trans>Buttons (up to 3)</Trans>
          </span>
        </label>
        <label className="segmented__option">
          <input type="radio" name="kind" checked={choice === 'quick_replies'} onChange={() => builder.send({ type: 'builder.choose', choice: 'quick_replies' })} />
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
          aria-invalid={textRefused || undefined}
          onChange={(event) => builder.send({ type: 'builder.text', text: event.target.value })}
        />
        {textRefused && (
          <p className="field__hint error-text">
            <Trans>Write a message of 1 to 2,000 characters.</Trans>
          </p>
        )}
      </div>
      <ol className="builder-list">
        {buttons.map((button, index) => {
          const number = index + 1;
          return (
            <li key={index} className="builder-item">
              <ItemHead
                name={<Trans>Button {number}</Trans>}
                removeLabel={t`Remove this button`}
                onRemove={buttons.length > 1 ? () => builder.send({ type: 'builder.removeButton', index }) : undefined}
              />
              <ButtonFields
                button={button}
                refusal={checked ? (refusals.buttons[index] ?? null) : null}
                onChange={(changed) => builder.send({ type: 'builder.button', index, button: changed })}
              />
            </li>
          );
        })}
      </ol>
      {buttons.length < MOST_CHOICES[choice] && (
        <button type="button" className="icon-text-button" onClick={() => builder.send({ type: 'builder.addButton' })}>
          <PlusIcon size={20} />
          <Trans>Add a button</Trans>
        </button>
      )}
    </BuilderDialog>
  );
}
