/** The one-read machine as test models: reading at once (the profile's use) and after a start delay (the conditions'). */
import { readMachine } from '../../machines/read/read.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'read.retry': () => [{ type: 'read.retry' }],
  'read.reload': () => [{ type: 'read.reload' }],
} satisfies EventFixtures<typeof readMachine>;

/** Whether there is something to show, and the failure kept. */
const abstraction = ({ context }: { context: { data: unknown; failure: string | null } }) => ({
  data: context.data !== null,
  failure: context.failure,
});

const replies = {
  read: [
    { ok: true, data: { profile: { name: 'สมชาย ใจดี' } } },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies Result<unknown>[],
};

/** spec 9: the conditions modal reads 200 ms after it opens. */
export const READ_START_DELAY_MS = 200;

export const readModels: FlowModel<typeof readMachine>[] = [
  { name: 'read', machine: readMachine, input: {}, events: offerAll(events), replies, abstraction },
  {
    name: 'read after a start delay',
    machine: readMachine,
    input: { startDelay: READ_START_DELAY_MS },
    events: offerAll(events),
    replies,
    abstraction,
  },
];
