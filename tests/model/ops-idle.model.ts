/** The console's idle timeout as a test model: activity, "stay", and the two delays on a simulated clock. */
import { opsIdleMachine } from '../../machines/ops-idle/ops-idle.machine.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  activity: () => [{ type: 'activity' }],
  stay: () => [{ type: 'stay' }],
} satisfies EventFixtures<typeof opsIdleMachine>;

export const opsIdleModels: FlowModel<typeof opsIdleMachine>[] = [
  {
    name: 'ops idle',
    machine: opsIdleMachine,
    input: undefined,
    events: offerAll(events),
    abstraction: () => ({}),
    replies: {},
  },
];
