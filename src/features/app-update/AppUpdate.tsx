/**
 * The member app's service worker and its "new version" prompt
 * (machines/app-update, docs/decisions/0142-installable-app-and-its-worker.md).
 * Loaded lazily by the member shell once it has rendered, so neither
 * workbox-window nor this code is part of any page's first load.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { appUpdateMachine } from '../../../machines/app-update/app-update.machine.ts';
import { registerAppWorker, type AppWorker } from './worker.ts';
import './app-update.css';

export default function AppUpdate() {
  const worker = useRef<AppWorker | null>(null);
  const update = useActorRef(appUpdateMachine.provide({ actions: { applyUpdate: () => worker.current?.applyUpdate() } }));
  const prompt = useSelector(update, (snapshot) => snapshot.hasTag('prompt'));
  const reloading = useSelector(update, (snapshot) => snapshot.hasTag('reloading'));

  useEffect(() => {
    worker.current ??= registerAppWorker(() => update.send({ type: 'update.ready' }));
  }, [update]);

  if (!prompt && !reloading) return null;
  return (
    <div className="app-update" role="status">
      <p className="app-update__text">
        <Trans>A new version is ready.</Trans>
      </p>
      <div className="app-update__actions">
        <button type="button" className="button button--secondary" disabled={reloading} onClick={() => update.send({ type: 'update.later' })}>
          <Trans>Later</Trans>
        </button>
        <button type="button" className="button button--primary" disabled={reloading} onClick={() => update.send({ type: 'update.reload' })}>
          <Trans>Reload</Trans>
        </button>
      </div>
    </div>
  );
}
