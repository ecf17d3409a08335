/**
 * The audit trail (audit_log, docs/decisions/0123-audit-trail.md): every
 * operator action — who, when, what, on what and for which member, the
 * state before and after. Rows are only added (a trigger refuses the rest);
 * each is written in the transaction of the change it records.
 */
import { and, asc, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { auditLog, operators, users } from '../db/schema.ts';

export type AuditAction =
  // offers and member-facing texts (marketing)
  | 'bonus.create'
  | 'bonus.change'
  | 'bonus.paused'
  | 'bonus.active'
  | 'settings.agreements'
  | 'settings.conditions'
  // the rewards (docs/decisions/0101-rewards-operator-api-and-demo.md)
  | 'wheel.change'
  | 'settings.wheelCoins'
  | 'settings.invite'
  | 'settings.refund'
  | 'settings.inviteBanners'
  | 'settings.refundBanners'
  | 'settings.notice'
  | 'settings.contact'
  // the chat's canned replies (admins edit them)
  | 'chat.canned.create'
  | 'chat.canned.change'
  | 'chat.canned.delete'
  // money (finance), each also when a second operator's approval runs it
  | 'deposit.manual'
  | 'payment.credit'
  | 'payment.dismissed'
  | 'slip.approved'
  | 'slip.rejected'
  | 'withdrawal.paid'
  | 'withdrawal.rejected'
  | 'adjustment'
  | 'round.rollback'
  // a game switched off or on again (docs/decisions/0133-aggregator-games.md)
  | 'game.switch'
  // dual control (docs/decisions/0121-dual-control.md)
  | 'approval.requested'
  | 'approval.approved'
  | 'approval.rejected'
  | 'approval.superseded'
  // members (support; the phone an admin's): docs/decisions/0128-members-and-service-in-the-console.md
  | 'member.status'
  | 'member.sessions.ended'
  | 'member.phone'
  // the service, terminated or resumed from the console (admins)
  | 'service.status'
  // operators (admins, in the console)
  | 'operator.add'
  | 'operator.disabled'
  | 'operator.reset'
  // the ledger check an operator ran (finance, admins), its result in `after`
  | 'ledger.check';

export interface NewAuditRow {
  operatorId: number;
  action: AuditAction;
  /** What it acted on: a bonus code, a setting key, a record's id, a bank reference. */
  subject: string;
  /** The member it concerned, when one. */
  userId?: number | null;
  /** The state before, when something stood before (JSON). */
  before?: unknown;
  /** The state after, or what was written (JSON). */
  after?: unknown;
  createdAt: Date;
}

/** Whether any operator ever did this action (e.g. wrote a setting). */
export async function anyAudit(db: Queryable, action: string): Promise<boolean> {
  const [row] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, action)).limit(1);
  return row !== undefined;
}

/** Records an action; call it in the transaction of the change it records. */
export async function recordAudit(db: Queryable, entry: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values({ ...entry, userId: entry.userId ?? null, before: entry.before ?? null, after: entry.after ?? null });
}

export interface AuditFilter {
  /** The operator's phone. */
  operator?: string;
  /** The member's phone. */
  member?: string;
  action?: string;
  /** [from, to): one day in the service's time zone, as the route computes it. */
  between?: [Date, Date];
  /** Absent: the newest first. */
  sort?: 'newest' | 'oldest';
}

export interface AuditView {
  id: number;
  /** The operator's phone (their sign-in name). */
  operator: string;
  action: string;
  subject: string;
  /** The member's phone, when the action concerned one. */
  member: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

function conditions(filter: AuditFilter): SQL | undefined {
  return and(
    filter.operator === undefined ? undefined : eq(operators.phone, filter.operator),
    filter.member === undefined ? undefined : eq(users.phone, filter.member),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.between === undefined ? undefined : and(gte(auditLog.createdAt, filter.between[0]), lt(auditLog.createdAt, filter.between[1])),
  );
}

/** One page of the entries that match, newest first, and how many match in all. */
export async function listAudit(db: Queryable, filter: AuditFilter, offset: number, limit: number): Promise<{ entries: AuditView[]; total: number }> {
  const where = conditions(filter);
  const entries = await db
    .select({
      id: auditLog.id,
      operator: operators.phone,
      action: auditLog.action,
      subject: auditLog.subject,
      member: users.phone,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(...(filter.sort === 'oldest' ? [asc(auditLog.createdAt), asc(auditLog.id)] : [desc(auditLog.createdAt), desc(auditLog.id)]))
    .offset(offset)
    .limit(limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where);
  return { entries, total: Number(count?.total ?? 0) };
}

export interface OperatorChangeView {
  id: number;
  operator: string;
  action: string;
  subject: string;
  createdAt: Date;
}

/** The latest changes to offers, texts, rewards and canned replies (marketing's log), newest first. */
export async function listChanges(db: Queryable, limit: number): Promise<OperatorChangeView[]> {
  return db
    .select({ id: auditLog.id, operator: operators.phone, action: auditLog.action, subject: auditLog.subject, createdAt: auditLog.createdAt })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(or(...['bonus.%', 'settings.%', 'wheel.%', 'chat.canned.%'].map((prefix) => like(auditLog.action, prefix))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/**
 * Who last gave the operator their sign-in (added or reset them: the admin
 * saw the password and second factor); null for one the server's
 * environment made (the bootstrap admin) or the command line's.
 */
export async function lastEnrolledBy(db: Queryable, operatorId: number): Promise<number | null> {
  const [row] = await db
    .select({ by: auditLog.operatorId })
    .from(auditLog)
    .innerJoin(operators, eq(operators.phone, auditLog.subject))
    .where(and(eq(operators.id, operatorId), inArray(auditLog.action, ['operator.add', 'operator.reset'])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row?.by ?? null;
}
