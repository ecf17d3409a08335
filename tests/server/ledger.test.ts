/**
 * The ledger's own rules, below the HTTP API: transfers move money between
 * two accounts, idempotency keys make a write happen once, member accounts
 * cannot be overdrawn (by code and by the database), pending transfers are
 * resolved once, and transfer rows cannot be changed. checkLedger() runs
 * after each test.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { resultRows, type Db } from '../../src/server/db/client.ts';
import {
  availableOf,
  balanceOf,
  ensureSystemAccount,
  ensureWalletAccount,
  findAccount,
  walletCode,
  type LedgerAccount,
} from '../../src/server/ledger/accounts.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import {
  holdTransfer,
  IdempotencyConflict,
  InsufficientFunds,
  NotPending,
  postPending,
  postTransfer,
  voidPending,
} from '../../src/server/ledger/transfers.ts';
import { insertUser } from '../../src/server/repositories/users.ts';
import { buildTestApp } from './helpers/app.ts';

const now = new Date('2026-03-02T03:00:00.000Z');
let current: Db | undefined;

afterEach(async () => {
  if (current) expect(await checkLedger(current)).toEqual([]);
  current = undefined;
});

async function setUp() {
  const t = await buildTestApp();
  current = t.db;
  const userId = await insertUser(t.db, { phone: '0911111111', name: 'Ledger Test', passwordHash: 'x' }, now);
  const wallet = await ensureWalletAccount(t.db, userId, 'BAHT', now);
  const deposits = await ensureSystemAccount(t.db, 'deposits', 'BAHT', now);
  const payouts = await ensureSystemAccount(t.db, 'payouts', 'BAHT', now);
  return { db: t.db, userId, wallet, deposits, payouts };
}

async function reread(db: Db, account: LedgerAccount): Promise<LedgerAccount> {
  const found = await findAccount(db, account.code);
  if (!found) throw new Error(`no account ${account.code}`);
  return found;
}

describe('ledger', () => {
  it('moves money from the debit to the credit account and keeps the sum at zero', async () => {
    const { db, wallet, deposits } = await setUp();
    await postTransfer(db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: 12_345n, kind: 'deposit', idempotencyKey: 'd1' }, now);
    expect(balanceOf(await reread(db, wallet))).toBe(12_345n);
    expect(balanceOf(await reread(db, deposits))).toBe(-12_345n);
  });

  it('writes a transfer once per idempotency key and refuses the key for another movement', async () => {
    const { db, wallet, deposits } = await setUp();
    const spec = { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: 500n, kind: 'deposit' as const, idempotencyKey: 'same' };
    const first = await postTransfer(db, spec, now);
    const second = await postTransfer(db, spec, now);
    expect(second).toEqual({ transfer: first.transfer, replayed: true, accounts: [] });
    // The first write answers what both accounts have available as it left them.
    expect(first.accounts).toEqual(
      [
        { id: deposits.id, available: -500n },
        { id: wallet.id, available: 500n },
      ].sort((x, y) => x.id - y.id),
    );
    expect(balanceOf(await reread(db, wallet))).toBe(500n);
    await expect(postTransfer(db, { ...spec, amount: 501n }, now)).rejects.toBeInstanceOf(IdempotencyConflict);
  });

  it('refuses to overdraw a member account and leaves nothing behind', async () => {
    const { db, wallet, deposits, payouts } = await setUp();
    await postTransfer(db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: 1_000n, kind: 'deposit', idempotencyKey: 'd' }, now);
    await expect(
      db.transaction((tx) => postTransfer(tx, { debitAccountId: wallet.id, creditAccountId: payouts.id, amount: 1_001n, kind: 'withdraw', idempotencyKey: 'w' }, now)),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(balanceOf(await reread(db, wallet))).toBe(1_000n);
    const [row] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_transfers where idempotency_key = 'w'`));
    expect(row?.n).toBe(0);
  });

  it('is guarded by the database too: a direct update that overdraws a member account fails', async () => {
    const { db, wallet } = await setUp();
    await expect(db.execute(sql`update ledger_accounts set debits_posted = 1 where id = ${wallet.id}`)).rejects.toThrow();
  });

  it('holds money for a pending transfer, then posts it once', async () => {
    const { db, wallet, deposits, payouts } = await setUp();
    await postTransfer(db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: 1_000n, kind: 'deposit', idempotencyKey: 'd' }, now);
    const { transfer: held } = await holdTransfer(db, { debitAccountId: wallet.id, creditAccountId: payouts.id, amount: 700n, kind: 'withdraw', idempotencyKey: 'w' }, now);
    let account = await reread(db, wallet);
    expect(availableOf(account)).toBe(300n);
    expect(balanceOf(account)).toBe(1_000n);
    // The held money cannot be spent twice.
    await expect(
      db.transaction((tx) => holdTransfer(tx, { debitAccountId: wallet.id, creditAccountId: payouts.id, amount: 301n, kind: 'withdraw', idempotencyKey: 'w2' }, now)),
    ).rejects.toBeInstanceOf(InsufficientFunds);

    await postPending(db, held.id, 'w:paid', now);
    account = await reread(db, wallet);
    expect(availableOf(account)).toBe(300n);
    expect(balanceOf(account)).toBe(300n);
    expect(balanceOf(await reread(db, payouts))).toBe(700n);
    // Resolving again: the same resolution replays, any other is refused.
    expect((await postPending(db, held.id, 'w:paid', now)).replayed).toBe(true);
    await expect(db.transaction((tx) => voidPending(tx, held.id, 'w:void', now))).rejects.toBeInstanceOf(NotPending);
  });

  it('returns held money when a pending transfer is voided', async () => {
    const { db, wallet, deposits, payouts } = await setUp();
    await postTransfer(db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: 1_000n, kind: 'deposit', idempotencyKey: 'd' }, now);
    const { transfer: held } = await holdTransfer(db, { debitAccountId: wallet.id, creditAccountId: payouts.id, amount: 1_000n, kind: 'withdraw', idempotencyKey: 'w' }, now);
    expect(availableOf(await reread(db, wallet))).toBe(0n);
    await voidPending(db, held.id, 'w:void', now);
    const account = await reread(db, wallet);
    expect(availableOf(account)).toBe(1_000n);
    expect(balanceOf(await reread(db, payouts))).toBe(0n);
  });

  it('never lets a transfer row change or disappear', async () => {
    const { db, wallet, deposits } = await setUp();
    const { transfer } = await postTransfer(db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: 1n, kind: 'deposit', idempotencyKey: 'd' }, now);
    await expect(db.execute(sql`update ledger_transfers set amount = 2 where id = ${transfer.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transfers where id = ${transfer.id}`)).rejects.toThrow();
  });

  it('checkLedger reports an account whose totals disagree with its transfers', async () => {
    const { db, wallet, deposits } = await setUp();
    await postTransfer(db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: 100n, kind: 'deposit', idempotencyKey: 'd' }, now);
    await db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 1 where code = ${walletCode((await reread(db, wallet)).userId!)}`);
    const problems = await checkLedger(db);
    expect(problems.join('\n')).toMatch(/posted debits 100 ≠ posted credits 101/);
    expect(problems.join('\n')).toMatch(/wallet:\d+: totals/);
    // Put it right so the after-test check passes: this test broke it on purpose.
    await db.execute(sql`update ledger_accounts set credits_posted = credits_posted - 1 where id = ${wallet.id}`);
  });
});
