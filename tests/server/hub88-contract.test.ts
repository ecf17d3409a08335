/**
 * The Hub88 adapter against the fake aggregator (scripts/fake-hub88), over
 * HTTP both ways: the server listens on a port, the fake serves the Games
 * API (checking our signature) and plays rounds by calling our Wallet API
 * as Hub88 documents it, retries and all. A member sees the synced games on
 * the home, funds one, enters it by the link the fake answers, plays, and
 * the rounds are in the ledger (turnover) and the statement; a win after
 * the token expired is paid, a rollback before its bet refuses the bet.
 * The ledger is checked after each test.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { Db } from '../../src/server/db/client.ts';
import { loadConfig } from '../../src/server/config.ts';
import { hub88AccountName } from '../../src/server/games/hub88/wallet.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { GAME_SESSION_LIFETIME_MS } from '../../src/server/policy.ts';
import { betsSince } from '../../src/server/promotions/ledger-reads.ts';
import { startFakeHub88, type FakeHub88 } from '../../scripts/fake-hub88/server.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { userIdOf } from './helpers/money.ts';
import { activate } from './helpers/reference-games.ts';
import { deposit as operatorDeposit, OPERATOR } from './helpers/money.ts';
import { login } from './helpers/members.ts';

let current: Db | undefined;
afterEach(async () => {
  const db = current;
  current = undefined;
  if (db) expect(await checkLedger(db)).toEqual([]);
});

const GAME = 'fk_lucky_lanterns';

/** The fake and the server, each calling the other over HTTP. */
async function world(): Promise<{ t: TestApp; fake: FakeHub88 }> {
  const fake = await startFakeHub88({ port: 0 });
  onTestFinished(() => fake.close());
  const hub88 = { ...loadConfig({ GAME_AGGREGATOR: 'hub88' }).hub88!, apiUrl: fake.url };
  // The jobs tick by hand: the test syncs when it wants to.
  const t = await buildTestApp({ hub88, operator: OPERATOR }, { jobTicker: { every: () => () => undefined } });
  current = t.db;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.setWalletUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/providers/hub88`);
  const synced = await t.app.games.get('hub88')!.syncGames!(t.db, { warn: () => undefined, info: () => undefined });
  expect(synced).toMatchObject({ listed: 3, offered: 3 });
  return { t, fake };
}

/** A member with `baht` in the wallet moved into the fake's slot game, who entered it from the home. */
async function playerIn(t: TestApp, fake: FakeHub88, baht: number) {
  const member = await signedInMember(t);
  const userId = await userIdOf(t.db, member.phone);
  await operatorDeposit({ ...t, operatorToken: await login(t, OPERATOR.phone, OPERATOR.password) } as Parameters<typeof operatorDeposit>[0], member.phone, baht);
  await activate(t, member.token, GAME);
  const moved = await call(t.app, endpoints.transfer, { from: 'WALLET', to: GAME, amount: baht }, { token: member.token, idempotencyKey: randomUUID() });
  expect(moved.statusCode, moved.body).toBe(200);
  const entry = await call(t.app, endpoints.autoLogin, undefined, { token: member.token, params: { provider: 'hub88', username: hub88AccountName(userId, GAME) } });
  expect(entry.statusCode, entry.body).toBe(200);
  const { url } = entry.json().entry as { kind: 'link'; url: string };
  expect(url.startsWith(`${fake.url}/play/`)).toBe(true);
  const session = fake.sessions.get(url.split('/').at(-1)!)!;
  return { ...member, userId, session, url };
}

describe('a member plays an aggregator game from the home', () => {
  it('sees it on the home, opens its page, plays rounds with retries; turnover and the statement show them', async () => {
    const { t, fake } = await world();
    const player = await playerIn(t, fake, 100);

    const home = await call(t.app, endpoints.wallet, undefined, { token: player.token });
    const slots: { code: string; category: string; amount: number }[] = home.json().slots;
    expect(slots.filter((slot) => slot.code.startsWith('fk_')).map(({ code, category }) => ({ code, category }))).toEqual([
      { code: 'fk_lucky_lanterns', category: 'slot' },
      { code: 'fk_penalty_shootout', category: 'sport' },
      { code: 'fk_quick_keno', category: 'lotto' },
    ]);

    // The game's page shows the balance the fake read from our wallet.
    const page = await fetch(player.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('100.00 THB');

    const lost = await fake.playRound(player.session, { bet: 1_000_000, win: 0 });
    expect([lost.betAnswer.status, lost.betRetry.status, lost.winAnswer?.status]).toEqual(['RS_OK', 'RS_OK', 'RS_OK']);
    expect(lost.betRetry).toEqual(lost.betAnswer);
    const won = await fake.playRound(player.session, { bet: 500_000, win: 2_500_000 });
    expect(won.winAnswer).toMatchObject({ status: 'RS_OK', balance: 11_000_000 });

    // Bets count as turnover (what the bonus rules read), once each despite the retries.
    expect(await betsSince(t.db, player.userId, 0)).toBe(1_500n);
    const after = await call(t.app, endpoints.wallet, undefined, { token: player.token });
    expect(after.json().slots.find((slot: { code: string }) => slot.code === GAME).amount).toBe(110);
    const statement = await call(t.app, endpoints.statement, { page: 1, limit: 20 }, { token: player.token });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(JSON.stringify(statement.json())).toContain(GAME);
    expect(fake.refused).toEqual([]);
  });

  it('is paid a win after the token expired, and a rollback before its bet refuses the late bet', async () => {
    const { t, fake } = await world();
    const player = await playerIn(t, fake, 50);

    const late = await fake.betThenLateWin(player.session, { bet: 1_000_000, win: 3_000_000 }, () => t.clock.advance(GAME_SESSION_LIFETIME_MS + 60_000));
    expect(late.betAnswer).toMatchObject({ status: 'RS_OK', balance: 4_000_000 });
    expect(late.winAnswer).toMatchObject({ status: 'RS_OK', balance: 7_000_000 });
    // A new bet on the expired token is refused.
    const refused = await fake.playRound(player.session, { bet: 100_000, win: 0 });
    expect(refused.betAnswer.status).toBe('RS_ERROR_TOKEN_EXPIRED');

    // A fresh entry, then a bet whose rollback overtook it.
    const entry = await call(t.app, endpoints.autoLogin, undefined, { token: player.token, params: { provider: 'hub88', username: hub88AccountName(player.userId, GAME) } });
    const session = fake.sessions.get((entry.json().entry.url as string).split('/').at(-1)!)!;
    const raced = await fake.rollbackBeforeBet(session, 2_000_000);
    expect(raced.rollbackAnswer).toMatchObject({ status: 'RS_OK', balance: 7_000_000 });
    expect(raced.lateBetAnswer).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 7_000_000 });
    expect(await betsSince(t.db, player.userId, 0)).toBe(1_000n);
  });

  it('refuses an unsigned Games API call at the fake, and a Wallet API call signed with another key at the server', async () => {
    const { t, fake } = await world();
    const unsigned = await fetch(`${fake.url}/operator/generic/v2/game/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operator_id: 1 }) });
    expect(unsigned.status).toBe(401);
    const address = t.app.server.address() as AddressInfo;
    const forged = await fetch(`http://127.0.0.1:${address.port}/api/providers/hub88/user/balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub88-signature': 'AAAA' },
      body: JSON.stringify({ user: 'm000001', token: 'x'.repeat(20), request_uuid: 'r-1' }),
    });
    expect(await forged.json()).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: 'r-1' });
  });
});
