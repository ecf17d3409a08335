/**
 * The refund modal as a test model: a refund to receive, one blocked by a
 * held bonus, one not above the minimum, none offered; receive and what it
 * answers (received, refused, no answer or a 5xx without one: a retry with
 * the same key); the log table a page at a time (12 rows: two pages); closing.
 */
import type { SnapshotFrom } from 'xstate';
import { canReceiveRefund, refundReceiveMachine } from '../../machines/refund-receive/refund-receive.machine.ts';
import type {
  RefundCheck,
  RefundCheckAnswer,
  RefundLog,
  RefundLogsAnswer,
  RefundReceived,
} from '../../machines/refund-receive/refund-receive.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type RefundReceive = typeof refundReceiveMachine;

export const REFUND_CHECK: RefundCheck = {
  result: true,
  bonus: false,
  info: '<p>5% of your net loss each week.</p>',
  refundAmount: 250,
  refundSuccess: 3,
  refundFail: 1,
  percent: 5,
  period: 'week',
  minimum: 0,
};
export const REFUNDS_TOTAL = 12;
/** The home's prefix for this opening: the n-th receive's key is `{prefix}.{n}`. */
export const REFUND_KEY_PREFIX = 'model-home-4';

export function refundRow(index: number): RefundLog {
  return {
    _id: String(index + 1),
    refundAmount: 10 + index,
    loss: 200 + index * 20,
    periodStart: '2026-11-09T17:00:00.000Z',
    received: index > 0,
    createdAt: '2026-11-16T17:05:00.000Z',
  };
}

const events = {
  'refund.receive': () => [{ type: 'refund.receive' }],
  'refund.retry': () => [{ type: 'refund.retry' }],
  'refunds.page': () => [
    { type: 'refunds.page', page: 1 },
    { type: 'refunds.page', page: 2 },
  ],
  'modal.close': () => [{ type: 'modal.close' }],
  // The shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
  'read.online': () => [{ type: 'read.online' }],
} satisfies EventFixtures<RefundReceive>;

const replies = {
  // No answer (a gateway's 502, 503 or 504 without a message, or past the time limit) waits in either region.
  check: [
    { ok: true, data: REFUND_CHECK },
    { ok: true, data: { ...REFUND_CHECK, bonus: true } },
    { ok: true, data: { ...REFUND_CHECK, refundAmount: 0 } },
    { ok: true, data: { ...REFUND_CHECK, result: false, refundAmount: 0 } },
    { ok: false, message: 'NETWORK_ERROR' },
  ] satisfies RefundCheckAnswer[],
  loadPage: (snapshot: SnapshotFrom<RefundReceive>) => {
    const rows = snapshot.context.page === 1 ? Array.from({ length: 10 }, (_, index) => refundRow(index)) : [refundRow(10), refundRow(11)];
    return [
      { ok: true, data: { refunds: rows, total: REFUNDS_TOTAL } },
      { ok: false, message: 'INTERNAL_SERVER_ERROR' },
      { ok: false, message: 'NETWORK_ERROR' },
    ] satisfies RefundLogsAnswer[];
  },
  receive: [
    { ok: true, data: { message: 'REFUND_SUCCESS', amount: 250 } },
    { ok: false, message: 'REFUND_CONDITION' },
    // A 5xx without a body: perhaps received.
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies RefundReceived[],
};

/** Whether receive is offered (a held bonus and nothing above the minimum both keep it disabled). */
function checkKind(check: RefundCheck | null): string | null {
  if (check === null) return null;
  return canReceiveRefund(check) ? 'receivable' : 'blocked';
}

export const refundReceiveModels: FlowModel<RefundReceive>[] = [
  {
    name: 'refund modal',
    machine: refundReceiveMachine,
    input: { keyPrefix: REFUND_KEY_PREFIX },
    events: offerAll(events),
    replies,
    abstraction: ({ context }) => ({
      check: checkKind(context.check),
      error: context.error,
      received: context.received !== null,
      uncertain: context.uncertain,
      'page shown': context.shownPage !== null,
      'another page': context.shownPage !== null && context.page !== context.shownPage,
    }),
  },
];
