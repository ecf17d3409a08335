/**
 * The operators' login (README "Operators"; machines/ops-login): phone,
 * password and the code of their authenticator app (TOTP, 6 digits).
 * Operators are not members: the token goes to the operator's own storage,
 * and the member's session is left as it was.
 */
import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { opsLoginActors } from '../../../machines/ops-login/ops-login.actors.ts';
import { opsLoginMachine } from '../../../machines/ops-login/ops-login.machine.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { AlertIcon } from '../ui/icons.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { ErrorLine } from '../ui/Form.tsx';
import { opsApi, opsSession, useOpsSessionEnd } from './ops-session.ts';

export function OpsLoginPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Operator login`);
  const navigate = useNavigate();
  const errorId = useId();
  const ended = useOpsSessionEnd();

  const login = useActorRef(
    opsLoginMachine.provide({
      actors: opsLoginActors(opsApi),
      actions: {
        signedIn: (_, { token }) => {
          opsSession.signIn(token);
          void navigate({ to: '/ops/$', params: { _splat: '' }, replace: true });
        },
      },
    }),
  );
  const username = useSelector(login, (snapshot) => snapshot.context.username);
  const password = useSelector(login, (snapshot) => snapshot.context.password);
  const otpCode = useSelector(login, (snapshot) => snapshot.context.otpCode);
  const error = useSelector(login, (snapshot) => snapshot.context.error);
  const busy = useSelector(login, (snapshot) => snapshot.hasTag('submitting') || snapshot.hasTag('done'));

  return (
    <div className="stack stack--page auth ops-login">
      <div className="auth__intro">
        <h1>
          <Trans>Operator login</Trans>
        </h1>
        <p className="muted">
          <Trans>For operators: your operator phone number, password and the code from your authenticator app.</Trans>
        </p>
      </div>
      {ended === 'idle' && error === null && (
        <p className="form-error" role="status">
          <AlertIcon size={20} />
          <span>
            <Trans>You were logged out after 30 minutes without activity.</Trans>
          </span>
        </p>
      )}
      {ended === 'invalid-token' && error === null && (
        <p className="form-error" role="status">
          <AlertIcon size={20} />
          <span>
            <Trans>Your session ended. Log in again.</Trans>
          </span>
        </p>
      )}
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
        <Field
          label={<Trans>Authenticator code</Trans>}
          name="otpCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          className="field__input field__input--code"
          maxLength={6}
          value={otpCode}
          onValueChange={(value) => login.send({ type: 'field.change', field: 'otpCode', value })}
          hint={<Trans>6 digits from your authenticator app.</Trans>}
          invalid={error !== null}
          errorId={errorId}
        />
        <ErrorLine id={errorId}>{error && <MessageText message={error} />}</ErrorLine>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </button>
      </form>
    </div>
  );
}
