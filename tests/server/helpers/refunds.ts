/**
 * Loss refund tests' setup: the refund settings written straight into the
 * table (the operator API has its own tests), the member's refund calls,
 * a rollback on the ledger as the reference provider writes one, and the
 * clock set to a given instant.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { toMinor } from '../../../src/contract/money.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { ledgerTransfers, refunds } from '../../../src/server/db/schema.ts';
import { ensureGameAccount, ensureHouseAccount } from '../../../src/server/ledger/accounts.ts';
import { postTransfer } from '../../../src/server/ledger/transfers.ts';
import { putSetting, type Settings } from '../../../src/server/repositories/settings.ts';
import type { TestApp } from './app.ts';
import { inEachLanguage } from './bonuses.ts';
import { call } from './http.ts';
import { login } from './members.ts';

/** 10 % of each week's loss, nothing to reach first. */
export const WEEKLY_TEN_PERCENT: Settings['refund'] = { active: true, percent: 10, period: 'week', minimum: 0, info: inEachLanguage('<p>10 % back every week</p>') };

export async function setRefund(t: TestApp, changes: Partial<Settings['refund']> = {}): Promise<void> {
  await putSetting(t.db, 'refund', { ...WEEKLY_TEN_PERCENT, ...changes });
}

/**
 * Sets the test clock to `iso` (forward or back) and signs these members in
 * again: a token lives 7 days, and these tests move weeks at a time.
 */
export async function moveClockTo(t: TestApp, iso: string, ...members: Array<{ phone: string; password: string; token: string }>): Promise<void> {
  t.clock.advance(new Date(iso).getTime() - t.clock().getTime());
  for (const member of members) member.token = await login(t, member.phone, member.password);
}

export interface RefundCheck {
  result: boolean;
  bonus: boolean;
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
  percent: number;
  period: string;
  minimum: number;
}

export async function refundCheckOf(t: TestApp, token: string, language?: string): Promise<RefundCheck> {
  const response = await call(t.app, endpoints.refundCheck, undefined, { token, ...(language !== undefined && { language }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** GET /api/refund/receive or /api/refund/addWallet, answered as it is. */
export function receive(t: TestApp, token: string, via: 'receive' | 'addWallet' = 'receive') {
  return call(t.app, via === 'receive' ? endpoints.refundReceive : endpoints.refundAddWallet, undefined, { token });
}

/** The answer's status and body together, for one expectation. */
export async function answered(response: Promise<{ statusCode: number; json: () => unknown }>) {
  const done = await response;
  return [done.statusCode, done.json()];
}

export interface RefundLogItem {
  _id: string;
  refundAmount: number;
  loss: number;
  periodStart: string;
  received: boolean;
  createdAt: string;
}

export async function refundLogOf(t: TestApp, token: string, page = 1, limit = 10): Promise<{ refunds: RefundLogItem[]; total: number }> {
  const response = await call(t.app, endpoints.refunds, { page, limit }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

let rollbacks = 0;

/** A returned bet of `major` from the house to the member's game account, as a reference rollback writes it. */
export async function placeRollback(t: TestApp, userId: number, gameCode: string, major: number): Promise<void> {
  const now = t.clock();
  const game = await ensureGameAccount(t.db, userId, gameCode, 'BAHT', now);
  const house = await ensureHouseAccount(t.db, 'test-provider', 'BAHT', now);
  rollbacks += 1;
  await postTransfer(
    t.db,
    { debitAccountId: house.id, creditAccountId: game.id, amount: toMinor(major), kind: 'rollback', reference: `test-rollback-${rollbacks}`, idempotencyKey: `test-rollback-${rollbacks}:rollback` },
    now,
  );
}

/** The member's refund rows as stored, oldest period first. */
export function refundRowsOf(db: Db, userId: number) {
  return db.select().from(refunds).where(eq(refunds.userId, userId)).orderBy(asc(refunds.periodStart));
}

/** Every `refund` transfer on the ledger. */
export function refundTransfers(db: Db) {
  return db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'refund')).orderBy(asc(ledgerTransfers.id));
}
