/**
 * A table read a page at a time (spec 9: 10 per page), as the states of a
 * machine or of one region of it:
 *
 *   loading — reads the page asked for (actor `loadPage`). Asking for that
 *             page again changes nothing; asking for another starts again
 *             with it.
 *   showing — the last page that loaded, or the empty table: a failed read
 *             keeps what was shown (spec 7).
 *   offline — only in `waitingPagedTable`: a read that got no answer
 *             (NETWORK_ERROR) is not a failure but a wait; what was shown
 *             stays (offline.rows), or the skeleton before the first page
 *             (offline.skeleton, tag 'skeleton': never the empty text), and
 *             the page is read again with the reads' backoff, or at once on
 *             'read.online' (machines/shared/read-retry.ts,
 *             docs/decisions/0146-reads-that-wait.md).
 *
 * The invites table, the refund log and the statement share it: a region
 * (`table: pagedTable({ … })`) or the machine's own states
 * (`...pagedTable({ … })`). The states refer to what the machine's setup
 * provides, by these names (its types check them: a misspelt event or a
 * missing action fails the type check):
 *
 *   actor  loadPage      ({ page, limit } from the context) → Result of the page
 *   guard  succeeded     (shared/answer.ts)
 *   guard  askedAlready  the page event asks for context.page (`askedAlready(pageEvent)` below)
 *   action setPage       context.page becomes the event's page
 *   action showPage      (params: the ok answer) keeps its rows and total, and shownPage = context.page
 *   action logFailure    ({ message }) only with `logFailures`
 *   delays loaderDelays  only with `skeleton`
 *   with `waitingPagedTable`: guard unanswered (shared/read-retry.ts),
 *   guard nothingShown (below), action noteUnanswered (one more unanswered
 *   read), delays retryDelays, and showPage sets the context's `attempts`
 *   back to 0
 *
 * The two actions stay in each machine: they name its own event and answer
 * types. Its context starts with `pagedTableStart(limit)`.
 * The fairness page's spins are paged otherwise (only between other pages
 * in range, not while a seed is saved, and back to the shown page when a
 * read fails), so it keeps its own states.
 */
import { actorOutput } from './actors.ts';
import { onAnswer } from './answer.ts';
import { skeletonAfterLoaderDelay } from './delays.ts';
import { retryWhenBack } from './read-retry.ts';

interface PagedTableOptions<TPageEvent extends string, TTag extends string, TLogged extends boolean> {
  /** The event asking for a page: `{ type: pageEvent, page }`. */
  pageEvent: TPageEvent;
  /** The tag of the loading state, for the view. */
  loadingTag: TTag;
  /** A slow page shows a skeleton after the loader delay (tag 'skeleton'); without it what is shown stays until the answer. */
  skeleton: boolean;
  /** A failed read is logged (logFailure), not only ignored. */
  logFailures: TLogged;
  /** The states' descriptions, for the diagram. */
  descriptions: { loading: string; showing: string };
}

interface WaitingTableOptions<TPageEvent extends string, TTag extends string, TLogged extends boolean>
  extends PagedTableOptions<TPageEvent, TTag, TLogged> {
  /** The description of the waiting state, for the diagram. */
  descriptions: { loading: string; showing: string; offline: string };
}

/** A table's fields before its first page: page 1 asked, nothing shown yet. */
export function pagedTableStart(limit: number) {
  return { page: 1, limit, rows: [], total: 0, shownPage: null };
}

/** The guard `askedAlready`: the page event asks for the page asked last, which is read already (or on its way). */
export function askedAlready(pageEvent: string) {
  return ({ context, event }: { context: { page: number }; event: { type: string; page?: number } }) =>
    event.type === pageEvent && event.page === context.page;
}

/** The guard `nothingShown`: no page has loaded yet (a wait then shows the skeleton). */
export function nothingShown({ context }: { context: { shownPage: number | null } }): boolean {
  return context.shownPage === null;
}

/** What loadPage is asked. */
function pageQuery({ context }: { context: { page: number; limit: number } }) {
  return { page: context.page, limit: context.limit };
}

/** `{ [event]: transition }` typed by the event's name (a computed key alone types as any string). */
function on<TEvent extends string, TTransition>(event: TEvent, transition: TTransition): Record<TEvent, TTransition> {
  return { [event]: transition } as Record<TEvent, TTransition>;
}

/** A failed read goes back to showing what was shown; a table that logs its failures also calls logFailure. */
type Failed<TLogged extends boolean> = TLogged extends true
  ? { readonly target: 'showing'; readonly action: 'logFailure' }
  : { readonly target: 'showing' };

/** The failed end of the read, typed so that only a logging table needs logFailure in its setup. */
function failed<TLogged extends boolean>(logged: TLogged): Failed<TLogged> {
  return (logged ? { target: 'showing', action: 'logFailure' } : { target: 'showing' }) as Failed<TLogged>;
}

/** The loading and showing states of a paged table (this module's comment says what the setup provides). */
export function pagedTable<TPageEvent extends string, TTag extends string, TLogged extends boolean>(
  options: PagedTableOptions<TPageEvent, TTag, TLogged>,
) {
  const { pageEvent, loadingTag, skeleton, logFailures, descriptions } = options;
  return {
    initial: 'loading',
    states: {
      loading: {
        description: descriptions.loading,
        tags: loadingTag,
        ...(skeleton ? skeletonAfterLoaderDelay : {}),
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: pageQuery,
          ...onAnswer({ target: 'showing', action: 'showPage' }, failed(logFailures)),
        },
        on: on(pageEvent, [{ guard: 'askedAlready' }, { target: 'loading', reenter: true, actions: 'setPage' }] as const),
      },
      showing: {
        description: descriptions.showing,
        on: on(pageEvent, { target: 'loading', actions: 'setPage' } as const),
      },
    },
  } as const;
}

/**
 * A paged table whose reads wait when no answer comes (offline, too slow, a
 * gateway's 502, 503 or 504: NETWORK_ERROR): the state `offline` (tag
 * 'offline') keeps what is shown (or, before the first page, shows the
 * skeleton: tag 'skeleton', so the views need not look at the context to
 * know) and reads the page again after the backoff,
 * at once when the connection is back ('read.online'), or when the member
 * asks for a page (docs/decisions/0146-reads-that-wait.md). A refusal (a
 * catalogue code) still goes back to showing, as in pagedTable.
 */
export function waitingPagedTable<TPageEvent extends string, TTag extends string, TLogged extends boolean>(
  options: WaitingTableOptions<TPageEvent, TTag, TLogged>,
) {
  const table = pagedTable(options);
  const { loading, showing } = table.states;
  const waitOffline = { target: 'offline', actions: 'noteUnanswered' } as const;
  const answers = onAnswer({ target: 'showing', action: 'showPage' }, failed(options.logFailures), [
    { guard: { type: 'unanswered', params: actorOutput }, ...waitOffline },
  ] as const);
  const waiting = retryWhenBack('loading');
  return {
    initial: 'loading',
    states: {
      loading: { ...loading, invoke: { ...loading.invoke, ...answers, onError: waitOffline } },
      showing,
      offline: {
        ...waiting,
        description: options.descriptions.offline,
        on: { ...waiting.on, ...on(options.pageEvent, { target: 'loading', actions: 'setPage' } as const) },
        initial: 'rows',
        states: {
          rows: {
            description: 'The rows shown stay, dimmed as being read.',
            always: { guard: 'nothingShown', target: 'skeleton' },
          },
          skeleton: {
            description: 'No page has loaded yet: the skeleton, never the empty text.',
            tags: 'skeleton',
          },
        },
      },
    },
  } as const;
}
