import { setup } from 'xstate';
import type { AppUpdateEvent, AppUpdateTag } from './app-update.types.ts';

export const appUpdateMachine = setup({
  types: {
    events: {} as AppUpdateEvent,
    tags: {} as AppUpdateTag,
  },
  actions: {
    // Provided by the view layer: the waiting worker takes over, then the page reloads.
    applyUpdate: () => {},
  },
}).createMachine({
  id: 'appUpdate',
  description:
    'A new version of the member app: the worker installs it in the background and waits. The member is told, and the app reloads onto it only when they tap Reload, never by itself (not in the middle of a deposit or a withdrawal).',
  initial: 'upToDate',
  states: {
    upToDate: {
      tags: 'upToDate',
      description: 'The app runs the version its worker serves; nothing is shown.',
      on: { 'update.ready': 'updateReady' },
    },
    updateReady: {
      tags: 'prompt',
      description: '"A new version is ready", with Reload and Later.',
      on: {
        'update.reload': 'reloading',
        'update.later': 'postponed',
      },
    },
    postponed: {
      tags: 'postponed',
      description: 'The prompt is closed; the new version starts when the app is next opened, or when a newer one is ready.',
      on: { 'update.ready': 'updateReady' },
    },
    reloading: {
      type: 'final',
      tags: 'reloading',
      entry: 'applyUpdate',
    },
  },
});
