/** One button's fields in the builders: what kind, its title, and (for web, call and postback) what it does. */
import { Trans, useLingui } from '@lingui/react/macro';
import { BUTTON_TYPES, type ButtonType } from '../../../contract/chat.ts';
import { CHAT_PAYLOAD_MAX, CHAT_TITLE_MAX } from '../../../contract/rules/chat.ts';
import { Field } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { buttonProblem, type ButtonDraft } from './builder-rules.ts';

interface Props {
  button: ButtonDraft;
  onChange: (button: ButtonDraft) => void;
  /** Show what is wrong (after a first try to send). */
  checked: boolean;
}

export function ButtonFields({ button, onChange, checked }: Props) {
  const { t } = useLingui();
  const problem = checked ? buttonProblem(button) : null;
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
        invalid={problem === 'title'}
        onValueChange={(title) => onChange({ ...button, title })}
        hint={problem === 'title' ? <Trans>Write a title of up to 80 characters.</Trans> : undefined}
      />
      {button.type !== 'text' && (
        <Field
          label={button.type === 'web' ? <Trans>Web address</Trans> : button.type === 'call' ? <Trans>Phone number</Trans> : <Trans>Value sent back</Trans>}
          value={button.payload}
          type={button.type === 'web' ? 'url' : button.type === 'call' ? 'tel' : 'text'}
          inputMode={button.type === 'call' ? 'tel' : undefined}
          maxLength={CHAT_PAYLOAD_MAX}
          invalid={problem !== null && problem !== 'title'}
          onValueChange={(payload) => onChange({ ...button, payload })}
          hint={
            problem === 'web' ? (
              <Trans>Write an address that starts with https://</Trans>
            ) : problem === 'call' ? (
              <Trans>Write a phone number.</Trans>
            ) : problem === 'postback' ? (
              <Trans>Write the value this button sends back.</Trans>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
