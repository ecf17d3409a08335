/**
 * The one-read machine as test models: reading at once (the profile's use)
 * and after a start delay (the conditions'); a read without an answer waits
 * with the backoff (machines/shared/read-retry.ts) on the simulated clock.
 */
import { readMachine } from '../../machines/read/read.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'read.retry': () => [{ type: 'read.retry' }],
  'read.reload': () => [{ type: 'read.reload' }],
  'read.online': () => [{ type: 'read.online' }],
} satisfies EventFixtures<typeof readMachine>;

/**
 * Whether there is something to show, the failure kept, and whether reads
 * went unanswered (the backoff's growth is checked on the concrete count, and
 * in tests/unit/read-retry.test.ts).
 */
const abstraction = ({ context }: { context: { data: unknown; failure: string | null; attempts: number } }) => ({
  data: context.data !== null,
  failure: context.failure,
  unanswered: context.attempts > 0,
});

const replies = {
  read: [
    { ok: true, data: { profile: { name: 'สมชาย ใจดี' } } },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
    // A gateway's 502, 503 or 504 without a message (src/api/answer.ts): no answer, like offline.
    { ok: false, message: 'NETWORK_ERROR' },
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
