/**
 * The console's dashboard (every operator role): today in figures, from
 * midnight in the service's time zone, and the work waiting. Money comes
 * from the ledger (posted deposits; payouts are the withdrawals' posted
 * holds), summed per currency in minor units and answered in major units.
 * Read-only: several counts, each cheap on its index.
 */
import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { chatConversations, ledgerAccounts, ledgerTransfers, memberBonuses, users, withdrawals } from '../db/schema.ts';
import { countPendingWork } from '../repositories/pending-work.ts';
import { lastLedgerCheck, type LedgerCheck } from './ledger-check.ts';

type Currency = 'BAHT' | 'LAK';

export interface DayTotal {
  currency: Currency;
  count: number;
  /** Major units. */
  amount: number;
}

export interface DashboardFigures {
  day: string;
  deposits: DayTotal[];
  payouts: DayTotal[];
  pendingSlips: number;
  pendingApprovals: number;
  newMembers: number;
  openChats: number;
  activeBonuses: number;
  ledgerCheck: LedgerCheck | null;
}

function totals(rows: { currency: Currency; count: number; amount: string | null }[]): DayTotal[] {
  return rows
    .map((row) => ({ currency: row.currency, count: Number(row.count), amount: toMajor(BigInt(row.amount ?? '0')) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

export async function dashboardFigures(db: Queryable, now: Date, zone: string): Promise<DashboardFigures> {
  const midnight = DateTime.fromJSDate(now, { zone }).startOf('day');
  const [from, to] = [midnight.toJSDate(), midnight.plus({ days: 1 }).toJSDate()];
  const today = (column: typeof ledgerTransfers.createdAt | typeof users.createdAt) => and(gte(column, from), lt(column, to));

  // A deposit credits the member's wallet: its currency is the wallet's.
  const deposits = await db
    .select({ currency: ledgerAccounts.currency, count: count(), amount: sql<string | null>`sum(${ledgerTransfers.amount})::text` })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(and(eq(ledgerTransfers.kind, 'deposit'), eq(ledgerTransfers.phase, 'posted'), today(ledgerTransfers.createdAt)))
    .groupBy(ledgerAccounts.currency);

  // A payout is a withdrawal whose held money was posted (paid) today; a rejection voids it instead.
  const payouts = await db
    .select({ currency: ledgerAccounts.currency, count: count(), amount: sql<string | null>`sum(${ledgerTransfers.amount})::text` })
    .from(withdrawals)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, withdrawals.resolvingTransferId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
    .where(and(eq(ledgerTransfers.phase, 'post_pending'), today(ledgerTransfers.createdAt)))
    .groupBy(ledgerAccounts.currency);

  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const [pending, newMembers, openChats, activeBonuses] = await Promise.all([
    countPendingWork(db),
    one(db.select({ n: count() }).from(users).where(today(users.createdAt))),
    // Waiting for an agent: the customer wrote after the agents last read the conversation.
    one(
      db
        .select({ n: count() })
        .from(chatConversations)
        .where(
          and(
            isNull(chatConversations.closedAt),
            sql`exists (select 1 from chat_messages m where m.conversation_id = ${chatConversations.id} and m.sender = 'customer'
                 and (${chatConversations.agentReadAt} is null or m.created_at > ${chatConversations.agentReadAt}))`,
          ),
        ),
    ),
    one(db.select({ n: count() }).from(memberBonuses).where(eq(memberBonuses.status, 'active'))),
  ]);

  return {
    day: midnight.toISODate() ?? '',
    deposits: totals(deposits),
    payouts: totals(payouts),
    pendingSlips: pending.slips,
    pendingApprovals: pending.approvals,
    newMembers,
    openChats,
    activeBonuses,
    ledgerCheck: await lastLedgerCheck(db),
  };
}
