import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { STATEMENT_PAGE_SIZE } from '../../machines/statement/statement.machine.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { checkLoaderDelayEnded } from './support/loader-delay.ts';
import { statementModels } from './statement.model.ts';

describeModels('statement', statementModels, {
  tags: {
    'loading.quiet': ['loading'],
    'loading.slow': ['loading', 'skeleton'],
    showing: [],
    'offline.rows': ['offline'],
    'offline.skeleton': ['offline', 'skeleton'],
  },
  check(step, flow) {
    const { event, before, after, actions, calls, waited } = step;
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);
    const logged = (message: string) => expect(actions).toEqual([{ type: 'logFailure', params: { message } }]);
    /**
     * No answer (docs/decisions/0146-reads-that-wait.md): not a failure, not logged; what is shown stays, or the
     * skeleton before the first page (tag 'skeleton', never "No transactions yet"), and the page waits.
     */
    const waitsForNetwork = () => {
      expect(after.matches({ offline: before!.context.shownPage === null ? 'skeleton' : 'rows' })).toBe(true);
      expect(after.context).toEqual({ ...before!.context, attempts: nextAttempt(before!.context.attempts) });
      expect(actions).toEqual([]);
    };
    /** The page asked for is read again; nothing else changes. */
    const readsAgain = () => {
      expect(after.matches({ loading: 'quiet' })).toBe(true);
      expect(calls).toEqual([{ actor: 'loadPage', input: { page: before!.context.page, limit: STATEMENT_PAGE_SIZE } }]);
      expect(after.context).toEqual(before!.context);
    };

    switch (event.type) {
      case 'xstate.init':
        // spec 7: POST /api/statement { page, limit: 10 }; the game names beside it.
        expect(calls).toEqual([
          { actor: 'loadAccounts', input: undefined },
          { actor: 'loadPage', input: { page: flow.input.page, limit: STATEMENT_PAGE_SIZE } },
        ]);
        expect(after.context).toMatchObject({ rows: [], total: 0, shownPage: null, attempts: 0 });
        break;
      case 'statement.page':
        if (was('loading') && before!.context.page === event.page) {
          unchanged(); // already being read
          expect(calls).toEqual([]);
        } else {
          expect(after.matches({ loading: 'quiet' })).toBe(true);
          expect(calls).toEqual([{ actor: 'loadPage', input: { page: event.page, limit: STATEMENT_PAGE_SIZE } }]);
          // What is shown stays until the loader delay or the answer.
          expect(after.context).toEqual({ ...before!.context, page: event.page });
        }
        break;
      case 'read.online':
        // The connection is back: a page waiting for it is read now; otherwise nothing changes.
        if (was('offline')) readsAgain();
        else {
          unchanged();
          expect(calls).toEqual([]);
        }
        break;
      case 'xstate.done.actor.loadPage':
        if (!event.output.ok && event.output.message === NETWORK_ERROR) {
          waitsForNetwork();
          break;
        }
        expect(after.matches('showing')).toBe(true);
        if (event.output.ok) {
          expect(after.context).toMatchObject({ ...event.output.data, shownPage: before!.context.page, attempts: 0 });
        } else {
          expect(after.context).toEqual(before!.context); // spec 7: silently ignored
          logged(event.output.message);
        }
        break;
      case 'xstate.error.actor.loadPage':
        waitsForNetwork();
        break;
      case 'xstate.done.actor.loadAccounts':
        expect(after.value).toEqual(before!.value); // the page being read goes on
        if (event.output.ok) {
          expect(after.context.gameNames).toEqual({ SLOT1: 'Game SLOT1', SPORT1: 'Game SPORT1', LOTTO1: 'Game LOTTO1' });
          expect(after.context.currency).toBe('BAHT');
        } else {
          expect(after.context).toEqual(before!.context);
          logged(event.output.message);
        }
        break;
      case 'xstate.error.actor.loadAccounts':
        expect(after.context).toEqual(before!.context);
        logged(NETWORK_ERROR);
        break;
      default:
        if (/^xstate\.after\.retryDelay\./.test(event.type)) {
          // The backoff: 1 s after the first unanswered read, doubling to 30 s.
          expect(waited).toBe(retryDelay(before!.context.attempts));
          readsAgain();
          break;
        }
        checkLoaderDelayEnded(step);
    }
    const answered = /^xstate\.done\.actor\./.test(event.type) && event.output.ok;
    if (!/^xstate\.(done|error)/.test(event.type) || answered) expect(actions).toEqual([]);
  },
});
