/** The "new version" prompt as a test model: the worker's news, Reload and Later. */
import { appUpdateMachine } from '../../machines/app-update/app-update.machine.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'update.ready': () => [{ type: 'update.ready' }],
  'update.reload': () => [{ type: 'update.reload' }],
  'update.later': () => [{ type: 'update.later' }],
} satisfies EventFixtures<typeof appUpdateMachine>;

export const appUpdateModels: FlowModel<typeof appUpdateMachine>[] = [
  {
    name: 'app update',
    machine: appUpdateMachine,
    input: undefined,
    events: offerAll(events),
    abstraction: () => ({}),
    replies: {},
  },
];
