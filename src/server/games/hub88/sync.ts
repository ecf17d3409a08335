/**
 * Hub88's games into the games table (docs/decisions/0133-aggregator-games.md),
 * by `npm run games:sync` and the daily `sync-aggregator-games` job (and
 * at start): each listed game is added or updated (name, category, art)
 * under the provider `hub88`; `enabled` in the list becomes
 * provider_enabled, and a game is active when Hub88 offers it and no
 * operator switched it off (an operator's switch is never undone here). A
 * game Hub88 no longer lists is no longer offered. A code that is not a
 * game code of ours (GameCode), or that another provider's game already
 * has, is skipped and logged. Safe to run twice at once: every write is an
 * upsert of the same values.
 */
import * as v from 'valibot';
import { GameCode, type GameCategory } from '../../../contract/api.ts';
import { HUB88_PROVIDER, type ListedGame } from '../../../contract/hub88.ts';
import type { Db } from '../../db/client.ts';
import type { ProviderLog } from '../../providers/http.ts';
import { gameCodesOfOtherProviders, lockGamesSync, upsertListedGame, withdrawUnlistedGames } from '../../repositories/game-catalogue.ts';
import type { Hub88Client } from './client.ts';

export const FALLBACK_LOGO = '/games/aggregator-logo.webp';
export const FALLBACK_BACKGROUND = '/games/aggregator-bg.webp';
/** Hub88's games come after the built-in ones in each carousel, in the list's order. */
const FIRST_SORT_ORDER = 1000;

/** Our three carousels (spec 2): sport and lotto by their names in Hub88's category; everything else is a slot (casino) game. */
export function categoryOf(listed: Pick<ListedGame, 'category'>): GameCategory {
  const category = (listed.category ?? '').toLowerCase();
  if (/sport|virtual/.test(category)) return 'sport';
  if (/lotto|lottery|keno|bingo|scratch/.test(category)) return 'lotto';
  return 'slot';
}

/**
 * A game's name as members and operators see it: no control or invisible
 * format characters (a right-to-left override could make one name read as
 * another), spaces collapsed, at most 100 characters.
 */
export function plainName(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/ {2,}/g, ' ').trim().slice(0, 100);
}

/** An image the app may show: an https address (or this server's own path); anything else falls back to our art. */
function imageOf(url: string | null | undefined, fallback: string): string {
  if (!url) return fallback;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || ['127.0.0.1', 'localhost'].includes(parsed.hostname) ? parsed.toString() : fallback;
  } catch {
    return fallback;
  }
}

export interface SyncResult {
  listed: number;
  offered: number;
  skipped: string[];
  withdrawn: number;
}

export async function syncHub88Games(db: Db, client: Hub88Client, log: ProviderLog): Promise<SyncResult> {
  const listed = await client.listGames();
  const skipped: string[] = [];
  const kept: string[] = [];
  let withdrawn = 0;
  await db.transaction(async (tx) => {
    // One sync at a time (two processes' jobs), so sort orders and withdrawals are decided once.
    await lockGamesSync(tx, HUB88_PROVIDER);
    const others = await gameCodesOfOtherProviders(tx, HUB88_PROVIDER);
    for (const [index, game] of listed.entries()) {
      if (!v.is(GameCode, game.game_code) || others.has(game.game_code) || kept.includes(game.game_code)) {
        skipped.push(game.game_code);
        continue;
      }
      kept.push(game.game_code);
      await upsertListedGame(tx, HUB88_PROVIDER, {
        code: game.game_code,
        name: plainName(game.name),
        category: categoryOf(game),
        logo: imageOf(game.url_thumb, FALLBACK_LOGO),
        background: imageOf(game.url_background ?? game.url_thumb, FALLBACK_BACKGROUND),
        sortOrder: FIRST_SORT_ORDER + index * 10,
        providerEnabled: game.enabled !== false,
      });
    }
    withdrawn = await withdrawUnlistedGames(tx, HUB88_PROVIDER, kept);
  });
  const result: SyncResult = { listed: listed.length, offered: kept.length, skipped, withdrawn };
  if (skipped.length > 0) log.warn({ provider: HUB88_PROVIDER, skipped: skipped.slice(0, 20) }, `games sync skipped ${skipped.length} game codes (not a game code of ours, or another provider's)`);
  log.info?.({ provider: HUB88_PROVIDER, listed: result.listed, offered: result.offered }, 'games synced');
  return result;
}
