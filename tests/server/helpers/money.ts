/**
 * Money tests' setup: an app with an operator, the test games and the test
 * provider; members with money in their wallet and games; and a snapshot
 * of the whole ledger to prove a refused request moved nothing.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { ledgerAccounts, ledgerTransfers, operators, users, withdrawals } from '../../../src/server/db/schema.ts';
import { checkLedger } from '../../../src/server/ledger/check.ts';
import { DEFAULT_SETTINGS } from '../../../src/server/db/seed-data.ts';
import type { Config } from '../../../src/server/config.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { addTestGames, openGameAccount, TestProvider, type TestGameCode } from './games.ts';
import { call } from './http.ts';
import { login, signedInMember, type Member, type RegistrationBody } from './members.ts';

export const OPERATOR = { phone: '0800000001', password: 'operator-secret' };

export interface MoneyApp extends TestApp {
  provider: TestProvider;
  operatorToken: string;
}

let current: Db | undefined;

/** Call once at the top of a test file: after each test, the ledger must be sound. */
export function checkLedgerAfterEach(): void {
  afterEach(async () => {
    const db = current;
    current = undefined;
    if (db) expect(await checkLedger(db)).toEqual([]);
  });
}

export async function buildMoneyApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<MoneyApp> {
  const provider = new TestProvider();
  const t = await buildTestApp({ operator: OPERATOR, ...overrides }, { games: new Map([[provider.name, provider]]), ...options });
  current = t.db;
  await addTestGames(t.db);
  return { ...t, provider, operatorToken: await login(t, OPERATOR.phone, OPERATOR.password) };
}

export async function userIdOf(db: Db, phone: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!user) throw new Error(`no user ${phone}`);
  return user.id;
}

export async function operatorIdOf(db: Db, phone: string): Promise<number> {
  const [operator] = await db.select({ id: operators.id }).from(operators).where(eq(operators.phone, phone));
  if (!operator) throw new Error(`no operator ${phone}`);
  return operator.id;
}

let references = 0;

/** The default approval threshold in baht: a larger manual deposit waits for a second operator. */
const FUNDING_STEP = DEFAULT_SETTINGS.approvalThreshold.BAHT;

/** Credits the member's wallet through the operator's deposit route. */
export async function deposit(m: MoneyApp, phone: string, amount: number, reference = `TEST-REF-${++references}`) {
  const response = await call(m.app, endpoints.opsDeposit, { username: phone, amount, reference }, { token: m.operatorToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export interface MoneyMember extends Member {
  token: string;
  userId: number;
}

/**
 * A signed-in member with `wallet` in their wallet, their accounts open in
 * `opened`, and `inGames` moved from the wallet into those games.
 */
export async function memberWithMoney(
  m: MoneyApp,
  { wallet = 0, opened = [], inGames = {}, registration = {} }: {
    wallet?: number;
    opened?: TestGameCode[];
    inGames?: Partial<Record<TestGameCode, number>>;
    registration?: Partial<RegistrationBody>;
  } = {},
): Promise<MoneyMember> {
  const member = await signedInMember(m, registration);
  const userId = await userIdOf(m.db, member.phone);
  const inGameTotal = Object.values(inGames).reduce((sum, amount) => sum + amount, 0);
  for (const code of new Set([...opened, ...(Object.keys(inGames) as TestGameCode[])])) await openGameAccount(m.db, userId, code, m.clock());
  // In deposits of at most the approval threshold, which one operator may credit alone (docs/decisions/0121-dual-control.md).
  for (let cents = Math.round((wallet + inGameTotal) * 100); cents > 0; cents -= FUNDING_STEP * 100) {
    await deposit(m, member.phone, Math.min(cents, FUNDING_STEP * 100) / 100);
  }
  for (const [code, amount] of Object.entries(inGames)) {
    const response = await call(m.app, endpoints.transfer, { from: 'WALLET', to: code, amount }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
  }
  return { ...member, userId };
}

export async function walletOf(m: MoneyApp, token: string) {
  const response = await call(m.app, endpoints.wallet, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  const slots = Object.fromEntries(answer.slots.map((slot: { code: string; amount: number }) => [slot.code, slot.amount]));
  return { wallet: answer.wallet.amount as number, slots: slots as Record<string, number>, answer };
}

/** The id of the withdrawal a withdraw answer's transferId holds money for. */
export async function withdrawalIdOf(db: Db, transferId: string): Promise<string> {
  const [row] = await db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.pendingTransferId, Number(transferId)));
  if (!row) throw new Error(`no withdrawal holds transfer ${transferId}`);
  return String(row.id);
}

/** Everything a movement could change: transfer and withdrawal counts and every account's totals. */
export async function ledgerSnapshot(db: Db) {
  const [transfers] = await db.select({ n: count() }).from(ledgerTransfers);
  const [withdrawalRows] = await db.select({ n: count() }).from(withdrawals);
  const accounts = await db
    .select({
      code: ledgerAccounts.code,
      totals: sql<string>`concat_ws(' ', ${ledgerAccounts.debitsPending}, ${ledgerAccounts.debitsPosted}, ${ledgerAccounts.creditsPending}, ${ledgerAccounts.creditsPosted})`,
    })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.code));
  return { transfers: transfers?.n, withdrawals: withdrawalRows?.n, accounts };
}
