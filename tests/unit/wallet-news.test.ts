/**
 * The wallet's news (docs/decisions/0141-wallet-news.md): what the server
 * makes of a transaction's transfers for each member, what the home shows of
 * it, what a toast tells, and the game account modal's transfer-only.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { WalletResponse } from '../../src/contract/api.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import { withNews } from '../../machines/balance/balance.machine.ts';
import { gameAccountMachine } from '../../machines/game-account/game-account.machine.ts';
import type { GameCredentials } from '../../machines/game-account/game-account.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { announcementOf } from '../../machines/member-news/member-news.machine.ts';
import { walletNews } from '../../src/server/money/wallet-news.ts';
import type { WrittenTransfer } from '../../src/server/ledger/commit-news.ts';

const AT = new Date('2026-03-02T10:00:00.000Z');
/** Accounts 1, 2: member 7's wallet and game SLOT; 3: member 8's wallet; 10, 11: deposits and a house (no member's). */
const owners = new Map([
  [1, { kind: 'wallet' as const, userId: 7, currency: 'BAHT' as const }],
  [2, { kind: 'game' as const, userId: 7, gameCode: 'SLOT', currency: 'BAHT' as const }],
  [3, { kind: 'wallet' as const, userId: 8, currency: 'LAK' as const }],
]);

let ids = 0;
function written(
  debitAccountId: number,
  creditAccountId: number,
  amount: bigint,
  kind: WrittenTransfer['transfer']['kind'],
  phase: WrittenTransfer['transfer']['phase'] = 'posted',
  available: Record<number, bigint> = {},
): WrittenTransfer {
  return {
    transfer: { id: ++ids, debitAccountId, creditAccountId, amount, kind, phase, pendingId: null, reference: null, idempotencyKey: `k${ids}`, createdAt: AT },
    accounts: Object.entries(available).map(([id, value]) => ({ id: Number(id), available: value })),
  };
}

describe('the server’s news of one transaction', () => {
  it('tells each member of their own accounts only, the last balance of each, the changes in order', () => {
    const news = walletNews(
      [
        written(10, 1, 50_000n, 'deposit', 'posted', { 10: -50_000n, 1: 60_000n }),
        written(1, 2, 4_000n, 'transfer', 'posted', { 1: 56_000n, 2: 4_000n }),
        written(2, 11, 1_000n, 'bet', 'posted', { 2: 3_000n, 11: 1_000n }),
        written(10, 3, 700n, 'deposit', 'posted', { 3: 700n }),
      ],
      owners,
      AT,
    );
    expect(Object.fromEntries(news)).toEqual({
      7: {
        currency: 'BAHT',
        wallet: { amount: 560 },
        slots: [{ code: 'SLOT', amount: 30 }],
        changes: [
          { kind: 'deposit', amount: 500, direction: 'in' },
          { kind: 'transfer', amount: 40, direction: 'out' },
          { kind: 'bet', amount: 10, direction: 'out' },
        ],
        at: AT.toISOString(),
      },
      8: { currency: 'LAK', wallet: { amount: 7 }, slots: [], changes: [{ kind: 'deposit', amount: 7, direction: 'in' }], at: AT.toISOString() },
    });
  });

  it('names a payout held, paid and returned, a game back to the wallet, a coupon and an adjustment taken', () => {
    const kinds = (transfer: WrittenTransfer) => walletNews([transfer], owners, AT).get(7)!.changes;
    expect(kinds(written(1, 12, 100n, 'withdraw', 'pending'))).toEqual([{ kind: 'withdrawalHeld', amount: 1, direction: 'out' }]);
    expect(kinds(written(1, 12, 100n, 'withdraw', 'post_pending'))).toEqual([{ kind: 'withdrawalPaid', amount: 1, direction: 'out' }]);
    expect(kinds(written(1, 12, 100n, 'withdraw', 'void_pending'))).toEqual([{ kind: 'withdrawalReturned', amount: 1, direction: 'in' }]);
    expect(kinds(written(2, 1, 100n, 'transfer'))).toEqual([{ kind: 'transfer', amount: 1, direction: 'in' }]);
    expect(kinds(written(13, 1, 100n, 'prize'))).toEqual([{ kind: 'coupon', amount: 1, direction: 'in' }]);
    expect(kinds(written(1, 14, 100n, 'correction'))).toEqual([{ kind: 'adjustment', amount: 1, direction: 'out' }]);
  });

  it('tells no one of money between system accounts', () => {
    expect(walletNews([written(10, 11, 100n, 'deposit')], owners, AT).size).toBe(0);
  });
});

const NEWS: WalletChanged = {
  currency: 'BAHT',
  wallet: { amount: 560 },
  slots: [{ code: 'SLOT', amount: 30 }],
  changes: [
    { kind: 'transfer', amount: 40, direction: 'out' },
    { kind: 'deposit', amount: 500, direction: 'in' },
  ],
  at: AT.toISOString(),
};

describe('what the member sees of it', () => {
  it('shows the balances the news names and keeps the rest as read', () => {
    const slot = (code: string, amount: number) => ({ code, name: code, category: 'slot' as const, isActive: true, amount, ftWalletSlot: 1, logo: '', background: '', web: null, android: null, ios: null });
    const read = { wallet: { amount: 100 }, slots: [slot('SLOT', 70), slot('OTHER', 5)], updatedAt: '2026-03-02T09:00:00.000Z' } as WalletResponse;
    expect(withNews(read, NEWS)).toEqual({ ...read, wallet: { amount: 560 }, slots: [slot('SLOT', 30), slot('OTHER', 5)] });
    expect(withNews(read, { ...NEWS, wallet: null }).wallet).toEqual({ amount: 100 });
  });

  it('announces what came from elsewhere, and not what the member did here', () => {
    expect(announcementOf(NEWS)).toEqual({ kind: 'deposit', amount: 500, direction: 'in' });
    expect(announcementOf({ ...NEWS, changes: [{ kind: 'win', amount: 5, direction: 'in' }] })).toBeNull();
    expect(announcementOf({ ...NEWS, changes: [{ kind: 'withdrawalReturned', amount: 5, direction: 'in' }] })).toEqual({ kind: 'withdrawalReturned', amount: 5, direction: 'in' });
  });

  it('lets the game account modal transfer only once a news gives its game a balance', async () => {
    const credentials: GameCredentials = { code: 'SLOT', provider: 'p', username: 'u', password: 'p', event: null };
    const loadAccount = fromPromise<Result<GameCredentials>, { gameCode: string }>(async () => ({ ok: true, data: credentials }));
    const machine = gameAccountMachine.provide({ actors: { loadAccount } });
    const actor = createActor(machine, { input: { card: { code: 'SLOT', isActive: true, amount: 0 } } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().can({ type: 'game.transfer' })).toBe(false);
    actor.send({ type: 'wallet.changed', news: { ...NEWS, slots: [{ code: 'OTHER', amount: 9 }] } });
    expect(actor.getSnapshot().can({ type: 'game.transfer' })).toBe(false);
    actor.send({ type: 'wallet.changed', news: NEWS });
    expect(actor.getSnapshot().can({ type: 'game.transfer' })).toBe(true);
    actor.stop();
  });
});
