/** The console's manual deposit as a test model: the fields filled or not, the member found or not, the deposit confirmed or not, credited or waiting for a second operator. */
import { manualDepositMachine } from '../../machines/manual-deposit/manual-deposit.machine.ts';
import { positiveAmount } from '../../machines/shared/amount.ts';
import type { DepositMember } from '../../machines/manual-deposit/manual-deposit.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const MEMBER: DepositMember = {
  username: '0812345678',
  name: 'SOMCHAI JAIDEE',
  status: 'active',
  bank: { code: 'KBANK', accountName: 'SOMCHAI JAIDEE', accountNo: '1234567890', currency: 'BAHT' },
  createdAt: '2026-11-01T00:00:00.000Z',
};

const events = {
  'field.change': () => [
    { type: 'field.change', field: 'username', value: '0812345678' },
    { type: 'field.change', field: 'amount', value: '1,000' },
    { type: 'field.change', field: 'amount', value: '-5' }, // not an amount to credit
    { type: 'field.change', field: 'reference', value: ' 2025112800001 ' },
  ],
  'deposit.submit': () => [{ type: 'deposit.submit' }],
  'decision.confirm': () => [{ type: 'decision.confirm' }],
  'decision.cancel': () => [{ type: 'decision.cancel' }],
} satisfies EventFixtures<typeof manualDepositMachine>;

export const manualDepositModels: FlowModel<typeof manualDepositMachine>[] = [
  {
    name: 'manual deposit',
    machine: manualDepositMachine,
    input: undefined,
    events: offerAll(events),
    // Which fields are filled (the amount: one to credit or not), the member known, an error shown.
    abstraction: ({ context }) => ({
      phone: context.username.trim() !== '',
      amount: context.amount === '' ? null : positiveAmount(context.amount) === null ? 'not an amount' : 'amount',
      reference: context.reference.trim() !== '',
      member: context.member !== null,
      error: context.error !== null,
    }),
    replies: {
      findMember: [
        { ok: true, data: MEMBER },
        { ok: true, data: null },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<DepositMember | null>[],
      sendDeposit: [
        { ok: true, data: { message: 'SUCCESS' } },
        { ok: true, data: { message: 'APPROVAL_REQUIRED', approvalId: '5' } },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<{ message: string; approvalId?: string }>[],
    },
  },
];
