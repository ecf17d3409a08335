/**
 * Login (spec 2 Login, spec 5): phone and password, remember-me, an inline
 * error line that the machine clears on input, and a link to registration.
 */
import { useLayoutEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginActors } from '../../../machines/login/login.actors.ts';
import { loginMachine } from '../../../machines/login/login.machine.ts';
import { useApi, useSession } from '../../app/use-app.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { CredentialsForm } from './CredentialsForm.tsx';
import { LOGIN_INTERACTIVE_MARK } from './interactive-mark.ts';

export function LoginPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Log in`);
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
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
  const remember = useSelector(login, (snapshot) => snapshot.context.remember);

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
      <CredentialsForm login={login}>
        {() => (
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
        )}
      </CredentialsForm>
      <p className="center">
        <Trans>New here?</Trans>{' '}
        <Link to="/register" className="text-link">
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </div>
  );
}
