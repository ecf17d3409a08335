/**
 * The browser suite's server with an aggregator's games (GAME_AGGREGATOR=hub88,
 * docs/decisions/0133-aggregator-games.md) beside the local fake aggregator
 * (scripts/fake-hub88), each calling the other over HTTP: the server asks the
 * fake for the games list and the game links, the fake's page plays rounds
 * by calling the server's Wallet API. The fake holds the demo keys the
 * server accepts in demo mode.
 */
import { and, count, eq } from 'drizzle-orm';
import { startFakeHub88, type FakeHub88 } from '../../../scripts/fake-hub88/server.ts';
import { HUB88_PROVIDER } from '../../../src/contract/hub88.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import { games } from '../../../src/server/db/schema.ts';
import type { Settings } from '../../../src/server/repositories/settings.ts';
import { startBrowserServer, type BrowserServer } from './app-server.ts';
import { expect, test } from './fixtures.ts';

export interface AggregatorWorld {
  server: BrowserServer;
  fake: FakeHub88;
}

/**
 * The fake and a server on its address, for the spec file that calls this;
 * ready once the server's sync at start has put the fake's games on the
 * home (the test waits for the job rather than running a sync of its own).
 */
export function useAggregatorServer(overrides: Partial<Config> = {}, settings: Partial<Settings> = {}): () => AggregatorWorld {
  let world: AggregatorWorld | undefined;
  test.beforeAll(async () => {
    const fake = await startFakeHub88({ port: 0 });
    const hub88 = { ...loadConfig({ GAME_AGGREGATOR: 'hub88' }).hub88!, apiUrl: fake.url };
    const server = await startBrowserServer({ hub88, ...overrides }, settings).catch(async (error: unknown) => {
      await fake.close();
      throw error;
    });
    world = { server, fake };
    fake.setWalletUrl(`${server.url}/api/providers/hub88`);
    const offered = async () => {
      const [row] = await server.db.select({ n: count() }).from(games).where(and(eq(games.provider, HUB88_PROVIDER), eq(games.active, true)));
      return row?.n;
    };
    await expect.poll(offered, { message: "the fake's games synced at the server's start" }).toBe(3);
  });
  test.afterAll(async () => {
    await world?.server.close();
    await world?.fake.close();
  });
  return () => {
    if (!world) throw new Error('the server has not started');
    return world;
  };
}
