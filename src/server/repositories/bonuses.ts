/** Bonuses a member holds. Bonuses are not built yet; the withdrawal rule that depends on them is. */
import type { Queryable } from '../db/client.ts';

/**
 * Whether the member holds an active bonus. spec 5: a member with a bonus
 * must withdraw the full amount (BONUS_REMAINING otherwise). No bonus can be
 * taken yet, so this is false until the bonus tables exist.
 */
export async function hasHeldBonus(_db: Queryable, _userId: number): Promise<boolean> {
  return false;
}
