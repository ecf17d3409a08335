/**
 * One button's fields in the builders: what kind, its title, and (for web,
 * call and postback) what it does. Which field the chat's rules refused
 * comes from machines/reply-builder; the words for it are this view's.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ButtonDraft } from '../../../../machines/reply-builder/reply-builder.types.ts';
import { BUTTON_TYPES, type ButtonType } from '../../../contract/chat.ts';
import { CHAT_PAYLOAD_MAX, CHAT_TITLE_MAX, type BuiltRefusal } from '../../../contract/rules/chat.ts';
import { Field } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/SelectField.tsx';

interface Props {
  button: ButtonDraft;
  onChange: (button: ButtonDraft) => void;
  /** The refused field (shown once the agent tried to send); null when there is none to show. */
  refusal: BuiltRefusal<'title' | 'payload'> | null;
}

export function ButtonFields({ button, onChange, refusal }: Props) {
  const { t } = useLingui();
  const field = refusal?.field ?? null;
  const kinds: Record<ButtonType, string> = {
    postback: t`Postback (sends a value back)`,
    text: t`Text (sends its title)`,
    web: t`Web link`,
    call: t`Phone call`,
  };
  return (
    <div className="button-fields">
      <SelectField
        label={<Trans>Kind</Trans>}
        placeholder={t`Choose a kind`}
        value={button.type}
        options={BUTTON_TYPES.map((type) => ({ value: type, label: kinds[type] }))}
        onValueChange={(type) => onChange({ ...button, type: type as ButtonType })}
      />
      <Field
        label={<Trans>Title</Trans>}
        value={button.title}
        maxLength={CHAT_TITLE_MAX}
        invalid={field === 'title'}
        onValueChange={(title) => onChange({ ...button, title })}
        hint={field === 'title' ? <Trans>Write a title of up to 80 characters.</Trans> : undefined}
      />
      {button.type !== 'text' && (
        <Field
          label={button.type === 'web' ? <Trans>Web address</Trans> : button.type === 'call' ? <Trans>Phone number</Trans> : <Trans>Value sent back</Trans>}
          value={button.payload}
          type={button.type === 'web' ? 'url' : button.type === 'call' ? 'tel' : 'text'}
          inputMode={button.type === 'call' ? 'tel' : undefined}
          maxLength={CHAT_PAYLOAD_MAX}
          invalid={field === 'payload'}
          onValueChange={(payload) => onChange({ ...button, payload })}
          hint={
            field !== 'payload' ? undefined : button.type === 'web' ? (
              <Trans>Write an address that starts with https://</Trans>
            ) : button.type === 'call' ? (
              <Trans>Write a phone number.</Trans>
            ) : (
              <Trans>Write the value this button sends back.</Trans>
            )
          }
        />
      )}
    </div>
  );
}
