/** A labelled form field; the label is always visible (no placeholder-only fields). */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  /** id of an error line elsewhere that describes this field. */
  errorId?: string;
  invalid?: boolean;
}

export function Field({ label, value, onValueChange, hint, errorId, invalid, id, ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
