/**
 * Fields of a console form whose draft a machine holds (machines/shared/
 * form-draft.ts): each reads its value at a dot path, sends `field.change`
 * with that path, and shows the schema's refusal at that path beside it.
 */
import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { draftAt, type Draft, type DraftValue, type FieldErrors } from '../../../../machines/shared/form-draft.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';

/** What every field of one form shares: the draft, the refusals, how a change is sent, and whether the form is locked (busy). */
export interface DraftForm {
  draft: Draft;
  errors: FieldErrors;
  change: (path: string, value: DraftValue) => void;
  disabled?: boolean;
}

function FieldError({ id, code }: { id: string; code: string | undefined }) {
  if (code === undefined) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {code === 'KEY_INVALID' ? <Trans>Check this value.</Trans> : <MessageText message={code} />}
    </p>
  );
}

const text = (value: DraftValue | undefined) => (typeof value === 'string' ? value : '');

interface DraftInputProps {
  form: DraftForm;
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  type?: 'text' | 'number' | 'datetime-local' | 'color' | 'url';
  /** Locked regardless of the form (a change may not rename an offer). */
  readOnly?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text';
}

export function DraftInput({ form, path, label, hint, type = 'text', readOnly, inputMode }: DraftInputProps) {
  const id = useId();
  const error = form.errors[path];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        // Numbers are typed as text: the schema says what is wrong with "1,5", a number input would only empty it.
        type={type === 'number' ? 'text' : type}
        inputMode={type === 'number' ? (inputMode ?? 'decimal') : inputMode}
        value={text(draftAt(form.draft, path))}
        onChange={(event) => form.change(path, event.target.value)}
        readOnly={readOnly}
        disabled={form.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} code={error} />
    </div>
  );
}

interface DraftSelectProps {
  form: DraftForm;
  path: string;
  label: ReactNode;
  options: { value: string; label: string }[];
  readOnly?: boolean;
  /** Instead of setting the leaf: a choice that replaces a part (a grant of another kind). */
  onChoose?: (value: string) => void;
}

export function DraftSelect({ form, path, label, options, readOnly, onChoose }: DraftSelectProps) {
  const id = useId();
  const error = form.errors[path];
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input field__select"
        value={text(draftAt(form.draft, path))}
        disabled={form.disabled || readOnly}
        onChange={(event) => (onChoose ? onChoose(event.target.value) : form.change(path, event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} code={error} />
    </div>
  );
}

export function DraftCheckbox({ form, path, label }: { form: DraftForm; path: string; label: ReactNode }) {
  const id = useId();
  return (
    <div className="promo-check">
      <input id={id} type="checkbox" checked={draftAt(form.draft, path) === true} disabled={form.disabled} onChange={(event) => form.change(path, event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** HTML as the operator writes it, and below it as members will see it (sanitised: SafeHtml). */
export function DraftHtml({ form, path, label, rows = 4 }: { form: DraftForm; path: string; label: ReactNode; rows?: number }) {
  const id = useId();
  const error = form.errors[path];
  const value = text(draftAt(form.draft, path));
  return (
    <div className="field promo-html">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input promo-html__source"
        rows={rows}
        value={value}
        disabled={form.disabled}
        onChange={(event) => form.change(path, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} code={error} />
      {value.trim() !== '' && (
        <div className="promo-html__preview">
          <p className="small muted">
            <Trans>As members see it</Trans>
          </p>
          <SafeHtml html={value} />
        </div>
      )}
    </div>
  );
}

/** The three languages of a text, each with its own field. */
export const LANGUAGES = [
  { code: 'th', name: 'ไทย' },
  { code: 'la', name: 'ລາວ' },
  { code: 'en', name: 'English' },
] as const;

/** A refusal of the whole form (a rule across fields: distinct slice codes, a window that ends before it starts). */
export function FormError({ errors }: { errors: FieldErrors }) {
  const whole = errors[''];
  return whole ? (
    <p className="field__error" role="alert">
      {whole === 'KEY_INVALID' ? <Trans>Check the values: some do not fit together.</Trans> : <MessageText message={whole} />}
    </p>
  ) : null;
}
