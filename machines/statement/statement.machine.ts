import { assertEvent, assign, setup, stopChild } from 'xstate';
import type { WalletResponse } from '../../src/contract/api.ts';
import { notProvided } from '../shared/actors.ts';
import { loaderDelays } from '../shared/delays.ts';
import { askedAlready, nothingShown, pagedTableStart, waitingPagedTable } from '../shared/paged-table.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { nextAttempt, retryDelays, unanswered } from '../shared/read-retry.ts';
import { okData, type Result } from '../shared/result.ts';
import type { Page, PageQuery, StatementContext, StatementEvent, StatementInput, StatementTag } from './statement.types.ts';

type PageAnswer = Result<Page>;

/** spec 9: statement and slips, 10 per page. */
export const STATEMENT_PAGE_SIZE = 10;

export const statementMachine = setup({
  types: {
    context: {} as StatementContext,
    events: {} as StatementEvent,
    input: {} as StatementInput,
    tags: {} as StatementTag,
  },
  actors: {
    loadPage: notProvided<PageAnswer, PageQuery>('loadPage'),
    loadAccounts: notProvided<Result<WalletResponse>>('loadAccounts'),
  },
  actions: {
    // The paged table's (shared/paged-table.ts): the page asked for, and the page that loaded.
    setPage: assign(({ event }) => {
      assertEvent(event, 'statement.page');
      return { page: event.page };
    }),
    showPage: assign(({ context }, result: PageAnswer) => {
      const { rows, total } = okData(result);
      return { rows, total, shownPage: context.page, attempts: 0 };
    }),
    storeAccounts: assign((_, result: Result<WalletResponse>) => {
      const { slots, bankAccount } = okData(result);
      return {
        gameNames: Object.fromEntries(slots.map((slot) => [slot.code, slot.name])),
        currency: bankAccount?.currency ?? null,
      };
    }),
    // An invoke on the root outlives its answer among the snapshot's children;
    // letting it go keeps "calls in flight" true to life (the test models read them).
    releaseAccountsCall: stopChild('loadAccounts'),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    // Provided by the view layer (spec 7: failed statement loads are silently ignored).
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded,
    unanswered,
    askedAlready: askedAlready('statement.page'),
    nothingShown,
  },
  delays: { ...loaderDelays, ...retryDelays },
}).createMachine({
  id: 'statement',
  description:
    'The statement, or its slip table: one page of 10 at a time (spec 2 Statement, spec 9). A refused load keeps the last page shown, or the empty list (spec 7); a load without an answer waits and reads again (docs/decisions/0146-reads-that-wait.md). Asking for the page shown reads it again.',
  context: ({ input }) => ({
    ...pagedTableStart(STATEMENT_PAGE_SIZE),
    // The address's page (?page=) rather than the first.
    page: input.page,
    gameNames: {},
    currency: null,
    attempts: 0,
  }),
  // Game names and the currency, read once beside the pages; without them codes show.
  invoke: {
    id: 'loadAccounts',
    src: 'loadAccounts',
    ...onAnswer({ action: 'storeAccounts', then: ['releaseAccountsCall'] }, { action: 'logFailure', then: ['releaseAccountsCall'] }),
  },
  ...waitingPagedTable({
    pageEvent: 'statement.page',
    loadingTag: 'loading',
    skeleton: true,
    logFailures: true,
    descriptions: {
      loading:
        'Reads the page asked for. What is shown stays for the loader delay (spec 9), then a skeleton replaces it until the answer.',
      showing: 'The last page that loaded, or the empty state.',
      offline:
        'No answer came (offline, too slow, or a gateway error): what is shown stays, or the skeleton, and the page is read again after the backoff (1 s doubling to 30 s), at once when the connection is back, or when another page is asked for.',
    },
  }),
});
