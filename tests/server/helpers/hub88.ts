/**
 * Hub88's side of the Wallet API, for tests: an app with GAME_AGGREGATOR=hub88
 * (the demo keys) whose Games API is the fake aggregator, which hands out
 * game links and remembers the tokens it was given, Hub88 games in the
 * games table, members with money at one, and signed Wallet API calls.
 */
import { randomUUID } from 'node:crypto';
import { expect, onTestFinished } from 'vitest';
import { startFakeHub88, type FakeHub88 } from '../../../scripts/fake-hub88/server.ts';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { HUB88_PROVIDER, type ListedGame } from '../../../src/contract/hub88.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import { games } from '../../../src/server/db/schema.ts';
import type { Db } from '../../../src/server/db/client.ts';
import type { Hub88Client } from '../../../src/server/games/hub88/client.ts';
import { DEMO_AGGREGATOR_PRIVATE_KEY } from '../../../src/server/games/hub88/demo-keys.ts';
import type { hub88Provider } from '../../../src/server/games/hub88/provider.ts';
import { rsaPrivateKey, signBody } from '../../../src/server/games/hub88/signature.ts';
import { hub88AccountName, hub88User } from '../../../src/server/games/hub88/wallet.ts';
import { HUB88_WALLET_PREFIX } from '../../../src/server/routes/hub88.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { call } from './http.ts';
import { signedInMember } from './members.ts';
import { userIdOf } from './money.ts';
import { activate, fundGame } from './reference-games.ts';

export const HUB88_GAME = 'hub_sweet_fruits';
export const HUB88_OTHER_GAME = 'hub_live_lotto';

export const hub88Config = () => loadConfig({ GAME_AGGREGATOR: 'hub88' }).hub88!;

export interface Hub88App extends TestApp {
  /** The fake aggregator the app's Games API client calls (its games, the links asked for, a down switch). */
  fake: FakeHub88;
  /** The app's own client of Hub88's Operator API, pointed at the fake. */
  client: Hub88Client;
}

/** The two games the tests play, as the fake lists them. */
const TEST_GAMES: ListedGame[] = [
  { game_code: HUB88_GAME, name: 'Sweet Fruits', category: 'Video Slots', product: 'Fake Studio', enabled: true, url_thumb: null, url_background: null, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'] },
  { game_code: HUB88_OTHER_GAME, name: 'Live Lotto', category: 'Lottery', product: 'Fake Studio', enabled: true, url_thumb: null, url_background: null, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'] },
];

/**
 * An app with GAME_AGGREGATOR=hub88 whose Games API is the fake aggregator
 * (scripts/fake-hub88) on a port of its own, listing the two test games,
 * which are in the games table. The Wallet API is called by the tests
 * (walletCall), not by the fake.
 */
export async function buildHub88App(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<Hub88App> {
  const fake = await startFakeHub88({ port: 0 });
  onTestFinished(() => fake.close());
  fake.games = TEST_GAMES.map((game) => ({ ...game }));
  // No job runs by itself (the games sync at start would race the test): tests tick them by hand.
  const jobTicker = { every: () => () => undefined };
  const t = await buildTestApp({ hub88: { ...hub88Config(), apiUrl: fake.url }, ...overrides }, { jobTicker, ...options });
  await addHub88Games(t.db);
  const provider = t.app.games.get(HUB88_PROVIDER) as ReturnType<typeof hub88Provider>;
  return { ...t, fake, client: provider.client };
}

export async function addHub88Games(db: Db): Promise<void> {
  await db
    .insert(games)
    .values([
      { code: HUB88_GAME, name: 'Sweet Fruits', category: 'slot', provider: 'hub88', logo: '/images/games/hub.png', background: '/images/games/hub-bg.png', sortOrder: 500 },
      { code: HUB88_OTHER_GAME, name: 'Live Lotto', category: 'lotto', provider: 'hub88', logo: '/images/games/hub.png', background: '/images/games/hub-bg.png', sortOrder: 501 },
    ])
    .onConflictDoNothing();
}

export interface Hub88Player {
  userId: number;
  user: string;
  /** The member's game account's username, which /api/autoLogin names. */
  account: string;
  phone: string;
  memberToken: string;
  /** The token Hub88 got for the game session. */
  token: string;
}

/** A member with `major` baht in the Hub88 game, who entered it: Hub88 holds their session token. */
export async function hub88Player(t: Hub88App, major: number, code = HUB88_GAME): Promise<Hub88Player> {
  const member = await signedInMember(t);
  const userId = await userIdOf(t.db, member.phone);
  await activate(t, member.token, code);
  if (major > 0) await fundGame(t, userId, code, major);
  const account = hub88AccountName(userId, code);
  return { userId, user: hub88User(userId), account, phone: member.phone, memberToken: member.token, token: await enterHub88(t, member.token, account) };
}

/** Enters the member's Hub88 game the way the SPA does; answers the token Hub88 received. */
export async function enterHub88(t: Hub88App, memberToken: string, username: string): Promise<string> {
  const response = await call(t.app, endpoints.autoLogin, undefined, { token: memberToken, params: { provider: 'hub88', username } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().entry.kind).toBe('link');
  return t.fake.urlRequests.at(-1)!.token as string;
}

const aggregatorKey = rsaPrivateKey(DEMO_AGGREGATOR_PRIVATE_KEY);

/** Hub88 calls our Wallet API: the body signed with its (demo) key unless the test says otherwise. */
export async function walletCall(t: TestApp, path: string, body: unknown, { signature, raw }: { signature?: string; raw?: string } = {}) {
  const payload = raw ?? JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: `${HUB88_WALLET_PREFIX}${path}`,
    headers: { 'content-type': 'application/json', 'x-hub88-signature': signature ?? signBody(aggregatorKey, payload) },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown> & { status: string };
}

/** Hub88's amounts: baht × 100,000. */
export const units = (baht: number) => Math.round(baht * 100_000);

export function betBody(player: Hub88Player, baht: number, overrides: Record<string, unknown> = {}) {
  return {
    user: player.user,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: `sup-${randomUUID()}`,
    token: player.token,
    supplier_user: `cg_${player.user}`,
    round_closed: false,
    round: `round-${randomUUID()}`,
    reward_uuid: null,
    request_uuid: randomUUID(),
    is_free: false,
    is_aggregated: false,
    game_id: 1234,
    game_code: HUB88_GAME,
    currency: 'THB',
    bet: 'spin',
    amount: units(baht),
    meta: { selection: 'spin', odds: '1' },
    ...overrides,
  };
}

export function winBody(player: Hub88Player, bet: { transaction_uuid: string; round: string }, baht: number, overrides: Record<string, unknown> = {}) {
  return { ...betBody(player, baht), round: bet.round, round_closed: true, reference_transaction_uuid: bet.transaction_uuid, ...overrides };
}

export function rollbackBody(player: Hub88Player, bet: { transaction_uuid: string; round?: string }, overrides: Record<string, unknown> = {}) {
  return {
    user: player.user,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: `sup-${randomUUID()}`,
    token: player.token,
    round_closed: true,
    round: bet.round ?? `round-${randomUUID()}`,
    request_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    game_id: 1234,
    game_code: HUB88_GAME,
    meta: {},
    ...overrides,
  };
}
