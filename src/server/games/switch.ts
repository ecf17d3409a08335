/**
 * An operator's switch of a game (docs/decisions/0133-aggregator-games.md):
 * off, members can no longer open, enter or fund it and an aggregator's
 * bets there are refused (its wins and rollbacks are still settled, and
 * members can still take their money out); on again, it is active when its
 * provider offers it. The change and its audit row are one transaction.
 */
import { asc, eq } from 'drizzle-orm';
import type { OpsGame } from '../../contract/games-ops.ts';
import type { Db, Queryable } from '../db/client.ts';
import { games } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../repositories/audit.ts';

const columns = {
  code: games.code,
  name: games.name,
  provider: games.provider,
  category: games.category,
  active: games.active,
  operatorOff: games.operatorOff,
  providerEnabled: games.providerEnabled,
};

export async function listGamesForOperators(db: Queryable): Promise<OpsGame[]> {
  return db.select(columns).from(games).orderBy(asc(games.category), asc(games.sortOrder), asc(games.code));
}

export async function switchGame(db: Db, { operatorId, now }: { operatorId: number; now: Date }, code: string, on: boolean): Promise<OpsGame> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(games).where(eq(games.code, code)).for('update');
    if (!before) throw new ApiError(404, 'NO_GAME');
    if (before.operatorOff === !on) return before;
    const [after] = await tx
      .update(games)
      .set({ operatorOff: !on, active: on && before.providerEnabled })
      .where(eq(games.code, code))
      .returning(columns);
    await recordAudit(tx, { operatorId, action: 'game.switch', subject: code, before: { active: before.active }, after: { active: after!.active, operatorOff: !on }, createdAt: now });
    return after!;
  });
}
