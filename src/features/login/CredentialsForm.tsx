/**
 * The login form the members' login and the operators' share (spec 2 Login,
 * spec 5): phone and password, what else the form takes (`children`: the
 * remember-me box, the authenticator code), the error line and the button,
 * all read from the form's machine (machines/shared/credentials.ts).
 */
import { useId, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { ErrorLine } from '../ui/ErrorLine.tsx';
import { Field } from '../ui/Field.tsx';

/** A login form's machine (machines/login, machines/ops-login). */
type CredentialsActor = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): { context: { username: string; password: string; error: string | null }; hasTag(tag: string): boolean };
  send(event: { type: 'field.change'; field: 'username' | 'password'; value: string } | { type: 'login.submit' }): void;
};

export function CredentialsForm({
  login,
  children,
}: {
  login: CredentialsActor;
  /** The form's own fields, given the error line's id, which they name while the error shows. */
  children: (errorId: string) => ReactNode;
}) {
  const errorId = useId();
  const username = useSelector(login, (snapshot) => snapshot.context.username);
  const password = useSelector(login, (snapshot) => snapshot.context.password);
  const error = useSelector(login, (snapshot) => snapshot.context.error);
  const busy = useSelector(login, (snapshot) => snapshot.hasTag('submitting') || snapshot.hasTag('done'));
  return (
    <form
      className="card stack"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        preloadMessageTexts();
        login.send({ type: 'login.submit' });
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
        onValueChange={(value) => login.send({ type: 'field.change', field: 'username', value })}
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
        onValueChange={(value) => login.send({ type: 'field.change', field: 'password', value })}
        invalid={error !== null}
        errorId={errorId}
      />
      {children(errorId)}
      <ErrorLine id={errorId}>{error && <MessageText message={error} />}</ErrorLine>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
      </button>
    </form>
  );
}
