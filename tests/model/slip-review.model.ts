/** The console's slip review as a test model: a slip opened, an amount typed or a reason chosen, each decision confirmed or not, and the next slip found or not. */
import type { OpsSlipDetail } from '../../src/contract/deposit.ts';
import { slipReviewMachine } from '../../machines/slip-review/slip-review.machine.ts';
import { positiveAmount } from '../../machines/shared/amount.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

/** A slip's detail as GET /api/ops/slips/{id} answers it. */
export function slipDetail(status: 'PENDING' | 'SUCCESS', waitingApprovalId: string | null = null): OpsSlipDetail {
  return {
    slip: {
      id: '7',
      username: '0812345678',
      name: 'SOMCHAI JAIDEE',
      reference: '2025112812345678',
      sendingBank: '004',
      status,
      note: '',
      amount: status === 'SUCCESS' ? 500 : 0,
      link: '/files/slips/abc.webp?expires=1&sig=x',
      createdAt: '2026-11-28T03:00:00.000Z',
      reviewedAt: status === 'SUCCESS' ? '2026-11-28T03:10:00.000Z' : null,
    },
    bank: { code: 'KBANK', name: 'Kasikorn Bank', accountName: 'SOMCHAI JAIDEE', accountNo: '1234567890' },
    currency: 'BAHT',
    sameReference: [],
    credited: null,
    waitingApprovalId,
    maxAgeMinutes: 60,
    verification: null,
  };
}

const events = {
  'slip.open': () => [{ type: 'slip.open', id: '7' }],
  'slip.close': () => [{ type: 'slip.close' }],
  'slip.retry': () => [{ type: 'slip.retry' }],
  'amount.change': () => [
    { type: 'amount.change', value: '1,500.50' },
    { type: 'amount.change', value: '0' }, // not an amount to credit
  ],
  'reason.choose': () => [
    { type: 'reason.choose', note: 'EXPIRED_SLIP' },
    { type: 'reason.choose', note: null },
  ],
  'approve.submit': () => [{ type: 'approve.submit' }],
  'reject.submit': () => [{ type: 'reject.submit' }],
  'decision.confirm': () => [{ type: 'decision.confirm' }],
  'decision.cancel': () => [{ type: 'decision.cancel' }],
} satisfies EventFixtures<typeof slipReviewMachine>;

export const slipReviewModels: FlowModel<typeof slipReviewMachine>[] = [
  {
    name: 'slip review',
    machine: slipReviewMachine,
    input: undefined,
    events: offerAll(events),
    // Which slip is open and whether it may be decided, whether the amount is one to credit, a reason chosen, an error shown.
    // The last decision only shows: left out, so the graph does not repeat itself once per outcome.
    abstraction: ({ context }) => ({
      open: context.slipId !== null,
      slip: context.detail === null ? null : context.detail.slip.status !== 'PENDING' ? 'decided' : context.detail.waitingApprovalId ? 'waiting' : 'undecided',
      amount: context.amount === '' ? null : positiveAmount(context.amount) === null ? 'not an amount' : 'amount',
      reason: context.note !== null,
      error: context.error !== null,
    }),
    replies: {
      loadSlip: [
        { ok: true, data: slipDetail('PENDING') },
        { ok: true, data: slipDetail('PENDING', '31') },
        { ok: true, data: slipDetail('SUCCESS') },
        { ok: false, message: 'NO_DATA' },
      ] satisfies Result<OpsSlipDetail>[],
      approveSlip: [
        { ok: true, data: { message: 'SUCCESS' } },
        { ok: true, data: { message: 'APPROVAL_REQUIRED', approvalId: '5' } },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<{ message: string; approvalId?: string }>[],
      rejectSlip: [
        { ok: true, data: { message: 'SUCCESS' } },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<{ message: string }>[],
      findNext: [
        { ok: true, data: { id: '8' } },
        { ok: true, data: { id: null } },
        { ok: false, message: 'KEY_INVALID' },
      ] satisfies Result<{ id: string | null }>[],
    },
  },
];
