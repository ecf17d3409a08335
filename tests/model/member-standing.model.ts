/** A member's standing and sessions on their console page as a test model: choose, back out or confirm, the answer. */
import { memberStandingMachine } from '../../machines/member-standing/member-standing.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type MemberStanding = typeof memberStandingMachine;

const events = {
  'standing.choose': () => [
    { type: 'standing.choose', change: 'suspended' },
    { type: 'standing.choose', change: 'closed' },
    { type: 'standing.choose', change: 'active' },
    { type: 'standing.choose', change: 'sessionsEnded' },
  ],
  'standing.confirm': () => [{ type: 'standing.confirm' }],
  'standing.cancel': () => [{ type: 'standing.cancel' }],
} satisfies EventFixtures<MemberStanding>;

export const memberStandingModels: FlowModel<MemberStanding>[] = [
  {
    name: 'member standing',
    machine: memberStandingMachine,
    input: { status: 'active' },
    events: offerAll(events),
    replies: {
      applyChange: [{ ok: true, data: { message: 'SUCCESS' } }, { ok: false, message: 'NO_USER' }] satisfies Result<unknown>[],
    },
    abstraction: ({ context }) => ({ status: context.status, change: context.change, failure: context.failure }),
  },
];
