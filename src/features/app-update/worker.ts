/**
 * The member app's service worker through workbox-window
 * (docs/decisions/0142-installable-app-and-its-worker.md): registered once,
 * it tells when a newer deployment's worker waits, and on request lets that
 * worker take over and reloads the page onto it. Nothing here reloads by
 * itself: the worker was built without skipWaiting (registerType 'prompt').
 */
import { Workbox } from 'workbox-window';

const WORKER_URL = '/sw.js';

export interface AppWorker {
  /** The waiting worker takes over; the page reloads when it controls the page. */
  applyUpdate: () => void;
}

/** Registers the worker (production builds only); `onUpdateReady` runs when a new version waits, now or later. */
export function registerAppWorker(onUpdateReady: () => void): AppWorker | null {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return null;
  const workbox = new Workbox(WORKER_URL, { scope: '/' });
  // Also fires at registration when a worker was already waiting (the member said "later" before).
  workbox.addEventListener('waiting', onUpdateReady);
  void workbox.register().catch(() => {
    // No worker (private mode, storage full): the app works as a web page.
  });
  // A member may keep the app open for days: look for a new version whenever it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox.update().catch(() => {});
  });
  return {
    applyUpdate: () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
  };
}
