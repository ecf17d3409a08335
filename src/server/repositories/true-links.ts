/** Mobile-wallet vouchers members redeemed: each voucher code once (unique). */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { trueLinks, users } from '../db/schema.ts';

export async function isVoucherUsed(db: Queryable, voucher: string): Promise<boolean> {
  const [row] = await db.select({ id: trueLinks.id }).from(trueLinks).where(eq(trueLinks.voucher, voucher));
  return row !== undefined;
}

export async function insertTrueLink(db: Queryable, link: Omit<typeof trueLinks.$inferInsert, 'id'>): Promise<void> {
  await db.insert(trueLinks).values(link);
}

/** The member's registered phone: a voucher must come from it (spec 5). */
export async function registeredPhone(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return row?.phone;
}
