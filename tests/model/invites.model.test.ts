import type { InvitesAnswer, InvitesContext } from '../../machines/invites/invites.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { INVITE_RULE, invitesModels } from './invites.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

const tableOf = (key: string) => key.split(' + ').find((part) => part.startsWith('open.table.')) ?? '';
/** Where the table waits for the network: under the skeleton before its first page, over the rows shown after. */
const waitingTable = ({ shownPage }: InvitesContext) => (shownPage === null ? 'open.table.offline.skeleton' : 'open.table.offline.rows');

function check({ event, before, after, actions, calls, waited }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as InvitesContext;
  const context = after.context as InvitesContext;
  const unchanged = () => expect([now, context, calls]).toEqual([was, previous, []]);
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual([
        'open.rule.reading + open.table.loading.quiet',
        { rule: null, page: 1, limit: 10, rows: [], total: 0, shownPage: null, attempts: 0 },
      ]);
      // spec 9: 10 per page, from the first.
      expectedCalls = [
        { actor: 'readRule', input: undefined },
        { actor: 'loadPage', input: { page: 1, limit: 10 } },
      ];
      break;
    case 'invites.page': {
      const loading = tableOf(was).startsWith('open.table.loading');
      // The page being read asked again: nothing new is sent.
      if (loading && event.page === previous.page) return unchanged();
      expect(tableOf(now)).toBe('open.table.loading.quiet');
      expect(context).toEqual({ ...previous, page: event.page });
      expectedCalls = [{ actor: 'loadPage', input: { page: event.page, limit: 10 } }];
      break;
    }
    case 'modal.close':
      expect(after.status).toBe('done');
      break;
    case 'read.online':
      // The connection is back: a page waiting for it is read now (docs/decisions/0146-reads-that-wait.md).
      if (!tableOf(was).startsWith('open.table.offline.')) return unchanged();
      expect([tableOf(now), context]).toEqual(['open.table.loading.quiet', previous]);
      expectedCalls = [{ actor: 'loadPage', input: { page: previous.page, limit: 10 } }];
      break;
    default: {
      if (event.type.startsWith('xstate.after.retryDelay.')) {
        // The backoff: 1 s after the first unanswered read, doubling to 30 s.
        expect([tableOf(was), waited]).toEqual([waitingTable(previous), retryDelay(previous.attempts)]);
        expect([tableOf(now), context]).toEqual(['open.table.loading.quiet', previous]);
        expectedCalls = [{ actor: 'loadPage', input: { page: previous.page, limit: 10 } }];
        break;
      }
      if (event.type.startsWith('xstate.after.')) {
        expect([tableOf(now), waited]).toEqual(['open.table.loading.slow', LOADER_DELAY_MS]);
        break;
      }
      const failed = event.type.startsWith('xstate.error.');
      if (event.type.endsWith('.readRule')) {
        const answer = (event as { output?: { ok: boolean } }).output;
        // A failed read leaves the rule out (spec 7: swallowed).
        expect(context).toEqual({ ...previous, rule: !failed && answer?.ok ? INVITE_RULE : null });
        expect(now).toContain('open.rule.read');
        break;
      }
      const answer = (event as { output?: InvitesAnswer }).output;
      if (failed || (!answer!.ok && answer!.message === 'NETWORK_ERROR')) {
        // No answer: what is shown stays, or the skeleton before the first page, and the page waits.
        expect([tableOf(now), context]).toEqual([waitingTable(previous), { ...previous, attempts: nextAttempt(previous.attempts) }]);
        break;
      }
      expect(tableOf(now)).toBe('open.table.showing');
      if (answer?.ok) {
        expect(context).toEqual({ ...previous, rows: answer.data.invites, total: answer.data.total, shownPage: previous.page, attempts: 0 });
      } else {
        // spec 7: a failed page keeps what was shown.
        expect(context).toEqual(previous);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual([]);
}

const tags: Record<string, string[]> = { closed: [] };
for (const rule of ['reading', 'read']) {
  tags[`open.rule.${rule} + open.table.loading.quiet`] = ['loading'];
  tags[`open.rule.${rule} + open.table.loading.slow`] = ['loading', 'skeleton'];
  tags[`open.rule.${rule} + open.table.showing`] = [];
  tags[`open.rule.${rule} + open.table.offline.rows`] = ['offline'];
  tags[`open.rule.${rule} + open.table.offline.skeleton`] = ['offline', 'skeleton'];
}

describeModels('invites', invitesModels, { tags, check });
