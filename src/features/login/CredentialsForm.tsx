/**
 * The login form the members' login and the operators' share (spec 2 Login,
 * spec 5): phone and password, what else the form takes (`children`: the
 * remember-me box, the authenticator code), the error line and the button.
 * The machines own the rules (machines/shared/credentials.ts).
 */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { ErrorLine } from '../ui/ErrorLine.tsx';
import { Field } from '../ui/Field.tsx';

export function CredentialsForm({
  errorId,
  username,
  password,
  error,
  busy,
  onChange,
  onSubmit,
  children,
}: {
  /** The error line's id, which the fields name while the error shows (the parent's extra fields too). */
  errorId: string;
  username: string;
  password: string;
  error: string | null;
  busy: boolean;
  onChange: (field: 'username' | 'password', value: string) => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="card stack"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        preloadMessageTexts();
        onSubmit();
      }}
    >
      <Field
        label={<Trans>Phone number</Trans>}
        name="username"
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        required
        value={username}
        onValueChange={(value) => onChange('username', value)}
        invalid={error !== null}
        errorId={errorId}
      />
      <Field
        label={<Trans>Password</Trans>}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={(value) => onChange('password', value)}
        invalid={error !== null}
        errorId={errorId}
      />
      {children}
      <ErrorLine id={errorId}>{error && <MessageText message={error} />}</ErrorLine>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
      </button>
    </form>
  );
}
