import { assertEvent, assign, setup } from 'xstate';
import { toMinor } from '../../src/contract/money.ts';
import { refundRefusal } from '../../src/contract/rules/refunds.ts';
import { idempotencyKey, outcomeUnknown } from '../money-action/money-action.machine.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { askedAlready, nothingShown, pagedTableStart, waitingPagedTable } from '../shared/paged-table.ts';
import { nextAttempt, retryDelayOn, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { failureMessage, NETWORK_ERROR, okData } from '../shared/result.ts';
import type {
  RefundCheck,
  RefundCheckAnswer,
  RefundLogsAnswer,
  RefundLogsQuery,
  RefundReceiveContext,
  RefundReceived,
  RefundReceiveEvent,
  RefundReceiveInput,
  RefundReceiveOutput,
  RefundReceiveRequest,
  RefundReceiveTag,
} from './refund-receive.types.ts';

/** spec 9: refunds, 10 per page. */
const REFUNDS_PAGE_SIZE = 10;

/**
 * Receive is offered when the server's rule (contract/rules/refunds.ts
 * refundRefusal) would let it through: the refund is on, no bonus is held
 * (REFUND_CONDITION) and more than the minimum accrued (REFUND_MINIMUM),
 * compared in minor units as the server does.
 */
export function canReceiveRefund(check: RefundCheck | null): boolean {
  if (check === null) return false;
  const standing = { active: check.result, bonusHeld: check.bonus, amount: toMinor(check.refundAmount), minimum: toMinor(check.minimum) };
  return refundRefusal(standing) === null;
}

export const refundReceiveMachine = setup({
  types: {
    context: {} as RefundReceiveContext,
    events: {} as RefundReceiveEvent,
    input: {} as RefundReceiveInput,
    output: {} as RefundReceiveOutput,
    tags: {} as RefundReceiveTag,
  },
  actors: {
    check: notProvided<RefundCheckAnswer>('check'),
    loadPage: notProvided<RefundLogsAnswer, RefundLogsQuery>('loadPage'),
    receive: notProvided<RefundReceived, RefundReceiveRequest>('receive'),
  },
  actions: {
    keepCheck: assign((_, answer: RefundCheckAnswer) => ({ check: okData(answer), checkAttempts: 0 })),
    clearError: assign({ error: null }),
    // A new receive: a key never used before in this opening.
    nextReceive: assign(({ context }) => ({
      receives: context.receives + 1,
      idempotencyKey: idempotencyKey(context.keyPrefix, context.receives + 1),
    })),
    keepReceived: assign((_, answer: RefundReceived) => ({ received: okData(answer).amount, idempotencyKey: null })),
    // Refused: nothing moved, and the key is spent.
    keepRefusal: assign((_, answer: RefundReceived) => ({ error: failureMessage(answer), idempotencyKey: null })),
    // No answer: perhaps received; the key stays for a retry, which answers the first receive.
    keepUnknown: assign((_, answer: RefundReceived) => ({ error: failureMessage(answer), uncertain: true })),
    keepNoAnswer: assign({ error: NETWORK_ERROR, uncertain: true }),
    // The log table's (shared/paged-table.ts): the page asked for, and the page that loaded.
    setPage: assign(({ event }) => {
      assertEvent(event, 'refunds.page');
      return { page: event.page };
    }),
    showPage: assign(({ context }, answer: RefundLogsAnswer) => {
      const { refunds, total } = okData(answer);
      return { rows: refunds, total, shownPage: context.page, tableAttempts: 0 };
    }),
    // The log table's (waitingPagedTable's noteUnanswered) and the check's counts: the two regions wait each on its own clock.
    noteUnanswered: assign(({ context }) => ({ tableAttempts: nextAttempt(context.tableAttempts) })),
    noteCheckUnanswered: assign(({ context }) => ({ checkAttempts: nextAttempt(context.checkAttempts) })),
  },
  guards: {
    offered: (_, answer: RefundCheckAnswer) => answer.ok && answer.data.result,
    succeeded,
    unanswered,
    unknown: (_, answer: RefundReceived) => outcomeUnknown(answer),
    canReceive: ({ context }) => canReceiveRefund(context.check),
    askedAlready: askedAlready('refunds.page'),
    nothingShown,
  },
  // The table's wait (waitingPagedTable's retryDelay) and the check's, each on its own count.
  delays: { ...loaderDelays, retryDelay: retryDelayOn('tableAttempts'), checkRetryDelay: retryDelayOn('checkAttempts') },
}).createMachine({
  id: 'refundReceive',
  description:
    'The refund modal (spec 2 Refund modal): the refund check, the log table 10 a page (spec 9) and receive, disabled while a bonus is held (the conditions show); no refund shows a not-found text. Each receive carries its own Idempotency-Key, and without an answer a retry sends it again. Received (or perhaps received), the modal shows what reached the wallet and ends saved, so the home reads the wallet again.',
  context: ({ input }) => ({
    keyPrefix: input.keyPrefix,
    receives: 0,
    idempotencyKey: null,
    check: null,
    error: null,
    received: null,
    uncertain: false,
    ...pagedTableStart(REFUNDS_PAGE_SIZE),
    tableAttempts: 0,
    checkAttempts: 0,
  }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      on: {
        'modal.close': 'closed',
      },
      states: {
        refund: {
          initial: 'checking',
          states: {
            checking: {
              description:
                'GET /api/refund/check. A skeleton after the loader delay (spec 9). Not offered, or a refused read (spec 7: swallowed), shows the not-found text.',
              tags: 'checking',
              ...skeletonAfterLoaderDelay,
              invoke: {
                id: 'check',
                src: 'check',
                onDone: [
                  { guard: { type: 'offered', params: actorOutput }, target: 'ready', actions: { type: 'keepCheck', params: actorOutput } },
                  { guard: { type: 'unanswered', params: actorOutput }, target: 'checkOffline', actions: 'noteCheckUnanswered' },
                  { target: 'notFound' },
                ],
                onError: { target: 'checkOffline', actions: 'noteCheckUnanswered' },
              },
            },
            checkOffline: {
              // machines/shared/read-retry.ts's waiting state, on the check's own count and with the check's tags:
              // not 'offline', the log table's (PagedList shows its rows as being read under it).
              ...retryWhenBack('checking', {}, { delay: 'checkRetryDelay', tags: ['checking', 'skeleton'] }),
              description:
                'The check got no answer (offline, too slow, a gateway error): not "no refund"; its skeleton stays and it is read again after the backoff, or at once when the connection is back (docs/decisions/0146-reads-that-wait.md).',
            },
            ready: {
              tags: 'ready',
              description: 'What accrued, the conditions and receive; while a bonus is held, or no more than the minimum accrued, receive is disabled and says why.',
              on: {
                'refund.receive': { guard: 'canReceive', target: 'receiving', actions: 'nextReceive' },
              },
            },
            receiving: {
              tags: ['ready', 'busy'],
              description: 'GET /api/refund/receive under the receive\'s Idempotency-Key. The modal does not close until the answer.',
              entry: 'clearError',
              invoke: {
                id: 'receive',
                src: 'receive',
                input: ({ context }) => ({ idempotencyKey: context.idempotencyKey! }),
                onDone: [
                  { guard: { type: 'succeeded', params: actorOutput }, target: 'received', actions: { type: 'keepReceived', params: actorOutput } },
                  { guard: { type: 'unknown', params: actorOutput }, target: 'uncertain', actions: { type: 'keepUnknown', params: actorOutput } },
                  { target: 'ready', actions: { type: 'keepRefusal', params: actorOutput } },
                ],
                onError: { target: 'uncertain', actions: 'keepNoAnswer' },
              },
              on: {
                'modal.close': { description: 'Not while the refund is on its way.' },
              },
            },
            uncertain: {
              tags: 'uncertain',
              description:
                'No answer to the receive (or a 5xx without one): it may have gone through. A retry sends the same key, so the server answers the first receive rather than NO_REFUND; closing reads the wallet again.',
              on: {
                'refund.retry': 'receiving',
              },
            },
            received: {
              tags: 'received',
              description: 'The result: what reached the wallet. Closing ends the modal saved.',
            },
            notFound: {
              tags: 'notFound',
              description: 'No refund: the not-found text.',
            },
          },
        },
        logs: waitingPagedTable({
          pageEvent: 'refunds.page',
          loadingTag: 'logsLoading',
          skeleton: false,
          logFailures: false,
          descriptions: {
            loading:
              'POST /api/refund { page, limit }. The first page shows its skeleton with the check\'s; another page keeps the rows shown until it comes.',
            showing: 'The last page that loaded, or the empty table.',
            offline:
              'No answer came: the rows shown stay, or the skeleton, and the page is read again after the backoff, at once when the connection is back, or when another page is asked for.',
          },
        }),
      },
    },
    closed: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ saved: context.received !== null || context.uncertain }),
});
