/**
 * A new version of the member app (docs/decisions/0142-installable-app-and-its-worker.md):
 * the service worker has installed it and waits; the member decides when the
 * app reloads onto it.
 */
export type AppUpdateEvent =
  /** The worker of a newer deployment is installed and waiting (the view's worker adapter sends it). */
  | { type: 'update.ready' }
  /** "Reload" on the prompt. */
  | { type: 'update.reload' }
  /** "Later" on the prompt: the new version starts the next time the app is opened. */
  | { type: 'update.later' };

/**
 * Action the view provides: applyUpdate — tells the waiting worker to take
 * over and reloads the page once it has.
 * Tags: 'upToDate', 'prompt', 'postponed', 'reloading'.
 */
export type AppUpdateTag = 'upToDate' | 'prompt' | 'postponed' | 'reloading';
