import { assertEvent, assign, setup } from 'xstate';
import { CLIENT_SEED } from '../../src/contract/rewards.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { answeredFailure, onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { okData } from '../shared/result.ts';
import type {
  Fairness,
  FairnessAnswer,
  FairnessContext,
  FairnessEvent,
  FairnessRead,
  FairnessTag,
  HistoryPage,
  HistoryRead,
  PageQuery,
} from './fairness.types.ts';
import { verifySpin } from './verify-spin.ts';

/** spec 9: tables 10 per page. */
export const HISTORY_PAGE_SIZE = 10;

/** How many pages of spins there are (at least one, the empty list's). */
export function historyPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
}

/** A failed read (params: how to find its message): logged (spec 7). */
const logged = <Params>(params: Params) => ({ type: 'logFailure', params }) as const;

const page = (spins: HistoryPage) => ({ spins: spins.spins, total: spins.total });

export const fairnessMachine = setup({
  types: {
    context: {} as FairnessContext,
    events: {} as FairnessEvent,
    tags: {} as FairnessTag,
  },
  actors: {
    load: notProvided<FairnessRead, PageQuery>('load'),
    loadHistory: notProvided<HistoryRead, PageQuery>('loadHistory'),
    saveClientSeed: notProvided<FairnessAnswer, { clientSeed: string }>('saveClientSeed'),
    rotate: notProvided<FairnessAnswer>('rotate'),
  },
  actions: {
    storeAll: assign(({ context }, answer: FairnessRead) => {
      const { fairness, history } = okData(answer);
      return { fairness, seedDraft: fairness.clientSeed, ...page(history), shownPage: context.page, error: null, attempts: 0 };
    }),
    storeFairness: assign((_, answer: FairnessAnswer) => {
      const fairness: Fairness = okData(answer);
      return { fairness, seedDraft: fairness.clientSeed, seedError: null, error: null };
    }),
    // Another page shows: its spins are not checked until the member asks.
    storePage: assign(({ context }, answer: HistoryRead) => ({ ...page(okData(answer)), shownPage: context.page, checks: null })),
    // The page asked for did not load: the one shown stays asked for.
    keepShownPage: assign(({ context }) => ({ page: context.shownPage })),
    keepError: assign((_, { message }: { message: string }) => ({ error: message })),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    clearError: assign({ error: null }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'seed.change');
      return { seedDraft: event.value, seedError: null };
    }),
    refuseSeed: assign({ seedError: 'KEY_INVALID' }),
    keepSeedError: assign((_, { message }: { message: string }) => ({ seedError: message })),
    setPage: assign(({ event }) => {
      assertEvent(event, 'history.page');
      return { page: event.page };
    }),
    // Each spin shown recomputed from its revealed seed (rules/wheel.ts, the server's own draw).
    verify: assign(({ context }) => ({ checks: context.spins.map(verifySpin) })),
    // Provided by the view layer (spec 7: failed reads are only logged).
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded,
    unanswered,
    seedUnchanged: ({ context }) => context.seedDraft === context.fairness?.clientSeed,
    seedValid: ({ context }) => CLIENT_SEED.test(context.seedDraft),
    otherPage: ({ context, event }) =>
      event.type === 'history.page' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= historyPageCount(context.total) &&
      event.page !== context.shownPage,
  },
  delays: { ...loaderDelays, ...retryDelays },
}).createMachine({
  id: 'fairness',
  description:
    'The wheel\'s fairness page: the hash of the server seed the next spins use (published before them), the member\'s client seed (they may change it), the rotation that reveals the old seed, and the spins 10 a page, which the member may verify: each revealed spin is recomputed here and kept as match or mismatch (not revealed: rotate first).',
  context: {
    fairness: null,
    spins: [],
    total: 0,
    page: 1,
    shownPage: 1,
    seedDraft: '',
    seedError: null,
    error: null,
    checks: null,
    attempts: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/spinwheel/fairness and the first page of spins together; the skeleton only after the loader delay (spec 9).',
      tags: 'loading',
      entry: 'clearError',
      ...skeletonAfterLoaderDelay,
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ page: context.page, limit: HISTORY_PAGE_SIZE }),
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'shown', actions: { type: 'storeAll', params: actorOutput } },
          { guard: { type: 'unanswered', params: actorOutput }, target: 'offline', actions: 'noteUnanswered' },
          { target: 'failed', actions: [{ type: 'keepError', params: answeredFailure }, logged(answeredFailure)] },
        ],
        onError: { target: 'offline', actions: 'noteUnanswered' },
      },
    },
    offline: {
      ...retryWhenBack('loading', { 'fairness.retry': 'loading' }),
      description:
        'The page got no answer (offline, too slow, a gateway error): not a failure; the skeleton stays and the page is read again after the backoff, or at once when the connection is back (docs/decisions/0146-reads-that-wait.md).',
      tags: ['loading', 'skeleton', 'offline'],
    },
    failed: {
      tags: 'failed',
      description: 'Nothing to show: the page offers a retry.',
      on: { 'fairness.retry': 'loading' },
    },
    shown: {
      tags: 'shown',
      on: {
        'seed.change': { actions: 'setDraft' },
      },
      initial: 'idle',
      states: {
        idle: {
          tags: 'ready',
          description: 'Nothing on its way: the seed, the rotation, the pages and the check are open to the member.',
          on: {
            'seed.save': [
              { guard: 'seedUnchanged', description: 'The seed saved already: nothing to send.' },
              { guard: 'seedValid', target: 'savingSeed' },
              { actions: 'refuseSeed' },
            ],
            'seed.rotate': 'rotating',
            'history.page': { guard: 'otherPage', target: 'pageLoading', actions: 'setPage' },
            'history.verify': { actions: 'verify', description: 'Recompute every spin shown from its revealed seed: match, mismatch or not revealed yet.' },
          },
        },
        savingSeed: {
          tags: 'busy',
          description: 'PUT /api/spinwheel/fairness/client-seed: the next spins use it.',
          invoke: {
            id: 'saveClientSeed',
            src: 'saveClientSeed',
            input: ({ context }) => ({ clientSeed: context.seedDraft }),
            ...onAnswer({ target: 'idle', action: 'storeFairness' }, { target: 'idle', action: 'keepSeedError' }),
          },
        },
        rotating: {
          tags: 'busy',
          description: 'POST /api/spinwheel/fairness/rotate: the old seed is revealed, so the page of spins is read again to show it.',
          invoke: {
            id: 'rotate',
            src: 'rotate',
            ...onAnswer({ target: 'pageLoading', action: 'storeFairness' }, { target: 'idle', action: 'keepError' }),
          },
        },
        pageLoading: {
          tags: 'pageLoading',
          description: 'POST /api/spinwheel/history for the page asked for; the page shown stays until it answers. A failure is logged and the shown page stays.',
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            input: ({ context }) => ({ page: context.page, limit: HISTORY_PAGE_SIZE }),
            ...onAnswer({ target: 'idle', action: 'storePage' }, { target: 'idle', action: 'logFailure', then: ['keepShownPage'] }),
          },
        },
      },
    },
  },
});
