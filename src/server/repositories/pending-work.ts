/**
 * What waits for an operator: slips to verify and approvals to decide. The
 * dashboard's figures (dashboard/figures.ts) and the metrics' gauges
 * (operating/metrics.ts) count it alike.
 */
import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { approvals, slips } from '../db/schema.ts';

export interface PendingWork {
  slips: number;
  approvals: number;
}

export async function countPendingWork(db: Queryable): Promise<PendingWork> {
  const [[pendingSlips], [pendingApprovals]] = await Promise.all([
    db.select({ n: count() }).from(slips).where(eq(slips.status, 'PENDING')),
    db.select({ n: count() }).from(approvals).where(eq(approvals.status, 'pending')),
  ]);
  return { slips: pendingSlips?.n ?? 0, approvals: pendingApprovals?.n ?? 0 };
}
