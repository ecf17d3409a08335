/** The adjustment form as a test model: fields complete or not, credit or debit, each answer, and a retry after no answer. */
import { adjustmentMachine } from '../../machines/adjustment/adjustment.machine.ts';
import type { AdjustmentAnswer } from '../../machines/adjustment/adjustment.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

export const KEY_PREFIX = 'adjust-test';

const events = {
  'field.change': () => [
    { type: 'field.change', field: 'username', value: ' 0812345678 ' },
    { type: 'field.change', field: 'amount', value: '1,500.50' },
    { type: 'field.change', field: 'amount', value: '0' }, // no amount
    { type: 'field.change', field: 'reason', value: 'Deposit without a slip' },
    { type: 'field.change', field: 'reason', value: '   ' },
  ],
  'direction.change': () => [{ type: 'direction.change', direction: 'debit' }],
  'adjustment.submit': () => [{ type: 'adjustment.submit' }],
  'adjustment.confirm': () => [{ type: 'adjustment.confirm' }],
  'adjustment.cancel': () => [{ type: 'adjustment.cancel' }],
  'adjustment.again': () => [{ type: 'adjustment.again' }],
} satisfies EventFixtures<typeof adjustmentMachine>;

export const adjustmentModels: FlowModel<typeof adjustmentMachine>[] = [
  {
    name: 'adjustment',
    machine: adjustmentMachine,
    input: { keyPrefix: KEY_PREFIX },
    events: offerAll(events),
    abstraction: ({ context }) => ({
      member: context.username !== '',
      amount: context.amount === '' ? null : context.amount === '0' ? 'none' : 'typed',
      reason: context.reason === '' ? null : context.reason.trim() === '' ? 'blank' : 'typed',
      debit: context.direction === 'debit',
      error: context.error,
      key: context.idempotencyKey !== null,
      approval: context.approvalId !== null,
    }),
    replies: {
      submit: [
        { ok: true, data: { message: 'SUCCESS' } },
        { ok: true, data: { message: 'APPROVAL_REQUIRED', approvalId: '9' } },
        { ok: false, message: 'MONEY_NOT_ENOUGH' },
      ] satisfies Result<AdjustmentAnswer>[],
    },
  },
];
