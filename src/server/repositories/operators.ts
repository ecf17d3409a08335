/** Operators (the back office's named accounts) and their sessions. */
import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { perDatabase, type Db, type Queryable } from '../db/client.ts';
import type { OperatorRole } from '../../contract/api.ts';
import { operatorSessions, operators } from '../db/schema.ts';

export type Operator = typeof operators.$inferSelect;

export interface NewOperator {
  phone: string;
  name: string;
  role: OperatorRole;
  passwordHash: string;
  totpSecret: string | null;
  bootstrap?: boolean;
}

export async function findOperatorByPhone(db: Queryable, phone: string): Promise<Operator | undefined> {
  const [operator] = await db.select().from(operators).where(eq(operators.phone, phone));
  return operator;
}

export async function findOperator(db: Queryable, id: number): Promise<Operator | undefined> {
  const [operator] = await db.select().from(operators).where(eq(operators.id, id));
  return operator;
}

/** Every operator, enabled first, then by phone. */
export async function listOperators(db: Queryable): Promise<Operator[]> {
  return db.select().from(operators).orderBy(sql`${operators.disabledAt} is not null`, asc(operators.phone));
}

/** Inserts an operator; fails on operators_phone_unique, or phone_has_one_owner when a member has the phone. */
export async function insertOperator(db: Queryable, operator: NewOperator, now: Date): Promise<Operator> {
  const [row] = await db
    .insert(operators)
    .values({ ...operator, createdAt: now })
    .returning();
  return row!;
}

export async function updateOperator(
  db: Queryable,
  id: number,
  changes: Partial<Pick<Operator, 'passwordHash' | 'totpSecret' | 'role' | 'disabledAt' | 'name'>>,
): Promise<void> {
  await db.update(operators).set(changes).where(eq(operators.id, id));
}

/** Bootstrap admins other than the one on `keepPhone` (or all when null) that are still enabled. */
export async function enabledBootstrapAdminsExcept(db: Queryable, keepPhone: string | null): Promise<Operator[]> {
  return db
    .select()
    .from(operators)
    .where(and(eq(operators.bootstrap, true), isNull(operators.disabledAt), keepPhone === null ? undefined : ne(operators.phone, keepPhone)));
}

/**
 * Accepts a TOTP time step for the operator unless it (or a later one) was
 * accepted before: a code opens one session, once, even when two logins
 * race with it.
 */
export async function takeTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- sessions

export async function insertOperatorSession(db: Queryable, operatorId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.insert(operatorSessions).values({ operatorId, tokenHash, createdAt: now, expiresAt });
}

const liveOperatorSession = perDatabase((db) =>
  db
    .select({ sessionId: operatorSessions.id, operatorId: operators.id, role: operators.role })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, sql.placeholder('now')),
        isNull(operators.disabledAt),
      ),
    )
    .prepare('live_operator_session'),
);

/** The live session of an enabled operator with this token hash, with the operator's role. */
export async function findLiveOperatorSession(db: Db, tokenHash: string, now: Date) {
  const [session] = await liveOperatorSession(db).execute({ tokenHash, now: now.toISOString() });
  return session;
}

export async function revokeOperatorSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** Ends every live session of the operator: disabled, new password or new second factor. */
export async function revokeOperatorSessions(db: Queryable, operatorId: number, now: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}
