import { canReceiveRefund } from '../../machines/refund-receive/refund-receive.machine.ts';
import type { RefundCheckAnswer, RefundLogsAnswer, RefundReceiveContext, RefundReceived } from '../../machines/refund-receive/refund-receive.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { REFUND_KEY_PREFIX, refundReceiveModels } from './refund-receive.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

const regionOf = (key: string, region: 'refund' | 'logs') => key.split(' + ').find((part) => part.startsWith(`open.${region}.`)) ?? '';
/** Where the table waits for the network: under the skeleton before its first page, over the rows shown after. */
const waitingTable = ({ shownPage }: RefundReceiveContext) => (shownPage === null ? 'open.logs.offline.skeleton' : 'open.logs.offline.rows');

function check({ event, before, after, actions, calls, emitted, ran }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as RefundReceiveContext;
  const context = after.context as RefundReceiveContext;
  const unchanged = () => expect([now, context, calls]).toEqual([was, previous, []]);
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual([
        'open.logs.loading + open.refund.checking.quiet',
        {
          keyPrefix: REFUND_KEY_PREFIX,
          receives: 0,
          idempotencyKey: null,
          check: null,
          error: null,
          received: null,
          uncertain: false,
          page: 1,
          limit: 10,
          rows: [],
          total: 0,
          shownPage: null,
          tableAttempts: 0,
          checkAttempts: 0,
        },
      ]);
      expectedCalls = [
        { actor: 'check', input: undefined },
        { actor: 'loadPage', input: { page: 1, limit: 10 } },
      ];
      break;
    case 'refund.receive': {
      // Only from the check shown, with no bonus held and more than the minimum accrued; each receive a new key.
      if (regionOf(was, 'refund') !== 'open.refund.ready' || !canReceiveRefund(previous.check)) return unchanged();
      const key = `${REFUND_KEY_PREFIX}.${previous.receives + 1}`;
      expect(regionOf(now, 'refund')).toBe('open.refund.receiving');
      expect(context).toEqual({ ...previous, receives: previous.receives + 1, idempotencyKey: key, error: null });
      expectedCalls = [{ actor: 'receive', input: { idempotencyKey: key } }];
      break;
    }
    case 'refund.retry':
      // Only after no answer: the same key again, so the server answers the first receive.
      if (regionOf(was, 'refund') !== 'open.refund.uncertain') return unchanged();
      expect(regionOf(now, 'refund')).toBe('open.refund.receiving');
      expect(context).toEqual({ ...previous, error: null });
      expectedCalls = [{ actor: 'receive', input: { idempotencyKey: previous.idempotencyKey } }];
      break;
    case 'refunds.page': {
      const loading = regionOf(was, 'logs').startsWith('open.logs.loading');
      if (loading && event.page === previous.page) return unchanged();
      expect(regionOf(now, 'logs')).toBe('open.logs.loading');
      expect(context).toEqual({ ...previous, page: event.page });
      expectedCalls = [{ actor: 'loadPage', input: { page: event.page, limit: 10 } }];
      break;
    }
    case 'read.online': {
      // The connection is back (docs/decisions/0146-reads-that-wait.md): what waits for it is read now.
      const checkWaits = regionOf(was, 'refund') === 'open.refund.checkOffline';
      const pageWaits = regionOf(was, 'logs').startsWith('open.logs.offline.');
      if (!checkWaits && !pageWaits) return unchanged();
      expect(context).toEqual(previous);
      if (checkWaits) {
        expect(regionOf(now, 'refund')).toBe('open.refund.checking.quiet');
        expectedCalls.push({ actor: 'check', input: undefined });
      }
      if (pageWaits) {
        expect(regionOf(now, 'logs')).toBe('open.logs.loading');
        expectedCalls.push({ actor: 'loadPage', input: { page: previous.page, limit: 10 } });
      }
      break;
    }
    case 'modal.close':
      // Not while the refund is on its way; otherwise the home reads the wallet again if it was (or may have been) received.
      if (regionOf(was, 'refund') === 'open.refund.receiving') return unchanged();
      expect([after.status, after.output]).toEqual(['done', { saved: previous.received !== null || previous.uncertain }]);
      break;
    default: {
      const failed = event.type.startsWith('xstate.error.');
      if (/^xstate\.after\.checkRetryDelay\./.test(event.type)) {
        // The check's backoff: 1 s after the first unanswered read, doubling to 30 s.
        expect(ran).toBe(retryDelay(previous.checkAttempts));
        expect([regionOf(was, 'refund'), regionOf(now, 'refund'), context]).toEqual(['open.refund.checkOffline', 'open.refund.checking.quiet', previous]);
        expectedCalls = [{ actor: 'check', input: undefined }];
        break;
      }
      if (/^xstate\.after\.retryDelay\./.test(event.type)) {
        // The table's backoff.
        expect(ran).toBe(retryDelay(previous.tableAttempts));
        expect([regionOf(was, 'logs'), regionOf(now, 'logs'), context]).toEqual([waitingTable(previous), 'open.logs.loading', previous]);
        expectedCalls = [{ actor: 'loadPage', input: { page: previous.page, limit: 10 } }];
        break;
      }
      if (event.type.startsWith('xstate.after.')) {
        // spec 9: the check's skeleton after 200 ms.
        expect([regionOf(now, 'refund'), ran, context]).toEqual(['open.refund.checking.slow', LOADER_DELAY_MS, previous]);
        break;
      }
      if (event.type.endsWith('.check')) {
        const answer = (event as { output?: RefundCheckAnswer }).output;
        if (!failed && answer?.ok && answer.data.result) {
          expect([regionOf(now, 'refund'), context]).toEqual(['open.refund.ready', { ...previous, check: answer.data, checkAttempts: 0 }]);
        } else if (failed || (!answer!.ok && answer!.message === 'NETWORK_ERROR')) {
          // No answer: not "no refund"; the check waits for the network.
          expect([regionOf(now, 'refund'), context]).toEqual(['open.refund.checkOffline', { ...previous, checkAttempts: nextAttempt(previous.checkAttempts) }]);
        } else {
          // Not offered, or a failed check (spec 7: swallowed): the not-found text.
          expect([regionOf(now, 'refund'), context]).toEqual(['open.refund.notFound', previous]);
        }
        break;
      }
      if (event.type.endsWith('.receive')) {
        const answer = (event as { output?: RefundReceived }).output;
        const refusal = answer && !answer.ok ? answer.message : null;
        if (failed || refusal === 'INTERNAL_SERVER_ERROR') {
          // No answer (or a 5xx without one): it may have gone through. A retry with the key is offered; the wallet is read again when the modal closes.
          expect([regionOf(now, 'refund'), context]).toEqual(['open.refund.uncertain', { ...previous, error: refusal ?? 'NETWORK_ERROR', uncertain: true }]);
        } else if (answer?.ok) {
          expect([regionOf(now, 'refund'), context]).toEqual(['open.refund.received', { ...previous, received: answer.data.amount, idempotencyKey: null }]);
        } else {
          // Refused: nothing moved, the key is spent.
          expect([regionOf(now, 'refund'), context]).toEqual(['open.refund.ready', { ...previous, error: answer!.message, idempotencyKey: null }]);
        }
        break;
      }
      const answer = (event as { output?: RefundLogsAnswer }).output;
      if (failed || (!answer!.ok && answer!.message === 'NETWORK_ERROR')) {
        // No answer: the rows shown stay and the page waits.
        // Before the first page the table waits under its skeleton (tag 'skeleton'), never 'No refunds yet'.
        expect([regionOf(now, 'logs'), context]).toEqual([waitingTable(previous), { ...previous, tableAttempts: nextAttempt(previous.tableAttempts) }]);
        break;
      }
      expect(regionOf(now, 'logs')).toBe('open.logs.showing');
      if (answer?.ok) {
        expect(context).toEqual({ ...previous, rows: answer.data.refunds, total: answer.data.total, shownPage: previous.page, tableAttempts: 0 });
      } else {
        expect(context).toEqual(previous);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual([]);
  expect(actions).toEqual([]);
}

const REFUND_TAGS: Record<string, string[]> = {
  'open.refund.checking.quiet': ['checking'],
  'open.refund.checking.slow': ['checking', 'skeleton'],
  'open.refund.ready': ['ready'],
  'open.refund.receiving': ['busy', 'ready'],
  'open.refund.received': ['received'],
  'open.refund.uncertain': ['uncertain'],
  'open.refund.notFound': ['notFound'],
  'open.refund.checkOffline': ['checking', 'skeleton'],
};
const LOGS_TAGS: Record<string, string[]> = {
  'open.logs.loading': ['logsLoading'],
  'open.logs.showing': [],
  'open.logs.offline.rows': ['offline'],
  'open.logs.offline.skeleton': ['offline', 'skeleton'],
};
const tags: Record<string, string[]> = { closed: [] };
for (const [logs, logsTags] of Object.entries(LOGS_TAGS)) {
  for (const [refund, refundTags] of Object.entries(REFUND_TAGS)) {
    tags[`${logs} + ${refund}`] = [...new Set([...logsTags, ...refundTags])].sort();
  }
}

describeModels('refund-receive', refundReceiveModels, { tags, check });
