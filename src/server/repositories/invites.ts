/**
 * The SQL of invites (docs/decisions/0098-invite-bonus.md): the row made at
 * registration and the one added later for an invitee who has none, what
 * the ledger proves about a waiting invite, settling it once, and the
 * inviter's counts, list and collectable rows. Every query is keyed by the
 * inviter.
 */
import { and, asc, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { normalizeNamePart } from '../../contract/rules/members.ts';
import { resultRows, type Queryable } from '../db/client.ts';
import { bankAccounts, invites, ledgerAccounts, ledgerTransfers, users } from '../db/schema.ts';
import type { Currency } from './users.ts';

export type InviteStatus = (typeof invites.$inferSelect)['status'];

/** The invite of a member who registered with `inviterId`'s code, made in the registration's transaction. */
export async function insertInvite(db: Queryable, inviterId: number, inviteeId: number, now: Date): Promise<void> {
  await db.insert(invites).values({ inviterId, inviteeId, status: 'waiting', createdAt: now }).onConflictDoNothing({ target: invites.inviteeId });
}

/**
 * Adds the invites of members invited by `inviterId` who have none (they
 * registered before invites were kept), dated when they registered. Safe
 * under concurrent callers: one row per invitee.
 */
export async function addMissingInvites(db: Queryable, inviterId: number): Promise<void> {
  await db.execute(sql`
    insert into ${invites} (inviter_id, invitee_id, status, created_at)
    select u.invited_by, u.id, 'waiting', u.created_at
    from ${users} u
    where u.invited_by = ${inviterId} and u.id <> ${inviterId}
      and not exists (select 1 from ${invites} i where i.invitee_id = u.id)
    on conflict (invitee_id) do nothing`);
}

/** What the ledger and the members' records say about one waiting invite. */
export interface WaitingInvite {
  id: number;
  inviteeId: number;
  inviterCurrency: Currency;
  inviteeCurrency: Currency;
  /** The invitee's bank account number is the inviter's (at any bank). */
  sameAccountNumber: boolean;
  /** The invitee's bank account holder name is the inviter's, normalised (normalizeNamePart): one person's second account. */
  sameHolderName: boolean;
  /** The invitee's first posted deposit into their wallet, if any. */
  deposit: { id: number; amount: bigint; inWindow: boolean } | null;
  /** Bets from the invitee's game accounts after that deposit and before the window's end, less rollbacks (minor units). */
  bets: bigint;
  /** The window (registration + windowDays) has ended by `now`. */
  windowClosed: boolean;
}

interface WaitingRow {
  id: string;
  invitee_id: number;
  inviter_currency: Currency;
  invitee_currency: Currency;
  same_account_number: boolean;
  inviter_account_name: string | null;
  invitee_account_name: string | null;
  deposit_id: string | null;
  deposit_amount: string | null;
  deposit_in_window: boolean;
  window_closed: boolean;
  bets: string;
}

/**
 * The inviter's waiting invites with the facts that settle them, in one
 * round trip. The window of each ends `windowDays` after its invitee
 * registered. A bet counts when it was placed after the first deposit (a
 * later ledger id) and before the window's end (its time); a rollback
 * returns a bet, so it counts against it; wins do not reduce it, as for a
 * bonus's turnover (promotions/ledger-reads.ts betsSince).
 *
 * Written as SQL: the first deposit and the two sums are lateral subqueries
 * per invite, read through the ledger's account indexes.
 */
export async function waitingInvites(db: Queryable, inviterId: number, windowDays: number, now: Date): Promise<WaitingInvite[]> {
  const result = await db.execute(sql`
    with waiting as (
      select i.id, i.invitee_id, e.created_at + make_interval(days => ${windowDays}::int) as ends
      from ${invites} i join ${users} e on e.id = i.invitee_id
      where i.inviter_id = ${inviterId} and i.status = 'waiting'
    )
    select w.id::text as id, w.invitee_id,
      coalesce(rb.currency, 'BAHT') as inviter_currency,
      coalesce(eb.currency, 'BAHT') as invitee_currency,
      coalesce(rb.account_no = eb.account_no, false) as same_account_number,
      rb.account_name as inviter_account_name,
      eb.account_name as invitee_account_name,
      d.id::text as deposit_id,
      d.amount::text as deposit_amount,
      coalesce(d.created_at < w.ends, false) as deposit_in_window,
      ${now.toISOString()}::timestamptz >= w.ends as window_closed,
      (coalesce(placed.total, 0) - coalesce(returned.total, 0))::text as bets
    from waiting w
      left join ${bankAccounts} rb on rb.user_id = ${inviterId}
      left join ${bankAccounts} eb on eb.user_id = w.invitee_id
      left join lateral (
        select t.id, t.amount, t.created_at
        from ${ledgerTransfers} t join ${ledgerAccounts} a on a.id = t.credit_account_id
        where a.user_id = w.invitee_id and a.kind = 'wallet' and t.kind = 'deposit' and t.phase = 'posted'
        order by t.id
        limit 1
      ) d on true
      left join lateral (
        select sum(t.amount) as total
        from ${ledgerTransfers} t join ${ledgerAccounts} a on a.id = t.debit_account_id
        where a.user_id = w.invitee_id and a.kind = 'game' and t.kind = 'bet' and t.phase = 'posted'
          and t.id > d.id and t.created_at < w.ends
      ) placed on true
      left join lateral (
        select sum(t.amount) as total
        from ${ledgerTransfers} t join ${ledgerAccounts} a on a.id = t.credit_account_id
        where a.user_id = w.invitee_id and a.kind = 'game' and t.kind = 'rollback' and t.phase = 'posted'
          and t.id > d.id and t.created_at < w.ends
      ) returned on true
    order by w.id`);
  return resultRows<WaitingRow>(result).map((row) => ({
    id: Number(row.id),
    inviteeId: Number(row.invitee_id),
    inviterCurrency: row.inviter_currency,
    inviteeCurrency: row.invitee_currency,
    sameAccountNumber: row.same_account_number,
    sameHolderName: sameHolderName(row.inviter_account_name, row.invitee_account_name),
    deposit:
      row.deposit_id === null || row.deposit_amount === null
        ? null
        : { id: Number(row.deposit_id), amount: BigInt(row.deposit_amount), inWindow: row.deposit_in_window },
    bets: BigInt(row.bets),
    windowClosed: row.window_closed,
  }));
}

/**
 * Whether two bank account holder names name one person: equal once
 * trimmed, their spaces collapsed and upper-cased, as registration stores
 * them (normalizeNamePart; a name written before that rule, or edited
 * since, is compared the same way). No name on either side proves nothing.
 */
export function sameHolderName(inviterName: string | null, inviteeName: string | null): boolean {
  if (inviterName === null || inviteeName === null) return false;
  const inviter = normalizeNamePart(inviterName);
  return inviter !== '' && inviter === normalizeNamePart(inviteeName);
}

/**
 * Who invited the inviter, who invited them, and so on up the chain. UNION
 * (not UNION ALL) stops at a member already found, so a cycle ends the walk.
 */
export async function inviterAncestors(db: Queryable, inviterId: number): Promise<Set<number>> {
  const result = await db.execute(sql`
    with recursive ancestors(id) as (
      select invited_by from ${users} where id = ${inviterId} and invited_by is not null
      union
      select u.invited_by from ${users} u join ancestors a on u.id = a.id where u.invited_by is not null
    )
    select id from ancestors`);
  return new Set(resultRows<{ id: number }>(result).map((row) => Number(row.id)));
}

/** How a waiting invite ends: earning `amount` (minor units, > 0), or earning nothing for `reason`. */
export type Settlement =
  | { status: 'success'; amount: bigint; depositTransferId: number }
  | { status: 'fail'; reason: string; depositTransferId: number | null };

/**
 * Settles a waiting invite; false when it was not waiting any more (another
 * request settled it first: the conditional UPDATE lets one of them win).
 */
export async function settleInvite(db: Queryable, id: number, settlement: Settlement, now: Date): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({
      status: settlement.status,
      amount: settlement.status === 'success' ? settlement.amount : 0n,
      reason: settlement.status === 'fail' ? settlement.reason : null,
      depositTransferId: settlement.depositTransferId,
      settledAt: now,
    })
    .where(and(eq(invites.id, id), eq(invites.status, 'waiting')))
    .returning({ id: invites.id });
  return rows.length > 0;
}

export interface InviteCounts {
  /** Earned and not collected yet, minor units. */
  collectable: bigint;
  success: number;
  collected: number;
  fail: number;
  waiting: number;
}

/** The inviter's invites counted by status. */
export async function inviteCounts(db: Queryable, inviterId: number): Promise<InviteCounts> {
  const rows = await db
    .select({ status: invites.status, n: count(), total: sum(invites.amount) })
    .from(invites)
    .where(eq(invites.inviterId, inviterId))
    .groupBy(invites.status);
  const of = (status: InviteStatus) => rows.find((row) => row.status === status);
  return {
    collectable: BigInt(of('success')?.total ?? '0'),
    success: of('success')?.n ?? 0,
    collected: of('collected')?.n ?? 0,
    fail: of('fail')?.n ?? 0,
    waiting: of('waiting')?.n ?? 0,
  };
}

/** The inviter's earned, uncollected invites, oldest first, locked until the transaction ends. */
export function lockCollectable(db: Queryable, inviterId: number): Promise<{ id: number; amount: bigint }[]> {
  return db
    .select({ id: invites.id, amount: invites.amount })
    .from(invites)
    .where(and(eq(invites.inviterId, inviterId), eq(invites.status, 'success')))
    .orderBy(asc(invites.id))
    .for('update');
}

/** Marks the invites collected by the ledger transfer `transferId`. */
export async function markCollected(db: Queryable, ids: number[], transferId: number, now: Date): Promise<void> {
  await db
    .update(invites)
    .set({ status: 'collected', collectTransferId: transferId, collectedAt: now })
    .where(and(inArray(invites.id, ids), eq(invites.status, 'success')));
}

export interface InviteRow {
  id: number;
  inviteeName: string;
  amount: bigint;
  status: InviteStatus;
  createdAt: Date;
}

/** One page of the inviter's invites, newest first, and how many there are. */
export async function invitePage(db: Queryable, inviterId: number, page: number, limit: number): Promise<{ rows: InviteRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: invites.id, inviteeName: users.name, amount: invites.amount, status: invites.status, createdAt: invites.createdAt })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.inviteeId))
      .where(eq(invites.inviterId, inviterId))
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(invites).where(eq(invites.inviterId, inviterId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
