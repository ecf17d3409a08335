/**
 * Beside a conversation, the agent sees who the member is and their money
 * (issue 14 part 2): name, phone, standing, currency, what they hold (the
 * money layer's memberHoldings: the wallet they can spend plus every game
 * account) and their latest deposits (the statement's latestDeposits).
 * Guests have no panel.
 */
import { eq } from 'drizzle-orm';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { memberHoldings } from '../money/holdings.ts';
import { CHAT_PANEL_DEPOSITS } from '../policy.ts';
import { latestDeposits, type DepositRow } from '../repositories/statement.ts';
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

/** `source` is what the money came with: its bank reference, or else the kind of event its key names (`payment`, `truelink`). */
function panelDeposit(row: DepositRow): MemberPanel['deposits'][number] {
  return { amount: toMajor(row.amount), createdAt: row.createdAt.toISOString(), source: row.reference ?? row.idempotencyKey.split(':')[0] ?? '' };
}

export async function memberPanel(db: Queryable, userId: number): Promise<MemberPanel | null> {
  const [member] = await db.select({ name: users.name, phone: users.phone, status: users.status }).from(users).where(eq(users.id, userId));
  if (!member) return null;
  const [currency, balance, deposits] = await Promise.all([memberCurrency(db, userId), memberHoldings(db, userId), latestDeposits(db, userId, CHAT_PANEL_DEPOSITS)]);
  return { userId: String(userId), ...member, currency, balance: toMajor(balance), deposits: deposits.map(panelDeposit) };
}
