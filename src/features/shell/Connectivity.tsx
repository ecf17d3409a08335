/**
 * The member shell's connectivity (docs/decisions/0145-a-flaky-network.md):
 * the one actor (machines/connectivity) that hears the browser's online and
 * offline events and whether each request got an answer (src/api/answer.ts),
 * given to the views through context, and the banner that says the app is
 * offline. Offline is a state, not an error: reads wait and start again.
 */
import { useContext, useEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { connectivityActors } from '../../../machines/connectivity/connectivity.actors.ts';
import { connectivityMachine } from '../../../machines/connectivity/connectivity.machine.ts';
import { onReached } from '../../api/answer.ts';
import { ConnectivityContext } from '../../app/connectivity.ts';
import { useApi } from '../../app/use-app.ts';
import { useMachineOnce } from '../ui/use-machine-once.ts';

export function ConnectivityProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const connectivity = useActorRef(useMachineOnce(() => connectivityMachine.provide({ actors: connectivityActors(api) })));
  useEffect(() => {
    const online = () => connectivity.send({ type: 'browser.online' });
    const offline = () => connectivity.send({ type: 'browser.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (!navigator.onLine) offline();
    const stopHearing = onReached((answered) => connectivity.send({ type: answered ? 'request.answered' : 'request.unanswered' }));
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      stopHearing();
    };
  }, [connectivity]);
  return <ConnectivityContext.Provider value={connectivity}>{children}</ConnectivityContext.Provider>;
}

/** Under the top bar while the server is not reached; the live region stays, so its text is announced when it comes. */
export function OfflineBanner() {
  const connectivity = useContext(ConnectivityContext);
  const offline = useSelector(connectivity ?? undefined, (snapshot) => snapshot?.hasTag('offline') ?? false);
  return (
    <div className="offline-banner" role="status" data-offline={offline || undefined}>
      {offline && (
        <p className="offline-banner__text">
          <strong>
            <Trans>You are offline</Trans>
          </strong>{' '}
          <Trans>What you see may be out of date. The app carries on by itself when the connection is back.</Trans>
        </p>
      )}
    </div>
  );
}
