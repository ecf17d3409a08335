/**
 * The SQL of loss refunds (docs/decisions/0099-loss-refund.md): the net
 * game loss of closed periods read from the ledger, the one row per
 * (member, period) written once, and the member's rows for the check, the
 * log and receiving.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Span } from '../../contract/rules/refund-periods.ts';
import { resultRows, type Queryable } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers, refunds } from '../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** A member's game movements in one period not yet covered by a refund row, minor units (at least one movement). */
export interface PeriodPlay {
  userId: number;
  periodStart: Date;
  periodEnd: Date;
  /** Bets debited from the member's game accounts. */
  bets: bigint;
  /** Wins and rolled-back bets credited to them. */
  returned: bigint;
}

const values = (periods: readonly Span[]) =>
  sql.join(
    periods.map(({ start, end }) => sql`(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`),
    sql`, `,
  );

/**
 * What members played in these periods, from the ledger: per member and
 * period, the `bet` transfers out of their game accounts and the `win` and
 * `rollback` transfers into them, by the time the ledger wrote them. Every
 * member with any of these movements in the period gets it, bets or not: a
 * period of only a rollback (or a win) of an earlier period's bet has a
 * loss below 0, and its row shows it (0099: a rollback counts in its own
 * period). Only what no refund row of theirs covers counts: a period is counted from the end of the last row that
 * overlaps it (rows of another length, written before an operator changed
 * day to week or back), so no moment is ever counted twice.
 * `userId` null: every member (the scheduler's batch).
 */
export async function playIn(db: Queryable, periods: readonly Span[], userId: number | null): Promise<PeriodPlay[]> {
  if (periods.length === 0) return [];
  const from = new Date(Math.min(...periods.map((period) => period.start.getTime()))).toISOString();
  const to = new Date(Math.max(...periods.map((period) => period.end.getTime()))).toISOString();
  const member = userId === null ? sql`` : sql` and user_id = ${userId}`;
  const result = await db.execute(sql`
    with periods (period_start, period_end) as (values ${values(periods)}),
    game_accounts as (
      select id, user_id from ${ledgerAccounts} where kind = 'game'${member}
    ),
    moves as (
      select g.user_id, t.created_at, t.amount as bet, 0::bigint as returned
        from game_accounts g join ${ledgerTransfers} t on t.debit_account_id = g.id
       where t.kind = 'bet' and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
      union all
      select g.user_id, t.created_at, 0::bigint, t.amount
        from game_accounts g join ${ledgerTransfers} t on t.credit_account_id = g.id
       where t.kind in ('win', 'rollback') and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
    ),
    spans as (
      select u.user_id, p.period_end,
             greatest(p.period_start, coalesce((
               select max(r.period_end) from ${refunds} r
                where r.user_id = u.user_id and r.period_start < p.period_end and r.period_end > p.period_start
             ), p.period_start)) as period_start
        from periods p cross join (select distinct user_id from moves) u
    )
    select s.user_id, s.period_start, s.period_end, sum(m.bet)::text as bets, sum(m.returned)::text as returned
      from spans s join moves m on m.user_id = s.user_id and m.created_at >= s.period_start and m.created_at < s.period_end
     group by s.user_id, s.period_start, s.period_end
  `);
  return resultRows<{ user_id: number; period_start: Date | string; period_end: Date | string; bets: string; returned: string }>(result).map((row) => ({
    userId: Number(row.user_id),
    periodStart: new Date(row.period_start),
    periodEnd: new Date(row.period_end),
    bets: BigInt(row.bets),
    returned: BigInt(row.returned),
  }));
}

export type NewRefund = Pick<typeof refunds.$inferInsert, 'userId' | 'periodStart' | 'periodEnd' | 'loss' | 'percent' | 'amount'>;

/** Rows per insert: 7 values each, far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000;

/**
 * Writes each (member, period) row unless it exists: computing a period
 * twice, or from two processes at once, leaves the first row (the unique
 * pair decides). Answers how many rows this call wrote.
 */
export async function insertRefunds(db: Queryable, rows: readonly NewRefund[], now: Date): Promise<number> {
  let written = 0;
  for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
    const chunk = rows.slice(index, index + INSERT_CHUNK).map((row) => ({ ...row, createdAt: now }));
    const inserted = await db
      .insert(refunds)
      .values(chunk)
      .onConflictDoNothing({ target: [refunds.userId, refunds.periodStart] })
      .returning({ id: refunds.id });
    written += inserted.length;
  }
  return written;
}

/** The member's totals for the check: accrued and not received, periods that earned, periods played that earned nothing. */
export async function refundTotals(db: Queryable, userId: number): Promise<{ unreceived: bigint; earned: number; earnedNothing: number }> {
  const [row] = await db
    .select({
      unreceived: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.transferId} is null), 0)::text`,
      earned: sql<number>`(count(*) filter (where ${refunds.amount} > 0))::int`,
      earnedNothing: sql<number>`(count(*) filter (where ${refunds.amount} = 0))::int`,
    })
    .from(refunds)
    .where(eq(refunds.userId, userId));
  return { unreceived: BigInt(row?.unreceived ?? '0'), earned: Number(row?.earned ?? 0), earnedNothing: Number(row?.earnedNothing ?? 0) };
}

/** One page of the member's rows, newest period first, and how many there are. */
export async function refundPage(db: Queryable, userId: number, offset: number, limit: number): Promise<{ rows: RefundRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(refunds).where(eq(refunds.userId, userId)).orderBy(desc(refunds.periodStart), desc(refunds.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(refunds).where(eq(refunds.userId, userId)),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The member's rows that earned something and were not received, locked until the transaction ends, oldest first. */
export function lockUnreceived(db: Queryable, userId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.userId, userId), isNull(refunds.transferId), gt(refunds.amount, 0n)))
    .orderBy(asc(refunds.id))
    .for('update');
}

/** Marks the rows received by this transfer. */
export async function markReceived(db: Queryable, ids: readonly number[], transferId: number, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(refunds)
    .set({ transferId, receivedAt: now })
    .where(and(inArray(refunds.id, [...ids]), isNull(refunds.transferId)));
}
