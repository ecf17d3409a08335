/**
 * An aggregator's games in the games table and an operator's switch: the
 * sync adds, updates and withdraws Hub88's games, never switches back on a
 * game an operator switched off, and skips codes that are not ours to take;
 * the switch is audited, stops entry and transfers in, and the home lists
 * Hub88's games with the reference games by category.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { ListedGame } from '../../src/contract/hub88.ts';
import { auditLog, games, gameSessions } from '../../src/server/db/schema.ts';
import { categoryOf, FALLBACK_LOGO, plainName, syncHub88Games } from '../../src/server/games/hub88/sync.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { buildHub88App, HUB88_GAME, HUB88_OTHER_GAME, hub88Player } from './helpers/hub88.ts';
import { activate } from './helpers/reference-games.ts';
import { hub88AccountName } from '../../src/server/games/hub88/wallet.ts';
import { call } from './helpers/http.ts';
import { operatorToken } from './helpers/operators.ts';

const log = { warn: () => undefined, info: () => undefined };

function listed(code: string, overrides: Partial<ListedGame> = {}): ListedGame {
  return { game_code: code, name: code.replaceAll('_', ' '), category: 'Video Slots', product: 'Fake Studio', enabled: true, url_thumb: `https://cdn.example/${code}.png`, url_background: null, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'], ...overrides };
}

async function row(db: Parameters<typeof syncHub88Games>[0], code: string) {
  const [game] = await db.select().from(games).where(eq(games.code, code));
  return game;
}

describe('the games sync', () => {
  it('adds, updates and withdraws Hub88’s games, keeping an operator’s switch', async () => {
    const t = await buildHub88App();
    t.fake.games = [listed('fk_fruit_party'), listed('fk_football', { category: 'Virtual Sports' }), listed('fk_keno', { category: 'Lottery', url_thumb: 'http://insecure.example/k.png' })];
    expect(await syncHub88Games(t.db, t.client, log)).toMatchObject({ listed: 3, offered: 3 });
    expect(await row(t.db, 'fk_fruit_party')).toMatchObject({ provider: 'hub88', category: 'slot', active: true, logo: 'https://cdn.example/fk_fruit_party.png', entry: 'token_link' });
    expect(await row(t.db, 'fk_football')).toMatchObject({ category: 'sport' });
    expect(await row(t.db, 'fk_keno')).toMatchObject({ category: 'lotto', logo: FALLBACK_LOGO });

    const admin = await operatorToken(t, 'admin', '0800000501');
    const off = await call(t.app, endpoints.opsGameSwitch, { active: false }, { token: admin, params: { code: 'fk_fruit_party' } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, operatorOff: true, providerEnabled: true });

    // Renamed, one dropped, one disabled by the aggregator.
    t.fake.games = [listed('fk_fruit_party', { name: 'Fruit Party Deluxe' }), listed('fk_football', { enabled: false })];
    await syncHub88Games(t.db, t.client, log);
    expect(await row(t.db, 'fk_fruit_party')).toMatchObject({ name: 'Fruit Party Deluxe', active: false, operatorOff: true });
    expect(await row(t.db, 'fk_football')).toMatchObject({ active: false, providerEnabled: false });
    expect(await row(t.db, 'fk_keno')).toMatchObject({ active: false, providerEnabled: false });

    const on = await call(t.app, endpoints.opsGameSwitch, { active: true }, { token: admin, params: { code: 'fk_fruit_party' } });
    expect(on.json()).toMatchObject({ active: true, operatorOff: false });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'game.switch'));
    expect(audits.map((audit) => audit.after)).toEqual([{ active: false, operatorOff: true }, { active: true, operatorOff: false }]);

    // `active: true` asks for no operator's switch; a game its provider does not offer stays inactive (and nothing changed to audit).
    const notOffered = await call(t.app, endpoints.opsGameSwitch, { active: true }, { token: admin, params: { code: 'fk_football' } });
    expect([notOffered.statusCode, notOffered.json()]).toEqual([200, expect.objectContaining({ active: false, operatorOff: false, providerEnabled: false })]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'game.switch'))).toHaveLength(2);
  });

  it('skips codes another provider has and codes that are no game code of ours', async () => {
    const t = await buildHub88App();
    const [reference] = await t.db.select().from(games).where(eq(games.provider, 'reference')).limit(1);
    t.fake.games = [listed(reference!.code, { name: 'Impostor' }), listed('has space'), listed('fk_ok')];
    expect(await syncHub88Games(t.db, t.client, log)).toMatchObject({ offered: 1, skipped: [reference!.code, 'has space'] });
    expect(await row(t.db, reference!.code)).toMatchObject({ provider: 'reference', name: reference!.name });
  });

  it('lets the pages show the aggregator’s https art, and only then', async () => {
    const t = await buildHub88App();
    expect((await t.app.inject({ url: '/api/lookup/active' })).headers['content-security-policy']).toContain(`img-src 'self' data: blob: https: ${t.fake.url};`);
  });

  it('keeps no control or invisible format characters of a game’s name', () => {
    expect(plainName('Lucky\u202Esnretnal')).toBe('Luckysnretnal');
    expect(plainName('  Fruit\u200B Party\n\tDeluxe\u2066 ')).toBe('Fruit Party Deluxe');
    expect(plainName('สล็อต มังกร')).toBe('สล็อต มังกร');
    expect(plainName('x'.repeat(150))).toHaveLength(100);
  });

  it('maps Hub88’s categories onto the three carousels', () => {
    expect(['Video Slots', 'Live Casino', 'Table Games', null].map((category) => categoryOf({ category }))).toEqual(['slot', 'slot', 'slot', 'slot']);
    expect(['Sportsbook', 'Virtual Sports', 'Lottery', 'Keno', 'Scratch Cards'].map((category) => categoryOf({ category }))).toEqual(['sport', 'sport', 'lotto', 'lotto', 'lotto']);
  });
});

describe('a game switched off', () => {
  it('is not entered nor funded, but its money can still leave; the home lists Hub88’s games beside the reference games', async () => {
    const t = await buildHub88App();
    const player = await hub88Player(t, 20);
    const home = await call(t.app, endpoints.wallet, undefined, { token: player.memberToken });
    const slots: { code: string; category: string }[] = home.json().slots;
    expect(slots.some((slot) => slot.code === 'hub_sweet_fruits')).toBe(true);
    expect(new Set(slots.map((slot) => slot.category))).toEqual(new Set(['slot', 'sport', 'lotto']));

    const marketing = await operatorToken(t, 'marketing', '0800000502');
    expect((await call(t.app, endpoints.opsGameSwitch, { active: false }, { token: marketing, params: { code: 'hub_sweet_fruits' } })).statusCode).toBe(200);
    const entry = await call(t.app, endpoints.autoLogin, undefined, { token: player.memberToken, params: { provider: 'hub88', username: player.account } });
    expect(entry.json()).toEqual({ message: 'NO_GAME' });
    const fund = await call(t.app, endpoints.transfer, { from: 'WALLET', to: 'hub_sweet_fruits', amount: 1 }, { token: player.memberToken, idempotencyKey: randomUUID() });
    expect([fund.statusCode, fund.json()]).toEqual([404, { message: 'NO_GAME' }]);
    const out = await call(t.app, endpoints.transfer, { from: 'hub_sweet_fruits', to: 'WALLET', amount: 20 }, { token: player.memberToken, idempotencyKey: randomUUID() });
    expect(out.statusCode, out.body).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('an aggregator that is down', () => {
  it('leaves the games as they were and answers a member’s entry NO_GAME, opening no session', async () => {
    const t = await buildHub88App();
    const player = await hub88Player(t, 0);
    const before = await t.db.select().from(games).where(eq(games.provider, 'hub88'));
    const sessionsBefore = await t.db.select().from(gameSessions);

    t.fake.down = true;
    await expect(syncHub88Games(t.db, t.client, log)).rejects.toThrow();
    expect(await t.db.select().from(games).where(eq(games.provider, 'hub88'))).toEqual(before);
    const entry = await call(t.app, endpoints.autoLogin, undefined, { token: player.memberToken, params: { provider: 'hub88', username: player.account } });
    expect([entry.statusCode, entry.json()]).toEqual([502, { message: 'NO_GAME' }]);
    expect(await t.db.select().from(gameSessions)).toEqual(sessionsBefore);

    t.fake.down = false;
    const again = await call(t.app, endpoints.autoLogin, undefined, { token: player.memberToken, params: { provider: 'hub88', username: player.account } });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a member’s several aggregator games', () => {
  it('each open by their own account: the link asked for names that game, with that account’s session', async () => {
    const t = await buildHub88App();
    const player = await hub88Player(t, 0, HUB88_GAME);
    await activate(t, player.memberToken, HUB88_OTHER_GAME);
    const other = hub88AccountName(player.userId, HUB88_OTHER_GAME);
    expect(other).not.toBe(player.account);

    const entry = await call(t.app, endpoints.autoLogin, undefined, { token: player.memberToken, params: { provider: 'hub88', username: other } });
    expect(entry.statusCode, entry.body).toBe(200);
    expect(t.fake.urlRequests.at(-1)).toMatchObject({ game_code: HUB88_OTHER_GAME, user: player.user });
    // Switching the first game off leaves the other's door open.
    const marketing = await operatorToken(t, 'marketing', '0800000502');
    await call(t.app, endpoints.opsGameSwitch, { active: false }, { token: marketing, params: { code: HUB88_GAME } });
    expect((await call(t.app, endpoints.autoLogin, undefined, { token: player.memberToken, params: { provider: 'hub88', username: other } })).statusCode).toBe(200);
    expect(t.fake.urlRequests.at(-1)).toMatchObject({ game_code: HUB88_OTHER_GAME });
  });
});
