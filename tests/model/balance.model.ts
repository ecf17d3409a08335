/** The member home's wallet as a test model: what the home sends it and what the server answers. */
import type { GameAccountItem, WalletResponse } from '../../src/contract/api.ts';
import { balanceMachine } from '../../machines/balance/balance.machine.ts';
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

const events = {
  'balance.reload': () => [{ type: 'balance.reload' }],
  'balance.refreshAll': () => [{ type: 'balance.refreshAll' }],
} satisfies EventFixtures<typeof balanceMachine>;

export const balanceModels: FlowModel<typeof balanceMachine>[] = [
  {
    name: 'wallet',
    machine: balanceMachine,
    input: undefined,
    events: offerAll(events),
    // Whether a wallet is shown, and from which read (its time).
    abstraction: ({ context }) => ({ wallet: context.wallet?.updatedAt ?? null }),
    replies: {
      loadWallet: [
        { ok: true, data: walletAnswer(100, '2025-06-01T10:00:00.000Z') },
        { ok: false, message: 'INTERNAL_SERVER_ERROR' },
      ] satisfies Result<WalletResponse>[],
      refreshAll: [
        { ok: true, data: walletAnswer(100, '2025-06-01T10:05:00.000Z') },
        { ok: false, message: 'NO_GAME' },
      ] satisfies Result<WalletResponse>[],
    },
  },
];
