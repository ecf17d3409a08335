/**
 * The console's games view (src/features/ops/games/games-view.ts): the
 * list endpoint takes no query, so the address's provider, status and
 * order are applied to the list in the browser, checked as the server's
 * queries are.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OpsGame } from '../../src/contract/games-ops.ts';
import { gamesInView, GamesView, statusOf } from '../../src/features/ops/games/games-view.ts';

function game(code: string, overrides: Partial<OpsGame> = {}): OpsGame {
  return { code, name: code, provider: 'reference', category: 'slot', active: true, operatorOff: false, providerEnabled: true, ...overrides };
}

// As the server answers: by category (alphabetical), then each category's order.
const GAMES = [
  game('keno', { name: 'Keno', provider: 'hub88', category: 'lotto', active: false, providerEnabled: false }),
  game('lotus', { name: 'Golden Lotus' }),
  game('naga', { name: 'Naga', active: false, operatorOff: true }),
  game('boxing', { name: 'Boxing', category: 'sport' }),
  game('fk_ball', { name: 'Ball', provider: 'hub88', category: 'sport', active: false, operatorOff: true, providerEnabled: false }),
];
const codes = (games: OpsGame[]) => games.map((shown) => shown.code);
const view = (search: Record<string, string>) => v.parse(GamesView, search);

describe('the games view', () => {
  it('names a status by who keeps the game off: an operator before the provider', () => {
    expect(GAMES.map(statusOf)).toEqual(['unoffered', 'on', 'off', 'on', 'off']);
  });

  it('shows the games as the home does by default: slots, then sport, then lotto, each in its order', () => {
    expect(codes(gamesInView(GAMES, view({}), 'en'))).toEqual(['lotus', 'naga', 'boxing', 'fk_ball', 'keno']);
  });

  it('filters by provider and status, and sorts by name, provider or status', () => {
    expect(codes(gamesInView(GAMES, view({ provider: 'hub88' }), 'en'))).toEqual(['fk_ball', 'keno']);
    expect(codes(gamesInView(GAMES, view({ status: 'off' }), 'en'))).toEqual(['naga', 'fk_ball']);
    expect(codes(gamesInView(GAMES, view({ provider: 'reference', status: 'on', sort: 'name' }), 'en'))).toEqual(['boxing', 'lotus']);
    expect(codes(gamesInView(GAMES, view({ sort: 'provider' }), 'en'))).toEqual(['fk_ball', 'keno', 'lotus', 'naga', 'boxing']);
    expect(codes(gamesInView(GAMES, view({ sort: 'status' }), 'en'))).toEqual(['naga', 'fk_ball', 'keno', 'lotus', 'boxing']);
  });

  it('refuses an address it does not know, so the page shows the whole list', () => {
    for (const search of [{ status: 'maybe' }, { sort: 'price' }, { provider: 'Hub 88' }]) expect(v.safeParse(GamesView, search).success).toBe(false);
  });
});
