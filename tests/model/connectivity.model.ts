/**
 * The member shell's connectivity actor as a test model: the browser's
 * online and offline events, what requests saw, and the check with the
 * reads' backoff on the simulated clock.
 */
import { connectivityMachine } from '../../machines/connectivity/connectivity.machine.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'browser.online': () => [{ type: 'browser.online' }],
  'browser.offline': () => [{ type: 'browser.offline' }],
  'request.unanswered': () => [{ type: 'request.unanswered' }],
  'request.answered': () => [{ type: 'request.answered' }],
} satisfies EventFixtures<typeof connectivityMachine>;

export const connectivityModels: FlowModel<typeof connectivityMachine>[] = [
  {
    name: 'connectivity',
    machine: connectivityMachine,
    input: undefined,
    events: offerAll(events),
    // Whether checks went unanswered (the backoff's growth is checked on the concrete count).
    abstraction: ({ context }) => ({ unanswered: context.attempts > 0 }),
    // The check: the server answered, or something answered that was not the server.
    replies: { check: [true, false] },
  },
];
