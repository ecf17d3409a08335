/**
 * A labelled select; the label is always visible. Its own module (not Field.tsx)
 * so that only the pages that use it load it.
 */
import { useId, type ReactNode } from 'react';

interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  options: { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
  name?: string;
}

export function SelectField({ label, value, onValueChange, placeholder, options, required, disabled, name }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        required={required}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
