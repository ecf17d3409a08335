/** The bonuses a member holds (member_bonuses). The promotions issue writes them; the withdrawal rule reads them today. */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { memberBonuses } from '../db/schema.ts';

/**
 * Whether the member holds an active bonus. spec 5: a member with a bonus
 * must withdraw the full amount (BONUS_REMAINING otherwise, the shared rule
 * fullAmountError).
 */
export async function hasHeldBonus(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: memberBonuses.id })
    .from(memberBonuses)
    .where(and(eq(memberBonuses.userId, userId), eq(memberBonuses.status, 'active')))
    .limit(1);
  return row !== undefined;
}
