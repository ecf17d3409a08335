/** Members and their bank accounts. */
import { and, asc, desc, eq, ilike, like, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { MemberSort } from '../../contract/ops.ts';
import type { Queryable } from '../db/client.ts';
import { bankAccounts, banks, users } from '../db/schema.ts';

export type MemberStatus = (typeof users.$inferSelect)['status'];

/**
 * The join condition every check of a member's access uses (wallet
 * sessions, game pages, game logins): the member of `userId` is active. A
 * suspended or closed member's sessions are also revoked when the status
 * changes; this holds even so.
 */
export const activeMemberOf = (userId: AnyColumn) => and(eq(users.id, userId), eq(users.status, 'active'));
export type Currency = (typeof bankAccounts.$inferSelect)['currency'];

/** spec 3: the member's currency is their bank account's; BAHT when they have none (an operator). */
export function currencyOf(bankAccountCurrency: Currency | null | undefined): Currency {
  return bankAccountCurrency ?? 'BAHT';
}

/** The member's currency (currencyOf). */
export async function memberCurrency(db: Queryable, userId: number): Promise<Currency> {
  const [row] = await db.select({ currency: bankAccounts.currency }).from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return currencyOf(row?.currency);
}


export interface NewUser {
  phone: string;
  name: string;
  passwordHash: string;
  sourceCode?: string | null;
  invitedBy?: number | null;
}

export interface NewBankAccount {
  bankCode: string;
  accountName: string;
  accountNo: string;
  currency: Currency;
}

export async function findUserByPhone(db: Queryable, phone: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.phone, phone));
  return user;
}

export async function findUserById(db: Queryable, id: number) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return user;
}

export async function isBankAccountTaken(db: Queryable, bankCode: string, accountNo: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.bankCode, bankCode), eq(bankAccounts.accountNo, accountNo)));
  return row !== undefined;
}

/**
 * Every member's registered account at `bankCode` whose number fits
 * `pattern` (an SQL LIKE pattern of digits and _, bank-match.ts
 * maskLikePattern), but `exceptUserId`'s: the others a masked sender may be.
 */
export async function bankAccountsLike(db: Queryable, bankCode: string, pattern: string, exceptUserId: number) {
  return db
    .select({ bankCode: bankAccounts.bankCode, accountNo: bankAccounts.accountNo, name: bankAccounts.accountName })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.bankCode, bankCode), like(bankAccounts.accountNo, pattern), ne(bankAccounts.userId, exceptUserId)));
}

/** Inserts a user; fails on users_phone_unique when the phone is taken. */
export async function insertUser(db: Queryable, user: NewUser, now: Date): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...user, createdAt: now })
    .returning({ id: users.id });
  return row!.id;
}

/** Fails on bank_accounts_number_unique when another member has this account. */
export async function insertBankAccount(db: Queryable, userId: number, account: NewBankAccount, now: Date): Promise<void> {
  await db.insert(bankAccounts).values({ ...account, userId, createdAt: now });
}

/** The user with their bank account and its bank, or undefined. */
/** Who a member is at a glance (the chat's customer panel): name, phone and standing. */
export async function findMemberCard(db: Queryable, userId: number) {
  const [row] = await db.select({ name: users.name, phone: users.phone, status: users.status }).from(users).where(eq(users.id, userId));
  return row;
}

export async function findProfile(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      phone: users.phone,
      name: users.name,
      createdAt: users.createdAt,
      coin: users.coin,
      bankCode: bankAccounts.bankCode,
      accountName: bankAccounts.accountName,
      accountNo: bankAccounts.accountNo,
      currency: bankAccounts.currency,
      bankNameTh: banks.nameTh,
      bankNameEn: banks.nameEn,
    })
    .from(users)
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .leftJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(eq(users.id, userId));
  return row;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function updateName(db: Queryable, userId: number, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/** A member's new login phone; a phone another member or an operator holds fails (users_phone_unique, phone_has_one_owner). */
export async function updatePhone(db: Queryable, userId: number, phone: string): Promise<void> {
  await db.update(users).set({ phone }).where(eq(users.id, userId));
}

export async function updatePasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function updateBankAccountName(db: Queryable, userId: number, accountName: string): Promise<void> {
  await db.update(bankAccounts).set({ accountName }).where(eq(bankAccounts.userId, userId));
}

/** Sets a member's status; answers false when no member has the id. */
/** The member's standing, their row locked until the transaction ends (a change reads what it replaces). */
export async function lockMemberStatus(db: Queryable, userId: number): Promise<MemberStatus | undefined> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).for('update');
  return row?.status as MemberStatus | undefined;
}

export async function updateMemberStatus(db: Queryable, userId: number, status: MemberStatus): Promise<boolean> {
  const rows = await db.update(users).set({ status }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** A member as the console's search lists them. */
export interface MemberRow {
  phone: string;
  name: string;
  status: MemberStatus;
  bankCode: string | null;
  accountName: string | null;
  accountNo: string | null;
  currency: Currency | null;
  createdAt: Date;
}

/** `text` as a LIKE pattern that finds it anywhere: its own %, _ and \ match themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search's orders. Each ends on the id, so paging never repeats nor
 * skips a member who shares a moment of registration or a name with another.
 */
const memberOrder: Record<MemberSort, SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  // In any case, so "noi sriwan" sits beside "Noi Sriwan" whatever the database's collation.
  name: [asc(sql`lower(${users.name})`), asc(users.id)],
};

/**
 * One page of the members whose phone, name, bank account number or
 * account name contains `query` (any case), newest first unless asked
 * otherwise, and how many match; every member when `query` is empty.
 */
export async function searchMembers(db: Queryable, query: string, offset: number, limit: number, sort: MemberSort = 'newest'): Promise<{ members: MemberRow[]; total: number }> {
  const pattern = containing(query);
  const where =
    query === ''
      ? undefined
      : or(ilike(users.phone, pattern), ilike(users.name, pattern), ilike(bankAccounts.accountNo, pattern), ilike(bankAccounts.accountName, pattern));
  const rows = await db
    .select({
      phone: users.phone,
      name: users.name,
      status: users.status,
      bankCode: bankAccounts.bankCode,
      accountName: bankAccounts.accountName,
      accountNo: bankAccounts.accountNo,
      currency: bankAccounts.currency,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .where(where)
    .orderBy(...memberOrder[sort])
    .offset(offset)
    .limit(limit);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(users).leftJoin(bankAccounts, eq(bankAccounts.userId, users.id)).where(where);
  return { members: rows as MemberRow[], total: Number(count?.total ?? 0) };
}
