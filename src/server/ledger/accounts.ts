/**
 * Ledger accounts: each member's wallet, one account per game they opened,
 * and the system accounts money enters and leaves through. Accounts are
 * created on first use and never deleted.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema.ts';
import type { Currency } from '../repositories/users.ts';

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

/**
 * The system side of every movement. Their balances run negative or
 * positive freely: `deposits` is debited for every deposit, so it holds
 * minus the money that came in; `payouts` is credited with every payout.
 */
export const SYSTEM_ACCOUNTS = {
  /** Money that came in from outside (bank transfers, QR payments, slips). */
  deposits: 'deposits',
  /** Money paid out to members' banks; held withdrawals wait here as pending. */
  payouts: 'payouts',
  /** Funds bonuses and promotions. */
  bonus: 'bonus',
  /** Funds loss refunds. */
  refund: 'refund',
  /** Funds invite bonuses. */
  invite: 'invite',
  /** Funds the prize wheel's credit coupons. */
  prize: 'prize',
  /** The other side of operators' corrections of members' wallets (adjustments/adjust.ts). */
  adjustments: 'adjustments',
} as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

export const walletCode = (userId: number) => `wallet:${userId}`;
export const gameAccountCode = (userId: number, gameCode: string) => `game:${userId}:${gameCode}`;
export const systemCode = (name: SystemAccount, currency: Currency) => `system:${name}:${currency}`;
/** A game provider's house: bets are credited to it and wins debited from it. */
export const houseCode = (provider: string, currency: Currency) => `system:house:${provider}:${currency}`;

/**
 * Whose an account is, read from its row: the typed inverse of the codes
 * above, so readers of the ledger (the statement) never take a code apart.
 */
export type AccountOwner =
  | { kind: 'wallet'; userId: number }
  | { kind: 'game'; userId: number; gameCode: string }
  | { kind: 'system'; name: SystemAccount }
  | { kind: 'house'; provider: string };

const SYSTEM_CODE = /^system:([a-z]+):[A-Z]+$/;
const HOUSE_CODE = /^system:house:(.+):[A-Z]+$/;
const systemNames = new Set<string>(Object.values(SYSTEM_ACCOUNTS));

export function ownerOf(account: Pick<LedgerAccount, 'kind' | 'code' | 'userId' | 'gameCode'>): AccountOwner {
  const { kind, code, userId, gameCode } = account;
  if (kind === 'wallet' && userId !== null) return { kind, userId };
  if (kind === 'game' && userId !== null && gameCode !== null) return { kind, userId, gameCode };
  const house = HOUSE_CODE.exec(code);
  if (kind === 'system' && house) return { kind: 'house', provider: house[1]! };
  const name = SYSTEM_CODE.exec(code)?.[1];
  if (kind === 'system' && name !== undefined && systemNames.has(name)) return { kind, name: name as SystemAccount };
  throw new Error(`ledger account ${code} has no owner this server knows`);
}

type NewAccount = Pick<typeof ledgerAccounts.$inferInsert, 'code' | 'kind' | 'userId' | 'gameCode' | 'currency' | 'noOverdraft'>;

/** What a movement needs to name an account: its id for transfers, code and currency for checks. */
export type LedgerAccountRef = Pick<LedgerAccount, 'id' | 'code' | 'currency'>;

/** Money never changes currency in a transfer, so an account found by its code must be in the one asked for. */
export function inCurrency<A extends LedgerAccountRef>(account: A, currency: Currency): A {
  if (account.currency !== currency) throw new Error(`ledger account ${account.code} is in ${account.currency}, not ${currency}`);
  return account;
}

/**
 * The account with this code, created when missing (safe under concurrent
 * callers). Read first: accounts are created once and read on every
 * movement after that, and a plain read costs one round trip where
 * insert-on-conflict plus a read costs two.
 */
async function ensureAccount(db: Queryable, account: NewAccount, now: Date): Promise<LedgerAccount> {
  const found = await findAccount(db, account.code);
  if (found) return inCurrency(found, account.currency);
  const [created] = await db
    .insert(ledgerAccounts)
    .values({ ...account, createdAt: now })
    .onConflictDoNothing({ target: ledgerAccounts.code })
    .returning();
  if (created) return created;
  // Another transaction created it between our read and our insert.
  const existing = await findAccount(db, account.code);
  if (!existing) throw new Error(`ledger account ${account.code} vanished`);
  return inCurrency(existing, account.currency);
}

export function ensureWalletAccount(db: Queryable, userId: number, currency: Currency, now: Date): Promise<LedgerAccount> {
  return ensureAccount(db, { code: walletCode(userId), kind: 'wallet', userId, currency, noOverdraft: true }, now);
}

export function ensureGameAccount(db: Queryable, userId: number, gameCode: string, currency: Currency, now: Date): Promise<LedgerAccount> {
  return ensureAccount(db, { code: gameAccountCode(userId, gameCode), kind: 'game', userId, gameCode, currency, noOverdraft: true }, now);
}

export function ensureSystemAccount(db: Queryable, name: SystemAccount, currency: Currency, now: Date): Promise<LedgerAccount> {
  return ensureAccount(db, { code: systemCode(name, currency), kind: 'system', currency, noOverdraft: false }, now);
}

export function ensureHouseAccount(db: Queryable, provider: string, currency: Currency, now: Date): Promise<LedgerAccount> {
  return ensureAccount(db, { code: houseCode(provider, currency), kind: 'system', currency, noOverdraft: false }, now);
}

export async function findAccount(db: Queryable, code: string): Promise<LedgerAccount | undefined> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row;
}

/** All of a member's accounts (wallet and games). */
export function memberAccounts(db: Queryable, userId: number): Promise<LedgerAccount[]> {
  return db.select().from(ledgerAccounts).where(and(eq(ledgerAccounts.userId, userId), sql`${ledgerAccounts.kind} <> 'system'`));
}

/** Posted balance: what the account holds, including money held for pending debits. */
export function balanceOf(account: Pick<LedgerAccount, 'creditsPosted' | 'debitsPosted'>): bigint {
  return account.creditsPosted - account.debitsPosted;
}

/** What a member can spend now: the posted balance minus what pending transfers hold. */
export function availableOf(account: Pick<LedgerAccount, 'creditsPosted' | 'debitsPosted' | 'debitsPending'>): bigint {
  return account.creditsPosted - account.debitsPosted - account.debitsPending;
}

/** availableOf in SQL, over a ledger_accounts row: for a write to return it (ledger/transfers.ts). */
export const AVAILABLE_SQL = sql.raw('credits_posted - debits_posted - debits_pending');

/**
 * Locks ledger accounts for the rest of the transaction, in ascending id:
 * the order transfers.ts updates them in, so a movement that locks first
 * and one that just updates cannot deadlock. Call it before reading a
 * balance a movement depends on ("all of it", "the full amount").
 *
 * FOR NO KEY UPDATE is the lock an UPDATE of the balances takes. FOR UPDATE
 * would also conflict with the KEY SHARE locks that inserting a transfer
 * (its foreign keys) takes on both accounts, and deadlock with a transfer
 * that has inserted its row and waits to update the balance.
 */
export async function lockAccounts(db: Queryable, ids: number[]): Promise<LedgerAccount[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('no key update');
}

/** The accounts with these ids (any order). */
export function accountsByIds(db: Queryable, ids: readonly number[]): Promise<LedgerAccount[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, [...ids]));
}
