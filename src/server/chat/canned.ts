/**
 * Canned replies agents pick from (docs/decisions/0106-chat-widget-and-inbox.md); admins write them.
 * Each write is one transaction with its operator_changes row (who, what,
 * when, the value written), as the other operator writes are.
 */
import type { CannedReply } from '../../contract/chat.ts';
import { inTransaction, type Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { cannedCount, deleteCanned, insertCanned, listCanned, updateCanned, type CannedRow } from '../repositories/chat.ts';
import { recordAudit } from '../repositories/audit.ts';

export interface CannedText {
  title: string;
  text: string;
}

function answer(row: CannedRow): CannedReply {
  return { id: String(row.id), title: row.title, text: row.text };
}

export async function cannedReplies(db: Queryable): Promise<CannedReply[]> {
  return (await listCanned(db)).map(answer);
}

export function createCanned(db: Queryable, operatorId: number, reply: CannedText, now: Date): Promise<CannedReply> {
  return inTransaction(db, async (tx) => {
    const row = await insertCanned(tx, { ...reply, updatedBy: operatorId, updatedAt: now });
    await recordAudit(tx, { operatorId, action: 'chat.canned.create', subject: String(row.id), after: reply, createdAt: now });
    return answer(row);
  });
}

export function changeCanned(db: Queryable, operatorId: number, id: number, reply: CannedText, now: Date): Promise<CannedReply> {
  return inTransaction(db, async (tx) => {
    const row = await updateCanned(tx, id, { ...reply, updatedBy: operatorId, updatedAt: now });
    if (!row) throw new ApiError(404, 'NO_DATA');
    await recordAudit(tx, { operatorId, action: 'chat.canned.change', subject: String(id), after: reply, createdAt: now });
    return answer(row);
  });
}

export function removeCanned(db: Queryable, operatorId: number, id: number, now: Date): Promise<void> {
  return inTransaction(db, async (tx) => {
    const row = await deleteCanned(tx, id);
    if (!row) throw new ApiError(404, 'NO_DATA');
    await recordAudit(tx, { operatorId, action: 'chat.canned.delete', subject: String(id), before: { title: row.title, text: row.text }, createdAt: now });
  });
}

/** Demo mode's canned replies, added only while the list is empty (db/seed.ts). */
export async function addDemoCannedReplies(db: Queryable, replies: readonly CannedText[], now: Date): Promise<void> {
  if ((await cannedCount(db)) > 0) return;
  for (const reply of replies) await insertCanned(db, { ...reply, updatedBy: null, updatedAt: now });
}
