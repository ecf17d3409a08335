/**
 * Beside a conversation, the agent sees who the member is and their money
 * (issue 14 part 2): name, phone, standing, currency, what they hold (the
 * wallet they can spend plus every game account, from the ledger) and their
 * latest deposits (ledger transfers of kind deposit into the wallet).
 * Guests have no panel.
 */
import { and, desc, eq } from 'drizzle-orm';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { ledgerTransfers, users } from '../db/schema.ts';
import { availableOf, balanceOf, findAccount, memberAccounts, walletCode } from '../ledger/accounts.ts';
import { CHAT_PANEL_DEPOSITS } from '../policy.ts';
import { memberCurrency } from '../repositories/users.ts';

export interface MemberPanel {
  userId: string;
  name: string;
  phone: string;
  status: string;
  currency: string;
  balance: number;
  deposits: { amount: number; createdAt: string; source: string }[];
}

/** What the member holds, minor units: the wallet as they can spend it (money held for a withdrawal is not in it) and their games. */
async function holdings(db: Queryable, userId: number): Promise<bigint> {
  const accounts = await memberAccounts(db, userId);
  return accounts.reduce((sum, account) => sum + (account.kind === 'wallet' ? availableOf(account) : balanceOf(account)), 0n);
}

/** The latest deposits into the wallet; `source` is what the money came with (a bank reference, the provider). */
async function latestDeposits(db: Queryable, userId: number): Promise<MemberPanel['deposits']> {
  const wallet = await findAccount(db, walletCode(userId));
  if (!wallet) return [];
  const rows = await db
    .select({ amount: ledgerTransfers.amount, createdAt: ledgerTransfers.createdAt, reference: ledgerTransfers.reference, key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.creditAccountId, wallet.id), eq(ledgerTransfers.kind, 'deposit')))
    .orderBy(desc(ledgerTransfers.id))
    .limit(CHAT_PANEL_DEPOSITS);
  return rows.map((row) => ({ amount: toMajor(row.amount), createdAt: row.createdAt.toISOString(), source: row.reference ?? row.key.split(':')[0] ?? '' }));
}

export async function memberPanel(db: Queryable, userId: number): Promise<MemberPanel | null> {
  const [member] = await db.select({ name: users.name, phone: users.phone, status: users.status }).from(users).where(eq(users.id, userId));
  if (!member) return null;
  const [currency, balance, deposits] = await Promise.all([memberCurrency(db, userId), holdings(db, userId), latestDeposits(db, userId)]);
  return { userId: String(userId), ...member, currency, balance: toMajor(balance), deposits };
}
