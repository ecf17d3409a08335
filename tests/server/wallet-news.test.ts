/**
 * The wallet's news (docs/decisions/0141-wallet-news.md): after a
 * transaction that moved a member's money commits, `wallet.changed` goes to
 * that member's sockets, over a real socket.io-client, and to no one
 * else's; a transaction that rolls back tells nothing, and nothing is told
 * before COMMIT.
 */
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { endpoints } from '../../src/contract/endpoints.ts';
import { SOCKET_WALLET_CHANGED, WalletChanged } from '../../src/contract/wallet-news.ts';
import { createGuest } from '../../src/server/chat/guests.ts';
import { creditDeposit } from '../../src/server/deposits/credit.ts';
import { recordHub } from './helpers/chat.ts';
import { betBody, buildHub88App, HUB88_GAME, hub88Player, rollbackBody, walletCall, winBody } from './helpers/hub88.ts';
import { call } from './helpers/http.ts';
import { login } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, memberWithMoney, withdrawalIdOf, type MoneyApp } from './helpers/money.ts';
import { collect, connected, eventWhere, listening, nextEvent, type ClientSocket } from './helpers/sockets.ts';

checkLedgerAfterEach();

type News = v.InferOutput<typeof WalletChanged>;

/** The news `socket` was sent, proven complete: an event to the socket alone after them always arrives, and comes after. */
async function heardBy(m: MoneyApp, socket: ClientSocket, seen: News[]): Promise<News[]> {
  const sentinel = eventWhere<string>(socket, 'probe', (payload) => payload === 'sentinel');
  m.app.chatHub.toRoom(socket.id!, 'probe', 'sentinel');
  await sentinel;
  return seen;
}

/** The news the recording hub was told for `userId`, once the commits before now have been told. */
async function toldTo(hub: ReturnType<typeof recordHub>, userId: number, settled: Promise<unknown>) {
  await settled;
  return hub.told.filter((told) => told.to === 'member' && told.userId === userId).map((told) => told.payload as News);
}

describe('wallet.changed over the socket', () => {
  it('reaches every socket of the credited member, with the contract’s shape, and no one else’s', async () => {
    const m = await buildMoneyApp();
    const url = await listening(m);
    const member = await memberWithMoney(m, { wallet: 100 });
    const other = await memberWithMoney(m, { wallet: 50 });
    const guest = await createGuest(m.config, m.db, m.clock());
    const [first, second, others, guests] = await Promise.all([
      connected(url, { token: member.token }),
      connected(url, { token: await login(m, member.phone, member.password) }),
      connected(url, { token: other.token }),
      connected(url, { guestToken: guest.guestToken }),
    ]);
    const othersHeard = collect<News>(others, SOCKET_WALLET_CHANGED);
    const guestsHeard = collect<News>(guests, SOCKET_WALLET_CHANGED);
    const arriving = [nextEvent<News>(first, SOCKET_WALLET_CHANGED), nextEvent<News>(second, SOCKET_WALLET_CHANGED)];

    await deposit(m, member.phone, 500);

    const [news, again] = await Promise.all(arriving);
    expect(v.is(WalletChanged, news)).toBe(true);
    expect(news).toMatchObject({ wallet: { amount: 600 }, slots: [], changes: [{ kind: 'deposit', amount: 500, direction: 'in' }] });
    expect(again).toEqual(news);
    expect(await heardBy(m, others, othersHeard)).toEqual([]);
    expect(await heardBy(m, guests, guestsHeard)).toEqual([]);
  });

  it('tells a transfer into a game with both balances, and a payout paid and one rejected', async () => {
    const m = await buildMoneyApp();
    const url = await listening(m);
    const member = await memberWithMoney(m, { wallet: 340, opened: ['TEST_SLOT'] });
    const socket = await connected(url, { token: member.token });
    const heard = collect<News>(socket, SOCKET_WALLET_CHANGED);
    const game = 'TEST_SLOT';

    expect((await call(m.app, endpoints.transfer, { from: 'WALLET', to: game, amount: 40 }, { token: member.token })).statusCode).toBe(200);
    const held = await call(m.app, endpoints.withdraw, { amount: 100 }, { token: member.token });
    expect(held.statusCode, held.body).toBe(200);
    const paid = await withdrawalIdOf(m.db, held.json().transferId);
    expect((await call(m.app, endpoints.opsWithdrawalPaid, undefined, { token: m.operatorToken, params: { id: paid } })).statusCode).toBe(200);
    const again = await call(m.app, endpoints.withdraw, { amount: 100 }, { token: member.token });
    expect(again.statusCode, again.body).toBe(200);
    const returned = await withdrawalIdOf(m.db, again.json().transferId);
    expect((await call(m.app, endpoints.opsWithdrawalRejected, undefined, { token: m.operatorToken, params: { id: returned } })).statusCode).toBe(200);

    await heardBy(m, socket, heard);
    // The setup's deposit is told after its COMMIT, as its answer is sent: it may reach the socket that connected right after, or not.
    const setUp = (news: News) => news.changes.length === 1 && news.changes[0]!.kind === 'deposit' && news.changes[0]!.amount === 340;
    expect(heard.filter((news) => !setUp(news)).map(({ wallet, slots, changes }) => ({ wallet, slots, changes }))).toEqual([
      { wallet: { amount: 300 }, slots: [{ code: game, amount: 40 }], changes: [{ kind: 'transfer', amount: 40, direction: 'out' }] },
      { wallet: { amount: 200 }, slots: [], changes: [{ kind: 'withdrawalHeld', amount: 100, direction: 'out' }] },
      { wallet: { amount: 200 }, slots: [], changes: [{ kind: 'withdrawalPaid', amount: 100, direction: 'out' }] },
      { wallet: { amount: 100 }, slots: [], changes: [{ kind: 'withdrawalHeld', amount: 100, direction: 'out' }] },
      { wallet: { amount: 200 }, slots: [], changes: [{ kind: 'withdrawalReturned', amount: 100, direction: 'in' }] },
    ]);
  });
});

describe('after the commit, and only then', () => {
  it('tells nothing of a transaction that rolls back, and nothing while one is open', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const hub = recordHub(m);
    const credit = (key: string) => ({ userId: member.userId, currency: 'BAHT' as const, amount: 500n, idempotencyKey: key });

    const rolledBack = m.db.transaction(async (tx) => {
      await creditDeposit(tx, credit('deposit:rolled-back'), m.clock());
      throw new Error('refused after the write');
    });
    await expect(rolledBack).rejects.toThrow('refused after the write');
    let toldWhileOpen: unknown[] = ['not read'];
    await m.db.transaction(async (tx) => {
      await creditDeposit(tx, credit('deposit:committed'), m.clock());
      await new Promise((resolve) => setImmediate(resolve));
      toldWhileOpen = [...hub.told];
    });

    expect(toldWhileOpen).toEqual([]);
    const told = await toldTo(hub, member.userId, eventually(() => hub.told.length > 0));
    expect(told.map((news) => news.changes)).toEqual([[{ kind: 'deposit', amount: 5, direction: 'in' }]]);
    expect(told[0]!.wallet).toEqual({ amount: 5 });
  });
});

describe('the aggregator’s rounds', () => {
  it('tells a Hub88 bet, win and rollback with the game’s balance', async () => {
    const t = await buildHub88App();
    const player = await hub88Player(t, 100);
    const hub = recordHub(t);
    const bet = betBody(player, 25);
    await walletCall(t, '/transaction/bet', bet);
    await walletCall(t, '/transaction/win', winBody(player, bet, 60.5));
    const lost = betBody(player, 10);
    await walletCall(t, '/transaction/bet', lost);
    await walletCall(t, '/transaction/rollback', rollbackBody(player, lost));

    const told = await toldTo(hub, player.userId, eventually(() => hub.told.length >= 4));
    expect(told.map(({ wallet, slots, changes }) => ({ wallet, slots, changes }))).toEqual([
      { wallet: null, slots: [{ code: HUB88_GAME, amount: 75 }], changes: [{ kind: 'bet', amount: 25, direction: 'out' }] },
      { wallet: null, slots: [{ code: HUB88_GAME, amount: 135.5 }], changes: [{ kind: 'win', amount: 60.5, direction: 'in' }] },
      { wallet: null, slots: [{ code: HUB88_GAME, amount: 125.5 }], changes: [{ kind: 'bet', amount: 10, direction: 'out' }] },
      { wallet: null, slots: [{ code: HUB88_GAME, amount: 135.5 }], changes: [{ kind: 'rollback', amount: 10, direction: 'in' }] },
    ]);
  });
});

/** Resolves once `done` holds, checking after each turn of the event loop (the teller runs in its own turns). */
/**
 * Until `done`: the news is told after COMMIT, once the balances it carries are read, which on a
 * loaded machine can take longer than any fixed number of event-loop turns. Polled, not slept.
 */
async function eventually(done: () => boolean): Promise<void> {
  await vi.waitFor(() => {
    if (!done()) throw new Error('never happened');
  }, { timeout: 10_000, interval: 5 });
}
