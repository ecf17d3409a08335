import type { BalanceContext } from '../../machines/balance/balance.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { LAST_SYNCS, OPENED_AT, balanceModels } from './balance.model.ts';

/** The one last read recent enough for a plain first read (within LAST_SYNC_RECENT_MS). */
const RECENT = new Set<string | null>([LAST_SYNCS.recent]);

describeModels('balance', balanceModels, {
  tags: {
    'loading.quiet': ['busy'],
    'loading.slow': ['busy', 'skeleton'],
    'refreshingFirst.quiet': ['busy', 'refreshingAll'],
    'refreshingFirst.slow': ['busy', 'refreshingAll', 'skeleton'],
    idle: [],
    reloading: ['busy'],
    refreshingAll: ['busy', 'refreshingAll'],
    offline: ['offline'],
  },
  check(step, flow) {
    const { event, before, after, actions, calls, waited } = step;
    const context = after.context as BalanceContext;
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);
    const start = (flow.input as { lastSync: string | null }).lastSync;
    /** No answer: not a failure, not logged; what is shown stays, and the wallet is read again with the backoff. */
    const waitsForNetwork = () => {
      expect(after.matches('offline')).toBe(true);
      expect(after.context).toEqual({ ...before!.context, attempts: nextAttempt(before!.context.attempts) });
      expect(actions).toEqual([]);
      expect(calls).toEqual([]);
    };
    const readsAgain = () => {
      expect(after.matches('reloading')).toBe(true);
      expect(calls).toEqual([{ actor: 'loadWallet', input: undefined }]);
      expect(after.context).toEqual(before!.context);
    };

    switch (event.type) {
      case 'xstate.init':
        // A last read within the recent span: a plain read; older or none: every game balance is refreshed first.
        expect(calls).toEqual([{ actor: RECENT.has(start) ? 'loadWallet' : 'refreshAll', input: undefined }]);
        expect(after.matches(RECENT.has(start) ? 'loading' : 'refreshingFirst')).toBe(true);
        // Until the answer the home says when the figures were last read.
        expect(context).toEqual({ wallet: null, lastSync: start, openedAt: OPENED_AT, attempts: 0 });
        break;
      case 'balance.reload':
        if (was('loading') || was('refreshingFirst')) {
          unchanged(); // no modal can be open before the first wallet: nothing saved meanwhile
          expect(calls).toEqual([]);
        } else {
          // A save restarts a read in flight and drops a refresh-all: the answer is never older than the save.
          expect(after.matches('reloading')).toBe(true);
          expect(calls).toEqual([{ actor: 'loadWallet', input: undefined }]);
          expect(after.context).toEqual(before!.context); // what is shown stays until the answer
        }
        break;
      case 'balance.news':
        expect(after.value).toEqual(before!.value); // a read in flight goes on
        expect(calls).toEqual([]);
        if (before!.context.wallet === null) unchanged(); // nothing shown yet: the first read brings it
        else {
          // The wallet's and SLOT1's balances are the news's; the other games and the read's time stay.
          const shown = before!.context.wallet;
          expect(context.wallet).toEqual({
            ...shown,
            wallet: { amount: 560 },
            slots: shown.slots.map((slot: { code: string }) => (slot.code === 'SLOT1' ? { ...slot, amount: 90 } : slot)),
          });
          expect(context.lastSync).toBe(before!.context.lastSync);
        }
        break;
      case 'read.online':
        // The connection is back: a wallet waiting for it is read now; nothing else changes.
        if (was('offline')) readsAgain();
        else {
          unchanged();
          expect(calls).toEqual([]);
        }
        break;
      case 'balance.refreshAll':
        if (was('idle') || was('offline')) {
          expect(after.matches('refreshingAll')).toBe(true);
          expect(calls).toEqual([{ actor: 'refreshAll', input: undefined }]);
        } else {
          unchanged(); // busy: nothing happens twice
          expect(calls).toEqual([]);
        }
        break;
      case 'xstate.done.actor.loadWallet':
      case 'xstate.done.actor.refreshAll':
        if (!event.output.ok && event.output.message === NETWORK_ERROR) {
          waitsForNetwork();
          break;
        }
        expect(after.matches('idle')).toBe(true);
        if (event.output.ok) {
          // The answer shows, and its time is the last read, stored as last_sync.
          expect(context).toEqual({ ...before!.context, wallet: event.output.data, lastSync: event.output.data.updatedAt, attempts: 0 });
          expect(actions).toEqual([{ type: 'rememberSync' }]);
        } else {
          // spec 7: only logged; what is shown stays, and so does the last read's time.
          expect(after.context).toEqual(before!.context);
          expect(actions).toEqual([{ type: 'logFailure', params: { message: event.output.message } }]);
        }
        break;
      case 'xstate.error.actor.loadWallet':
      case 'xstate.error.actor.refreshAll':
        waitsForNetwork();
        break;
      default:
        if (/^xstate\.after\.retryDelay\./.test(event.type)) {
          // The backoff: 1 s after the first unanswered read, doubling to 30 s; then a plain read.
          expect(waited).toBe(retryDelay(before!.context.attempts));
          readsAgain();
          break;
        }
        // The skeleton shows after spec 9's 200 ms, on either first read.
        expect(event.type).toMatch(/^xstate\.after\.loaderDelay\./);
        expect(waited).toBe(LOADER_DELAY_MS);
        expect(after.matches({ loading: 'slow' }) || after.matches({ refreshingFirst: 'slow' })).toBe(true);
        expect(calls).toEqual([]);
    }
    if (!/^xstate\.(done|error)/.test(event.type)) expect(actions).toEqual([]);
  },
});
