/**
 * The member home's wallet as a test model: what the home sends it and what
 * the server answers, for a device whose last read (`last_sync`) is recent,
 * old, or unknown.
 */
import type { GameAccountItem, WalletResponse } from '../../src/contract/api.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import { balanceMachine, LAST_SYNC_RECENT_MS } from '../../machines/balance/balance.machine.ts';
import type { BalanceInput } from '../../machines/balance/balance.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

/** A game account item as the wallet answer lists it. */
export function slot(code: string, category: GameAccountItem['category'], amount: number, isActive: boolean): GameAccountItem {
  return {
    code,
    name: `Game ${code}`,
    category,
    isActive,
    amount,
    ftWalletSlot: 100,
    logo: `/images/games/${code}-logo.svg`,
    background: `/images/games/${code}.svg`,
    web: null,
    android: null,
    ios: null,
  };
}

/** A wallet as GET /api/wallet answers it; `amount` is the wallet's available balance. */
export function walletAnswer(amount: number, updatedAt: string): WalletResponse {
  return {
    profile: {
      _id: '7',
      username: '0812345678',
      name: 'สมชาย ใจดี',
      createdAt: '2025-01-02T03:04:05.000Z',
      coin: 0,
      role: 'member',
    },
    bankAccount: {
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      currency: 'BAHT',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    },
    wallet: { amount },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [slot('SLOT1', 'slot', 50, true), slot('SPORT1', 'sport', 0, false), slot('LOTTO1', 'lotto', 0, false)],
    updatedAt,
  };
}

/** The server's news of a deposit credited, and a transfer into SLOT1 (docs/decisions/0141-wallet-news.md). */
export const NEWS: WalletChanged = {
  currency: 'BAHT',
  wallet: { amount: 560 },
  slots: [{ code: 'SLOT1', amount: 90 }],
  changes: [{ kind: 'transfer', amount: 40, direction: 'out' }],
  at: '2025-06-01T10:10:03.000Z',
};

const events = {
  'balance.news': () => [{ type: 'balance.news', news: NEWS }],
  'balance.reload': () => [{ type: 'balance.reload' }],
  'balance.refreshAll': () => [{ type: 'balance.refreshAll' }],
  // The shell's connectivity actor is online again (docs/decisions/0145-a-flaky-network.md).
  'read.online': () => [{ type: 'read.online' }],
} satisfies EventFixtures<typeof balanceMachine>;

/** The simulated clock's time when the home opens. */
export const OPENED_AT = Date.parse('2025-06-01T10:10:00.000Z');

/**
 * The device's last reads the flows start from (`last_sync`): just within
 * the recent span, just beyond it, none. The clocks' skew either way is
 * tested on syncIsRecent itself (tests/unit/home-balance.test.ts).
 */
export const LAST_SYNCS = {
  recent: new Date(OPENED_AT - LAST_SYNC_RECENT_MS + 1).toISOString(),
  old: new Date(OPENED_AT - LAST_SYNC_RECENT_MS).toISOString(),
  none: null,
} satisfies Record<string, string | null>;

const model = (start: keyof typeof LAST_SYNCS): FlowModel<typeof balanceMachine> => ({
  name: `wallet, last read ${start}`,
  machine: balanceMachine,
  input: { lastSync: LAST_SYNCS[start], openedAt: OPENED_AT } satisfies BalanceInput,
  events: offerAll(events),
  // Whether a wallet is shown, and from which read (its time); before one, whether an earlier read's time is known.
  // The count of unanswered reads is left out (the backoff's growth: tests/unit/read-retry.test.ts).
  abstraction: ({ context }) => ({ wallet: context.wallet?.updatedAt ?? null, lastSync: context.wallet === null && context.lastSync !== null }),
  replies: {
    loadWallet: [
      { ok: true, data: walletAnswer(100, '2025-06-01T10:10:01.000Z') },
      { ok: false, message: 'INTERNAL_SERVER_ERROR' },
      // A gateway's 502, 503 or 504 without a message (src/api/answer.ts): no answer.
      { ok: false, message: 'NETWORK_ERROR' },
    ] satisfies Result<WalletResponse>[],
    refreshAll: [
      { ok: true, data: walletAnswer(100, '2025-06-01T10:10:02.000Z') },
      { ok: false, message: 'NO_GAME' },
      { ok: false, message: 'NETWORK_ERROR' },
    ] satisfies Result<WalletResponse>[],
  },
});

export const balanceModels = (Object.keys(LAST_SYNCS) as Array<keyof typeof LAST_SYNCS>).map(model);
