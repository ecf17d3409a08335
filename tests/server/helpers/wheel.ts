/**
 * Wheel tests' setup: a wheel written straight into the table (the
 * operator's API has its own tests), coins given to a member, and spins
 * through the member's API. A wheel whose weight is all on one slice lands
 * there every time, so a test can spin to the prize it needs.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { toMinor } from '../../../src/contract/money.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { users, wheels, type StoredSlice } from '../../../src/server/db/schema.ts';
import type { TestApp } from './app.ts';
import { inEachLanguage } from './bonuses.ts';
import { call } from './http.ts';

export type PrizeFixture =
  | { type: 'none' }
  | { type: 'credit'; amount: { BAHT: number; LAK: number }; expiryDays?: number }
  | { type: 'item'; name: string; expiryDays?: number };

/** A slice with its English label marked for th and la (inEachLanguage), and colours of no importance. */
export function slice(code: string, weight: number, prize: PrizeFixture = { type: 'none' }): StoredSlice {
  const stored: StoredSlice['prize'] =
    prize.type === 'credit'
      ? { type: 'credit', amount: { BAHT: String(toMinor(prize.amount.BAHT)), LAK: String(toMinor(prize.amount.LAK)) }, expiryDays: prize.expiryDays ?? 7 }
      : prize.type === 'item'
        ? { type: 'item', name: inEachLanguage(prize.name), expiryDays: prize.expiryDays ?? 7 }
        : prize;
  return {
    code,
    label: inEachLanguage(`Label ${code}`),
    bgColor: '#112233',
    textColor: '#ffffff',
    htmlDescription: inEachLanguage(`<p>${code}</p>`),
    weight,
    prize: stored,
  };
}

/** Six slices, some with prizes: the demo's shape. */
export const SIX_SLICES = [
  slice('NOTHING', 40),
  slice('CASH10', 25, { type: 'credit', amount: { BAHT: 10, LAK: 2_000 } }),
  slice('CASH50', 15, { type: 'credit', amount: { BAHT: 50, LAK: 10_000 } }),
  slice('SHIRT', 10, { type: 'item', name: 'T-shirt' }),
  slice('AGAIN', 9),
  slice('JACKPOT', 1, { type: 'credit', amount: { BAHT: 500, LAK: 100_000 } }),
];

/**
 * Makes this the current wheel, replacing the one there was (as an
 * operator's change does). Answers its id.
 */
export async function setWheel(db: Db, now: Date, { slices = SIX_SLICES, active = true, name = 'Lucky wheel' }: { slices?: StoredSlice[]; active?: boolean; name?: string } = {}): Promise<number> {
  await removeWheel(db, now);
  const [row] = await db.insert(wheels).values({ name: inEachLanguage(name), slices, active, createdAt: now }).returning({ id: wheels.id });
  return row!.id;
}

/** No current wheel at all. */
export async function removeWheel(db: Db, now: Date): Promise<void> {
  await db.update(wheels).set({ replacedAt: now }).where(isNull(wheels.replacedAt));
}

/** Adds coins to the member. */
export async function giveCoins(db: Db, userId: number, coins: number): Promise<void> {
  await db.update(users).set({ coin: sql`${users.coin} + ${coins}` }).where(eq(users.id, userId));
}

export async function coinsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ coin: users.coin }).from(users).where(eq(users.id, userId));
  return row!.coin;
}

/** POST /api/spinwheel/spin, answered as it is (in English unless asked otherwise). */
export function spin(t: TestApp, token: string, options: { idempotencyKey?: string; language?: string } = {}) {
  return call(t.app, endpoints.spin, {}, { token, language: 'en', ...options });
}

/** Spins and expects a result. */
export async function spinOnce(t: TestApp, token: string, options: { idempotencyKey?: string; language?: string } = {}) {
  const response = await spin(t, token, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as {
    code: string;
    label: string;
    index: number;
    remainingCoin: number;
    coupon: string | null;
    seedHash: string;
    clientSeed: string;
    nonce: number;
  };
}
