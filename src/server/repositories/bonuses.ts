/** The bonuses a member holds (member_bonuses). The promotions issue writes them; the withdrawal rule and the bonus check read them today. */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { memberBonuses } from '../db/schema.ts';

export type BonusType = (typeof memberBonuses.$inferSelect)['bonusType'];

/** The member's active bonus (at most one: a unique index), or undefined. */
export async function activeBonusOf(db: Queryable, userId: number): Promise<{ bonusCode: string; bonusType: BonusType } | undefined> {
  const [row] = await db
    .select({ bonusCode: memberBonuses.bonusCode, bonusType: memberBonuses.bonusType })
    .from(memberBonuses)
    .where(and(eq(memberBonuses.userId, userId), eq(memberBonuses.status, 'active')));
  return row;
}

/**
 * Whether the member holds an active bonus. spec 5: a member with a bonus
 * must withdraw the full amount (BONUS_REMAINING otherwise, the shared rule
 * fullAmountError).
 */
export async function hasHeldBonus(db: Queryable, userId: number): Promise<boolean> {
  return (await activeBonusOf(db, userId)) !== undefined;
}
