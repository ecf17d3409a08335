/** The one-read page machine as a test model (the profile page's use). */
import { readMachine } from '../../machines/read/read.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'read.retry': () => [{ type: 'read.retry' }],
  'read.reload': () => [{ type: 'read.reload' }],
} satisfies EventFixtures<typeof readMachine>;

export const readModels: FlowModel<typeof readMachine>[] = [
  {
    name: 'read',
    machine: readMachine,
    input: undefined,
    events: offerAll(events),
    replies: {
      read: [
        { ok: true, data: { profile: { name: 'สมชาย ใจดี' } } },
        { ok: false, message: 'INTERNAL_SERVER_ERROR' },
      ] satisfies Result<unknown>[],
    },
  },
];
