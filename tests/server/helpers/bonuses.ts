/**
 * Bonus tests' setup: offers written straight into the table (the operator
 * API has its own tests), receiving them through the member's API, and
 * bets placed on the ledger as the reference provider's rounds place them.
 */
import { expect } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { toMinor } from '../../../src/contract/money.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { bonuses } from '../../../src/server/db/schema.ts';
import { ensureGameAccount, ensureHouseAccount } from '../../../src/server/ledger/accounts.ts';
import { postTransfer } from '../../../src/server/ledger/transfers.ts';
import type { TestApp } from './app.ts';
import { call } from './http.ts';

export interface OfferFixture {
  code: string;
  kind?: 'bonus' | 'promotion';
  type?: 'limit' | 'day' | 'week';
  maxReceived?: number;
  percentFail?: number;
  /** percent of the deposit up to cap (major units), or a fixed amount. */
  grant?: { percent: number; cap: number; minDeposit?: number } | { fixed: number };
  turnoverMultiplier?: number;
  withdrawCap?: number | null;
  endThreshold?: number;
  quota?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  /** English; the Thai and Lao texts are the same with a language mark. */
  description?: string;
  banners?: { image: string; html: string }[];
}

/** The English text as given, marked for th and la so a test sees which language it was answered. */
export function inEachLanguage(en: string) {
  return { en, th: `[th] ${en}`, la: `[la] ${en}` };
}

/** An active offer in baht: by default a fixed 100 bonus, turnover × 1, no cap, ended below 1. */
export async function addOffer(db: Db, now: Date, offer: OfferFixture): Promise<void> {
  const grant = offer.grant ?? { fixed: 100 };
  await db.insert(bonuses).values({
    code: offer.code,
    kind: offer.kind ?? 'bonus',
    bonusType: offer.type ?? 'limit',
    currency: 'BAHT',
    maxReceived: offer.maxReceived ?? 1,
    percentFail: offer.percentFail ?? 0,
    banners: (offer.banners ?? [{ image: '/images/bonus.png', html: '<p>Bonus</p>' }]).map((banner) => ({ image: banner.image, html: inEachLanguage(banner.html) })),
    description: inEachLanguage(offer.description ?? `<p>${offer.code}</p>`),
    ...('fixed' in grant
      ? { grantKind: 'fixed' as const, grantAmount: toMinor(grant.fixed) }
      : { grantKind: 'percent' as const, grantPercent: grant.percent, grantCap: toMinor(grant.cap), minDeposit: toMinor(grant.minDeposit ?? 0) }),
    turnoverMultiplier: offer.turnoverMultiplier ?? 1,
    withdrawCap: offer.withdrawCap == null ? null : toMinor(offer.withdrawCap),
    endThreshold: toMinor(offer.endThreshold ?? 1),
    quota: offer.quota ?? null,
    startsAt: offer.startsAt ?? null,
    endsAt: offer.endsAt ?? null,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
}

/** GET /api/bonus/activate/{code} (or the promotion's), answered as it is. */
export function activateBonus(t: TestApp, token: string, code: string, kind: 'bonus' | 'promotion' = 'bonus') {
  return call(t.app, kind === 'bonus' ? endpoints.bonusActivate : endpoints.promotionActivate, undefined, { token, params: { code } });
}

/** Receives the offer and expects it to be granted. */
export async function takeBonus(t: TestApp, token: string, code: string, kind: 'bonus' | 'promotion' = 'bonus') {
  const response = await activateBonus(t, token, code, kind);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

let bets = 0;

/** A lost bet of `major` from the member's game account to the house, as a reference round writes it. */
export async function placeBet(t: TestApp, userId: number, gameCode: string, major: number): Promise<void> {
  const now = t.clock();
  const game = await ensureGameAccount(t.db, userId, gameCode, 'BAHT', now);
  const house = await ensureHouseAccount(t.db, 'test-provider', 'BAHT', now);
  bets += 1;
  await postTransfer(t.db, { debitAccountId: game.id, creditAccountId: house.id, amount: toMinor(major), kind: 'bet', reference: `test-round-${bets}`, idempotencyKey: `test-round-${bets}:bet` }, now);
}

/** A win of `major` from the house to the member's game account, as a reference round writes it. */
export async function placeWin(t: TestApp, userId: number, gameCode: string, major: number): Promise<void> {
  const now = t.clock();
  const game = await ensureGameAccount(t.db, userId, gameCode, 'BAHT', now);
  const house = await ensureHouseAccount(t.db, 'test-provider', 'BAHT', now);
  bets += 1;
  await postTransfer(t.db, { debitAccountId: house.id, creditAccountId: game.id, amount: toMinor(major), kind: 'win', reference: `test-round-${bets}`, idempotencyKey: `test-round-${bets}:win` }, now);
}

export async function activeBonusOf(t: TestApp, token: string) {
  const response = await call(t.app, endpoints.bonusCheckActive, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
