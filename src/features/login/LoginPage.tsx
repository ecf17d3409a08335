/**
 * Login (spec 2 Login, spec 5): phone and password, remember-me, an inline
 * error line that the machine clears on input, and a link to registration.
 * Its markup is its own, error line included, rather than pieces shared with
 * the operators' login (OpsLoginPage): this page is /login's first chunk,
 * where each shared component costs bytes of a spent budget
 * (docs/decisions/0118-login-chunk-keeps-its-own-code.md).
 */
import { useId, useLayoutEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginActors } from '../../../machines/login/login.actors.ts';
import { loginMachine } from '../../../machines/login/login.machine.ts';
import { useApi, useSession } from '../../app/use-app.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { LOGIN_INTERACTIVE_MARK } from './interactive-mark.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { AlertIcon } from '../ui/icons.tsx';

export function LoginPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Log in`);
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const errorId = useId();
  useLayoutEffect(() => void performance.mark(LOGIN_INTERACTIVE_MARK), []);

  const login = useActorRef(
    loginMachine.provide({
      actors: loginActors(api),
      actions: {
        signedIn: (_, params: { token: string; remember: boolean }) => {
          session.send({ type: 'session.signIn', token: params.token, remember: params.remember });
          void navigate({ to: '/user' });
        },
      },
    }),
  );
  const username = useSelector(login, (snapshot) => snapshot.context.username);
  const password = useSelector(login, (snapshot) => snapshot.context.password);
  const remember = useSelector(login, (snapshot) => snapshot.context.remember);
  const error = useSelector(login, (snapshot) => snapshot.context.error);
  const busy = useSelector(login, (snapshot) => snapshot.hasTag('submitting') || snapshot.hasTag('done'));

  return (
    <div className="stack stack--page auth">
      <div className="auth__intro">
        <h1>
          <Trans>Log in</Trans>
        </h1>
        <p className="muted">
          <Trans>Use the phone number and password you registered with.</Trans>
        </p>
      </div>
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
        <label className="checkbox">
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => login.send({ type: 'remember.set', value: event.target.checked })}
          />
          <span>
            <Trans>Remember me on this device</Trans>
          </span>
        </label>
        <p id={errorId} className="form-error" role="alert">
          {error && (
            <>
              <AlertIcon size={20} />
              <span>
                <MessageText message={error} />
              </span>
            </>
          )}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </button>
      </form>
      <p className="center">
        <Trans>New here?</Trans>{' '}
        <Link to="/register" className="text-link">
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </div>
  );
}
