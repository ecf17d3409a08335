import { setup } from 'xstate';
import type { OpsIdleEvent, OpsIdleTag } from './ops-idle.types.ts';

/** Without activity for this long, the operator is logged out. */
export const OPS_IDLE_TIMEOUT_MS = 30 * 60_000;
/** The warning comes this long before. */
export const OPS_IDLE_WARNING_MS = 2 * 60_000;

export const opsIdleMachine = setup({
  types: {
    events: {} as OpsIdleEvent,
    tags: {} as OpsIdleTag,
  },
  actions: {
    // Provided by the view layer: ends the session, as a logout does, with the reason shown on the login.
    timedOut: () => {},
  },
  delays: {
    untilWarning: OPS_IDLE_TIMEOUT_MS - OPS_IDLE_WARNING_MS,
    warning: OPS_IDLE_WARNING_MS,
  },
}).createMachine({
  id: 'opsIdle',
  description:
    "The console's idle timeout: 30 minutes without a key, a click or a touch end the operator's session; a warning two minutes before offers to stay. Any activity starts the 30 minutes again.",
  initial: 'active',
  states: {
    active: {
      tags: 'active',
      after: { untilWarning: 'warning' },
      on: { activity: { target: 'active', reenter: true } },
    },
    warning: {
      tags: 'warning',
      description: 'The warning is shown; staying (or any activity) starts the 30 minutes again.',
      after: { warning: 'timedOut' },
      on: {
        activity: 'active',
        stay: 'active',
      },
    },
    timedOut: {
      type: 'final',
      tags: 'timedOut',
      entry: 'timedOut',
    },
  },
});
