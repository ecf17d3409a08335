/**
 * The operators' audit trail (operator_changes): who changed which offer,
 * member-facing text or reward setting, when, and the value written. Rows are only added.
 */
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { operatorChanges, operators } from '../db/schema.ts';

export type OperatorAction =
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
  // the chat's canned replies (admins edit them)
  | 'chat.canned.create'
  | 'chat.canned.change'
  | 'chat.canned.delete';

export interface OperatorChange {
  operatorId: number;
  action: OperatorAction;
  /** A bonus code, a setting key. */
  subject: string;
  /** What was written, as JSON. */
  value: unknown;
  createdAt: Date;
}

/** Records a change; call it in the transaction of the write it records. */
export async function recordChange(db: Queryable, change: OperatorChange): Promise<void> {
  await db.insert(operatorChanges).values(change);
}

export interface OperatorChangeView {
  id: number;
  /** The operator's phone (their sign-in name). */
  operator: string;
  action: string;
  subject: string;
  createdAt: Date;
}

/** The latest changes, newest first. */
export async function listChanges(db: Queryable, limit: number): Promise<OperatorChangeView[]> {
  return db
    .select({ id: operatorChanges.id, operator: operators.phone, action: operatorChanges.action, subject: operatorChanges.subject, createdAt: operatorChanges.createdAt })
    .from(operatorChanges)
    .innerJoin(operators, eq(operators.id, operatorChanges.operatorId))
    .orderBy(desc(operatorChanges.createdAt), desc(operatorChanges.id))
    .limit(limit);
}
