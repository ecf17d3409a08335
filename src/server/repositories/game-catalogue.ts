/**
 * The games on offer (docs/decisions/0133-aggregator-games.md): what
 * operators list and switch, and what an aggregator's games sync writes.
 * A game is active when its provider offers it and no operator switched it
 * off; every write of either column sets `active` with the one expression
 * below, so the rule lives in one place.
 */
import { and, asc, eq, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { GameCategory } from '../../contract/api.ts';
import type { OpsGame } from '../../contract/games-ops.ts';
import type { Queryable } from '../db/client.ts';
import { games } from '../db/schema.ts';

/** A value the write sets, or the column as it stands (the row's other flag, which the write keeps). */
type Flag = boolean | AnyColumn;
const flag = (value: Flag) => (typeof value === 'boolean' ? sql`${value}::boolean` : sql`${value}`);

/** games.active for these flags: the provider offers the game and no operator switched it off. */
function activeWhen({ providerEnabled = games.providerEnabled, operatorOff = games.operatorOff }: { providerEnabled?: Flag; operatorOff?: Flag }): SQL<boolean> {
  return sql<boolean>`(${flag(providerEnabled)} and not ${flag(operatorOff)})`;
}

const opsColumns = {
  code: games.code,
  name: games.name,
  provider: games.provider,
  category: games.category,
  active: games.active,
  operatorOff: games.operatorOff,
  providerEnabled: games.providerEnabled,
};

export function listGamesForOperators(db: Queryable): Promise<OpsGame[]> {
  return db.select(opsColumns).from(games).orderBy(asc(games.category), asc(games.sortOrder), asc(games.code));
}

/** The game's row for an operator's switch, locked until the transaction ends; undefined when there is no such game. */
export async function lockGameForSwitch(tx: Queryable, code: string): Promise<OpsGame | undefined> {
  const [row] = await tx.select(opsColumns).from(games).where(eq(games.code, code)).for('update');
  return row;
}

/** An operator switches the game off (or on again); `active` follows. */
export async function setOperatorOff(tx: Queryable, code: string, operatorOff: boolean): Promise<OpsGame> {
  const [row] = await tx.update(games).set({ operatorOff, active: activeWhen({ operatorOff }) }).where(eq(games.code, code)).returning(opsColumns);
  if (!row) throw new Error(`game ${code} vanished while locked`);
  return row;
}

/** One sync of a provider's games at a time (two processes' jobs), until the transaction ends. */
export async function lockGamesSync(tx: Queryable, provider: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`games-sync:${provider}`}, 0))`);
}

/** The codes other providers' games use: a provider's list may not take them over. */
export async function gameCodesOfOtherProviders(db: Queryable, provider: string): Promise<Set<string>> {
  const rows = await db.select({ code: games.code }).from(games).where(sql`${games.provider} <> ${provider}`);
  return new Set(rows.map((row) => row.code));
}

export interface ListedGameRow {
  code: string;
  name: string;
  category: GameCategory;
  logo: string;
  background: string;
  sortOrder: number;
  providerEnabled: boolean;
}

/**
 * Adds a provider's listed game or updates it (never another provider's
 * row with the same code); an operator's switch stays as it was.
 */
export async function upsertListedGame(tx: Queryable, provider: string, { code, sortOrder, ...fields }: ListedGameRow): Promise<void> {
  await tx
    .insert(games)
    .values({ code, provider, entry: 'token_link', sortOrder, ...fields, active: activeWhen({ providerEnabled: fields.providerEnabled, operatorOff: false }) })
    .onConflictDoUpdate({
      target: games.code,
      set: { ...fields, active: activeWhen({ providerEnabled: fields.providerEnabled }) },
      setWhere: eq(games.provider, provider),
    });
}

/** The provider's games it no longer lists are no longer offered; answers how many were. */
export async function withdrawUnlistedGames(tx: Queryable, provider: string, listed: string[]): Promise<number> {
  const withdrawn = await tx
    .update(games)
    .set({ providerEnabled: false, active: activeWhen({ providerEnabled: false }) })
    .where(and(eq(games.provider, provider), eq(games.providerEnabled, true), listed.length > 0 ? notInArray(games.code, listed) : undefined))
    .returning({ code: games.code });
  return withdrawn.length;
}
