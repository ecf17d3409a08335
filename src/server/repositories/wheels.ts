/**
 * Prize wheels (docs/decisions/0100-prize-wheel.md): a change writes a new
 * row, so the current wheel is the one no newer row replaced.
 */
import { isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { wheels } from '../db/schema.ts';

export type Wheel = typeof wheels.$inferSelect;

/** The current wheel (switched on or not), or none when no wheel was ever written. */
export async function currentWheel(db: Queryable): Promise<Wheel | undefined> {
  const [wheel] = await db.select().from(wheels).where(isNull(wheels.replacedAt));
  return wheel;
}
