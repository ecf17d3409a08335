/**
 * The games table's view in the address (/ops/games?provider=hub88&status=off&sort=name):
 * GET /api/ops/games takes no query and answers every game (a few hundred
 * at most), so the console filters and sorts the list itself
 * (docs/decisions/0133-aggregator-games.md). The params are checked like
 * the server's queries are (console/use-ops-search.ts): an address this
 * schema refuses shows the whole list in the server's order.
 */
import * as v from 'valibot';
import { GAME_CATEGORIES } from '../../../contract/api.ts';
import type { OpsGame } from '../../../contract/games-ops.ts';

/** On: members may play it. Off: an operator switched it off. Unoffered: its provider does not offer it (an operator did not switch it off). */
export const GAME_STATUSES = ['on', 'off', 'unoffered'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** The orders besides the members' own (the default: the home's carousels in turn, each in the order it shows its games). */
export const GAME_SORTS = ['name', 'provider', 'status'] as const;
type GameSort = (typeof GAME_SORTS)[number];

export const GamesView = v.object({
  provider: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,40}$/))),
  status: v.optional(v.picklist(GAME_STATUSES)),
  sort: v.optional(v.picklist(GAME_SORTS)),
});

export function statusOf(game: OpsGame): GameStatus {
  if (game.active) return 'on';
  return game.operatorOff ? 'off' : 'unoffered';
}

/** What needs a look comes first when sorting by status. */
const STATUS_ORDER: Record<GameStatus, number> = { off: 0, unoffered: 1, on: 2 };

/** A category the home does not show (none today) goes last. */
const carousel = (game: OpsGame) => {
  const index = (GAME_CATEGORIES as readonly string[]).indexOf(game.category);
  return index < 0 ? GAME_CATEGORIES.length : index;
};

type Compare = (a: OpsGame, b: OpsGame) => number;

function primary(sort: GameSort, locale: string): Compare {
  const text = (a: string, b: string) => a.localeCompare(b, locale);
  switch (sort) {
    case 'name':
      return (a, b) => text(a.name, b.name);
    case 'provider':
      return (a, b) => text(a.provider, b.provider);
    case 'status':
      return (a, b) => STATUS_ORDER[statusOf(a)] - STATUS_ORDER[statusOf(b)];
  }
}

/**
 * The games the view shows, in its order; ties in the home's. The server
 * answers them by category, then in each category's order on the home, so
 * ordering the carousels keeps the rest (Array.prototype.sort is stable).
 */
export function gamesInView(games: readonly OpsGame[], view: v.InferOutput<typeof GamesView>, locale: string): OpsGame[] {
  const shown = games.filter((game) => (view.provider === undefined || game.provider === view.provider) && (view.status === undefined || statusOf(game) === view.status));
  const first = view.sort ? primary(view.sort, locale) : () => 0;
  return shown.sort((a, b) => first(a, b) || carousel(a) - carousel(b));
}
