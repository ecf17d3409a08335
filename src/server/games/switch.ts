/**
 * An operator's switch of a game (docs/decisions/0133-aggregator-games.md):
 * off, members can no longer open, enter or fund it and an aggregator's
 * bets there are refused (its wins and rollbacks are still settled, and
 * members can still take their money out); on again, it is active when its
 * provider offers it, so switching on a game its provider does not offer
 * answers `active: false`. The change and its audit row are one transaction.
 */
import type { OpsGame } from '../../contract/games-ops.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../repositories/audit.ts';
import { lockGameForSwitch, setOperatorOff } from '../repositories/game-catalogue.ts';

export async function switchGame(db: Db, { operatorId, now }: { operatorId: number; now: Date }, code: string, on: boolean): Promise<OpsGame> {
  return db.transaction(async (tx) => {
    const before = await lockGameForSwitch(tx, code);
    if (!before) throw new ApiError(404, 'NO_GAME');
    if (before.operatorOff === !on) return before;
    const after = await setOperatorOff(tx, code, !on);
    await recordAudit(tx, { operatorId, action: 'game.switch', subject: code, before: { active: before.active }, after: { active: after.active, operatorOff: after.operatorOff }, createdAt: now });
    return after;
  });
}
