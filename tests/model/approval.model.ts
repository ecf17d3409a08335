/** A decision on a request of the approvals queue as a test model: each answer the server may give, the asker's own refusal among them. */
import { approvalMachine } from '../../machines/approval/approval.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

export const REQUEST = { id: '7' };

const events = {
  'approval.open': () => [{ type: 'approval.open', approval: REQUEST }],
  'approval.close': () => [{ type: 'approval.close' }],
  'approval.approve': () => [{ type: 'approval.approve' }],
  'approval.reject': () => [{ type: 'approval.reject' }],
  'approval.confirm': () => [{ type: 'approval.confirm' }],
  'approval.cancel': () => [{ type: 'approval.cancel' }],
} satisfies EventFixtures<typeof approvalMachine>;

export const approvalModels: FlowModel<typeof approvalMachine>[] = [
  {
    name: 'approval',
    machine: approvalMachine,
    input: undefined,
    events: offerAll(events),
    abstraction: ({ context }) => ({ request: context.approval !== null, error: context.error }),
    replies: {
      decide: [
        { ok: true, data: {} },
        { ok: false, message: 'SAME_OPERATOR' },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<unknown>[],
    },
  },
];
