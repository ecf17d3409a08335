/** Paying or rejecting a withdrawal of the payout queue as a test model: a reference typed or not, each answer the server may give. */
import { payoutMachine } from '../../machines/payout/payout.machine.ts';
import type { PayAnswer, PayoutWithdrawal } from '../../machines/payout/payout.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

export const WITHDRAWAL: PayoutWithdrawal = {
  id: '12',
  amount: 25_000,
  currency: 'BAHT',
  username: '0812345678',
  accountName: 'SOMCHAI JAIDEE',
  bankCode: 'KBANK',
  accountNo: '1234512345',
};

const events = {
  'withdrawal.open': () => [{ type: 'withdrawal.open', withdrawal: WITHDRAWAL }],
  'withdrawal.close': () => [{ type: 'withdrawal.close' }],
  'reference.change': () => [
    { type: 'reference.change', value: ' kb 2026-01 ' },
    { type: 'reference.change', value: '  ' }, // nothing once spaces are dropped
    { type: 'reference.change', value: 'X'.repeat(101) }, // longer than the server takes
  ],
  'payout.pay': () => [{ type: 'payout.pay' }],
  'payout.reject': () => [{ type: 'payout.reject' }],
  'payout.confirm': () => [{ type: 'payout.confirm' }],
  'payout.cancel': () => [{ type: 'payout.cancel' }],
} satisfies EventFixtures<typeof payoutMachine>;

export const payoutModels: FlowModel<typeof payoutMachine>[] = [
  {
    name: 'payout',
    machine: payoutMachine,
    input: undefined,
    events: offerAll(events),
    // The reference and the error matter while the withdrawal is worked on; once decided only the outcome does.
    abstraction: (snapshot) => {
      const { context } = snapshot;
      const working = snapshot.hasTag('open');
      const reference = context.reference === '' ? null : context.reference.trim() === '' ? 'blank' : context.reference.length > 100 ? 'too long' : 'typed';
      return {
        withdrawal: context.withdrawal !== null,
        reference: working ? reference : null,
        error: working ? context.error : null,
        approval: context.approvalId !== null,
      };
    },
    replies: {
      pay: [
        { ok: true, data: { withdrawal: { id: WITHDRAWAL.id } } },
        { ok: true, data: { message: 'APPROVAL_REQUIRED', approvalId: '7' } },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<PayAnswer>[],
      reject: [{ ok: true, data: {} }, { ok: false, message: 'NO_DATA' }] satisfies Result<unknown>[],
    },
  },
];
