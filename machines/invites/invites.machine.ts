import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays } from '../shared/delays.ts';
import { askedAlready, nothingShown, pagedTableStart, waitingPagedTable } from '../shared/paged-table.ts';
import { nextAttempt, retryDelays, unanswered } from '../shared/read-retry.ts';
import { okData } from '../shared/result.ts';
import type {
  InviteRuleAnswer,
  InvitesAnswer,
  InvitesContext,
  InvitesEvent,
  InvitesPageQuery,
  InvitesTag,
} from './invites.types.ts';

/** spec 9: invites, 10 per page. */
const INVITES_PAGE_SIZE = 10;

export const invitesMachine = setup({
  types: {
    context: {} as InvitesContext,
    events: {} as InvitesEvent,
    tags: {} as InvitesTag,
  },
  actors: {
    readRule: notProvided<InviteRuleAnswer>('readRule'),
    loadPage: notProvided<InvitesAnswer, InvitesPageQuery>('loadPage'),
  },
  actions: {
    keepRule: assign((_, answer: InviteRuleAnswer) => ({ rule: okData(answer) })),
    // The table's (shared/paged-table.ts): the page asked for, and the page that loaded.
    setPage: assign(({ event }) => {
      assertEvent(event, 'invites.page');
      return { page: event.page };
    }),
    showPage: assign(({ context }, answer: InvitesAnswer) => {
      const { invites, total } = okData(answer);
      return { rows: invites, total, shownPage: context.page, attempts: 0 };
    }),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
  },
  guards: {
    succeeded,
    unanswered,
    askedAlready: askedAlready('invites.page'),
    nothingShown,
  },
  delays: { ...loaderDelays, ...retryDelays },
}).createMachine({
  id: 'invites',
  description:
    'The invite modal (spec 2 Invite modal): the invite rule beside the member\'s link, and the friends they invited, 10 a page (spec 9). Failed reads are silently ignored (spec 7): the rule is left out, the last page stays; a page without an answer waits and is read again (docs/decisions/0146-reads-that-wait.md).',
  context: { rule: null, ...pagedTableStart(INVITES_PAGE_SIZE), attempts: 0 },
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      on: {
        'modal.close': 'closed',
      },
      states: {
        rule: {
          initial: 'reading',
          states: {
            reading: {
              description: 'GET /api/invite/rule.',
              invoke: {
                id: 'readRule',
                src: 'readRule',
                ...onAnswer({ target: 'read', action: 'keepRule' }, { target: 'read' }),
              },
            },
            read: {
              description: 'The rule shows, or, when it could not be read, nothing of it.',
            },
          },
        },
        table: waitingPagedTable({
          pageEvent: 'invites.page',
          loadingTag: 'loading',
          skeleton: true,
          logFailures: false,
          descriptions: {
            loading: 'POST /api/invite { page, limit }. What is shown stays for the loader delay (spec 9), then a skeleton.',
            showing: 'The last page that loaded, or the empty table.',
            offline:
              'No answer came: what is shown stays, or the skeleton, and the page is read again after the backoff, at once when the connection is back, or when another page is asked for.',
          },
        }),
      },
    },
    closed: {
      type: 'final',
    },
  },
});
