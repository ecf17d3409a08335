/**
 * The ledger check on an operator's demand (finance, admin): checkLedger()
 * (ledger/check.ts), the same check the test suites run after every money test,
 * run in one snapshot of the database, and its result kept as an audit row
 * (`ledger.check`, docs/decisions/0123-audit-trail.md) written in the same
 * transaction: the audit is where the dashboard finds the last result and
 * its time, so every server process sees the same and nothing new is stored.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { auditLog, operators } from '../db/schema.ts';
import { recordAudit } from '../repositories/audit.ts';
import { checkLedger } from '../ledger/check.ts';

/** A broken ledger can list a problem per account: the audit keeps the first ones and how many there were. */
const PROBLEMS_KEPT = 50;

export interface LedgerCheck {
  balanced: boolean;
  problems: string[];
  checkedAt: string;
  /** The operator's phone. */
  checkedBy: string;
}

interface CheckRecord {
  balanced: boolean;
  problems: string[];
  /** How many problems were found (more than `problems` holds when it was cut). */
  found: number;
}

/** The check running in this process, per database: reads every account, so it is never run twice at once. */
const running = new WeakMap<Db, Promise<LedgerCheck>>();

/**
 * Runs the check, or, while one runs in this process, answers that one's
 * result (its operator's audit row): thirty operators pressing the button
 * at once read the ledger once, not thirty times.
 */
export function runLedgerCheck(db: Db, operatorId: number, now: Date): Promise<LedgerCheck> {
  const current = running.get(db);
  if (current) return current;
  const check = checkAndRecord(db, operatorId, now).finally(() => running.delete(db));
  running.set(db, check);
  return check;
}

async function checkAndRecord(db: Db, operatorId: number, now: Date): Promise<LedgerCheck> {
  return db.transaction(async (tx) => {
    // One snapshot for the four queries: money moving meanwhile must not look like a mismatch.
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const problems = await checkLedger(tx);
    const record: CheckRecord = { balanced: problems.length === 0, problems: problems.slice(0, PROBLEMS_KEPT), found: problems.length };
    await recordAudit(tx, { operatorId, action: 'ledger.check', subject: 'ledger', after: record, createdAt: now });
    const [operator] = await tx.select({ phone: operators.phone }).from(operators).where(eq(operators.id, operatorId));
    return { balanced: record.balanced, problems: record.problems, checkedAt: now.toISOString(), checkedBy: operator?.phone ?? '' };
  });
}

/** The last check an operator ran, or null when none was. */
export async function lastLedgerCheck(db: Queryable): Promise<LedgerCheck | null> {
  const [row] = await db
    .select({ after: auditLog.after, createdAt: auditLog.createdAt, phone: operators.phone })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(eq(auditLog.action, 'ledger.check'))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const record = row.after as CheckRecord;
  return { balanced: record.balanced, problems: record.problems, checkedAt: row.createdAt.toISOString(), checkedBy: row.phone };
}
