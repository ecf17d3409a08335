import { assertEvent, assign, setup } from 'xstate';
import type { WalletResponse } from '../../src/contract/api.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { okData, type Result } from '../shared/result.ts';
import type { BalanceContext, BalanceEvent, BalanceInput, BalanceTag } from './balance.types.ts';

/**
 * A read of the wallet younger than this is recent: the home opens with a
 * plain read. An older one, or none, is refreshed first (the server re-reads
 * every game balance), so figures the member has not looked at for a while
 * do not come from the games' last reports (docs/decisions/0139-last-sync.md).
 */
export const LAST_SYNC_RECENT_MS = 5 * 60_000;

/**
 * Whether the read at `lastSync` (an ISO time, the server's clock) is recent
 * at `now` (the device's clock, epoch ms). A time ahead of the device by
 * less than the same span counts as recent (the two clocks differ a little);
 * further ahead, unreadable or missing, it does not.
 */
export function syncIsRecent(lastSync: string | null, now: number): boolean {
  if (lastSync === null) return false;
  return Math.abs(now - Date.parse(lastSync)) < LAST_SYNC_RECENT_MS;
}

/**
 * The wallet with the balances a news names (the wallet's, each game's it
 * touched); the rest as last read. The read's time stays: the other games
 * were not read again.
 */
export function withNews(wallet: WalletResponse, news: WalletChanged): WalletResponse {
  const slots = new Map(news.slots.map((slot) => [slot.code, slot.amount]));
  return {
    ...wallet,
    wallet: news.wallet ?? wallet.wallet,
    slots: wallet.slots.map((slot) => (slots.has(slot.code) ? { ...slot, amount: slots.get(slot.code)! } : slot)),
  };
}

/**
 * A read of the wallet: an answer is shown and its time remembered as
 * `last_sync`; a refusal keeps what is shown and is only logged (spec 7);
 * no answer waits and reads again (machines/shared/read-retry.ts).
 */
function readWallet<TSrc extends 'loadWallet' | 'refreshAll'>(src: TSrc) {
  return {
    id: src,
    src,
    ...onAnswer({ target: 'idle', action: 'storeWallet', then: ['rememberSync'] }, { target: 'idle', action: 'logFailure' }, [
      { guard: { type: 'unanswered', params: actorOutput }, target: 'offline', actions: 'noteUnanswered' },
    ]),
    onError: { target: 'offline', actions: 'noteUnanswered' },
  } as const;
}

export const balanceMachine = setup({
  types: {
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
    input: {} as BalanceInput,
    tags: {} as BalanceTag,
  },
  actors: {
    loadWallet: notProvided<Result<WalletResponse>>('loadWallet'),
    refreshAll: notProvided<Result<WalletResponse>>('refreshAll'),
  },
  actions: {
    storeWallet: assign((_, result: Result<WalletResponse>) => {
      const wallet = okData(result);
      return { wallet, lastSync: wallet.updatedAt, attempts: 0 };
    }),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    takeNews: assign(({ context, event }) => {
      assertEvent(event, 'balance.news');
      return { wallet: withNews(context.wallet!, event.news) };
    }),
    // Provided by the view layer: local storage `last_sync` ← context.lastSync (spec 3).
    rememberSync: () => {},
    // Provided by the view layer (spec 7: a failed wallet load is only logged).
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded,
    unanswered,
    lastReadRecent: ({ context }) => syncIsRecent(context.lastSync, context.openedAt),
    hasWallet: ({ context }) => context.wallet !== null,
  },
  delays: { ...loaderDelays, ...retryDelays },
}).createMachine({
  id: 'balance',
  description:
    'The member home\'s balances: the wallet answer with the game accounts and the last-update time (spec 2 Member home), kept as `last_sync` (spec 3). A failed read keeps what is shown and is only logged (spec 7). The wallet\'s news from the server shows its balances at once (docs/decisions/0141-wallet-news.md); before the first answer there is nothing to update, and the read brings them.',
  context: ({ input }) => ({ wallet: null, lastSync: input.lastSync, openedAt: input.openedAt, attempts: 0 }),
  on: {
    // Whatever the state: a read in flight answers later and shows what it read.
    'balance.news': { guard: 'hasWallet', actions: 'takeNews' },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'The first read depends on the last one this device made (`last_sync`): within the last few minutes, a plain read; older or none, a refresh of every game balance.',
      always: [{ guard: 'lastReadRecent', target: 'loading' }, { target: 'refreshingFirst' }],
    },
    loading: {
      description:
        'The first read, the last one being recent. The skeleton shows only when the answer takes longer than the loader delay (spec 9); the last read\'s time shows meanwhile. No modal can be open yet (they need a wallet), so nothing asks to read again meanwhile.',
      tags: 'busy',
      ...skeletonAfterLoaderDelay,
      invoke: readWallet('loadWallet'),
    },
    refreshingFirst: {
      description:
        'The first read when the last one is older than a few minutes, or unknown on this device: the server re-reads every game balance first. Otherwise as loading.',
      tags: ['busy', 'refreshingAll'],
      ...skeletonAfterLoaderDelay,
      invoke: readWallet('refreshAll'),
    },
    idle: {
      description: 'Shows the last wallet read, or dashes and the last read\'s time when no read has succeeded in this visit.',
      on: {
        'balance.reload': 'reloading',
        'balance.refreshAll': 'refreshingAll',
      },
    },
    offline: retryWhenBack('reloading', { 'balance.reload': 'reloading', 'balance.refreshAll': 'refreshingAll' }),
    reloading: {
      description: 'Reads the wallet again; what is shown stays until the answer. A second save restarts the read, so the answer is never older than the last save.',
      tags: 'busy',
      invoke: readWallet('loadWallet'),
      on: {
        'balance.reload': { target: 'reloading', reenter: true },
      },
    },
    refreshingAll: {
      description:
        'The server re-reads every game balance. A modal that saved meanwhile (opened before the answer) drops this read for a fresh one.',
      tags: ['busy', 'refreshingAll'],
      invoke: readWallet('refreshAll'),
      on: {
        'balance.reload': 'reloading',
      },
    },
  },
});
