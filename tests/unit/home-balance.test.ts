import { describe, expect, it } from 'vitest';
import type { GameAccountItem, WalletResponse } from '../../src/contract/api.ts';
import { gameCredits, gamesBalance, slotsByCategory, totalBalance } from '../../src/features/home/balance.ts';

function slot(code: string, category: GameAccountItem['category'], amount: number, ftWalletSlot = 1): GameAccountItem {
  return { code, name: code, category, isActive: amount > 0, amount, ftWalletSlot, logo: '', background: '', web: null, android: null, ios: null };
}

function wallet(amount: number, slots: GameAccountItem[]): WalletResponse {
  return {
    profile: { _id: '1', username: '0812345678', name: 'A', createdAt: '2025-01-01T00:00:00.000Z', coin: 0, role: 'member' },
    bankAccount: null,
    wallet: { amount },
    invite: { amount: 0, success: 0, fail: 0 },
    slots,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('member home balances (spec 2)', () => {
  it('adds the wallet and every game account, to the satang', () => {
    const w = wallet(0.1, [slot('A', 'slot', 0.2), slot('B', 'sport', 100.05), slot('C', 'lotto', 0)]);
    expect(totalBalance(w)).toBe(100.35);
    expect(gamesBalance(w)).toBe(100.25);
    expect(totalBalance(wallet(12.5, []))).toBe(12.5);
  });

  it('converts a game balance to its credits with ftWalletSlot', () => {
    expect(gameCredits(slot('A', 'slot', 100.1, 100))).toBe(10010);
    expect(gameCredits(slot('A', 'slot', 2.5, 1))).toBe(2.5);
    expect(gameCredits(slot('A', 'slot', 0, 100))).toBe(0);
  });

  it('groups games into the three carousels, keeping the server order', () => {
    const groups = slotsByCategory([slot('S1', 'slot', 0), slot('P1', 'sport', 0), slot('S2', 'slot', 0), slot('L1', 'lotto', 0)]);
    expect(groups.slot.map((s) => s.code)).toEqual(['S1', 'S2']);
    expect(groups.sport.map((s) => s.code)).toEqual(['P1']);
    expect(groups.lotto.map((s) => s.code)).toEqual(['L1']);
  });
});
