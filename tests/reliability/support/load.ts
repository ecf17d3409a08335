/**
 * A mixed money load against a running server, through its HTTP API, with
 * an independent model of what every member must own afterwards.
 *
 * The model counts only what the server confirmed (2xx): deposits, payouts
 * the operator marked paid, and game results. Transfers between a wallet and
 * games change where money is, not how much a member owns; withdrawals hold
 * money until they are paid (gone) or rejected (back). So for each member:
 *
 *   wallet posted balance + game balances = deposits − paid + Σ(win − bet)
 *                                           + bonuses − what cancels took back
 *                                           + coupons, refunds, invite bonuses received
 *   wallet held (pending debits)          = Σ open withdrawals
 *
 * Operations for one member run concurrently with each other, so the races
 * the ledger must survive (overdraw, double spend, one key twice) happen.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { WALLET } from '../../../src/contract/api.ts';
import { endpoints, fillPath, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH, type Endpoint } from '../../../src/contract/endpoints.ts';
import { toMinor } from '../../../src/contract/money.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface RequestOptions {
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  idempotencyKey?: string;
}

/** One HTTP call by contract endpoint. Rejects only when no answer came (the server is down). */
export async function send(base: string, endpoint: Endpoint, body: unknown, options: RequestOptions = {}): Promise<Answer> {
  const url = new URL(fillPath(endpoint.path, options.params), base);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: endpoint.method,
    headers: {
      'x-requested-with': REQUESTED_WITH,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.idempotencyKey && { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed };
}

/** A small seeded generator (mulberry32), so a failing run can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LoadMember {
  index: number;
  userId: number;
  phone: string;
  token: string;
  /** Game codes this member opened. */
  games: string[];
  /** The game session cookie per game (the reference provider's page session). */
  sessions: Map<string, string>;
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** What each member must own, from confirmed answers only (minor units). */
export class Expected {
  readonly owned = new Map<number, bigint>();
  readonly held = new Map<number, bigint>();

  add(map: Map<number, bigint>, userId: number, amount: bigint): void {
    map.set(userId, (map.get(userId) ?? 0n) + amount);
  }
}

function check(answer: Answer, what: string, allowed: readonly string[] = []): boolean {
  if (answer.status >= 200 && answer.status < 300) return true;
  const message = String(answer.body.message);
  if (answer.status >= 400 && answer.status < 500 && allowed.includes(message)) return false;
  throw new Error(`${what}: unexpected ${answer.status} ${JSON.stringify(answer.body)}`);
}

export interface LoadSetup {
  base: string;
  operatorToken: string;
  members: LoadMember[];
}

/**
 * Registers `count` members (OTP must be off), logs them in, deposits
 * 1,000–5,000 into each wallet and opens two games each.
 */
export async function setUpMembers(
  base: string,
  operator: { phone: string; password: string },
  count: number,
  random: () => number,
  expected: Expected,
  { invites = false }: { invites?: boolean } = {},
): Promise<LoadSetup> {
  const login = async (username: string, password: string) => {
    const answer = await send(base, endpoints.login, { username, password });
    check(answer, `login ${username}`);
    return String(answer.body.token);
  };
  const operatorToken = await login(operator.phone, operator.password);
  const members: LoadMember[] = [];
  const runTag = randomUUID().slice(0, 8);
  // With invites, the second half registers with the first half's links (member i + half invited by member i).
  const half = invites ? Math.floor(count / 2) : count;
  const register = async (index: number) => {
    const phone = `086${String(index).padStart(7, '0')}`;
    const password = 'load-pass-1234';
    const inviter = index >= half ? members.find((member) => member.index === index - half) : undefined;
    const registered = await send(base, endpoints.accountRegister, {
      name: 'Load Member',
      username: phone,
      password,
      bankCode: 'KBANK',
      // One holder per member (the index's digits as letters A–J): one name on both sides fails an invite (same_name).
      bankAccountName: `LOAD MEMBER ${[...String(index)].map((digit) => String.fromCharCode(65 + Number(digit))).join('')}`,
      bankAccountNo: `55${String(index).padStart(8, '0')}`,
      ...(inviter && { inviteCode: `PR${inviter.userId}` }),
    });
    check(registered, `register ${phone}`);
    const token = await login(phone, password);
    const wallet = await send(base, endpoints.wallet, undefined, { token });
    check(wallet, 'wallet');
    const userId = Number((wallet.body.profile as { _id: string })._id);
    const slots = wallet.body.slots as { code: string; category: string }[];
    // One slot and one sport game: both kinds of round, on two accounts per member.
    const games = ['slot', 'sport'].map((category) => slots.find((slot) => slot.category === category)!.code);
    const sessions = new Map<string, string>();
    for (const game of games) {
      check(await send(base, endpoints.gameAccountActivate, undefined, { token, params: { gameCode: game } }), 'activate');
      sessions.set(game, await enterGame(base, token, game));
    }
    const amount = 1_000 + Math.floor(random() * 4_000);
    check(await send(base, endpoints.opsDeposit, { username: phone, amount, reference: `load-${runTag}-${phone}` }, { token: operatorToken }), 'deposit');
    expected.add(expected.owned, userId, toMinor(amount));
    members.push({ index, userId, phone, token, games, sessions });
  };
  await inPool(Array.from({ length: half }, (_, index) => index), 10, register);
  await inPool(Array.from({ length: count - half }, (_, index) => half + index), 10, register);
  members.sort((a, b) => a.index - b.index);
  return { base, operatorToken, members };
}

/** Enters every member's games again: game sessions end within hours, and the test's clock may move a day. */
export async function renewGameSessions(setup: LoadSetup): Promise<void> {
  await inPool(setup.members, 10, async (member) => {
    for (const game of member.games) member.sessions.set(game, await enterGame(setup.base, member.token, game));
  });
}

/** Enters a game as the SPA's game modal does (autoLogin, then the entry link) and returns the game session cookie. */
async function enterGame(base: string, token: string, game: string): Promise<string> {
  const account = await send(base, endpoints.gameAccountCredentials, undefined, { token, params: { gameCode: game } });
  check(account, 'game account');
  const { provider, username } = account.body as { provider: string; username: string };
  const login = await send(base, endpoints.autoLogin, undefined, { token, params: { provider, username } });
  check(login, 'autoLogin');
  const entry = login.body.entry as { kind: string; url?: string; android?: string };
  const link = entry.kind === 'link' ? entry.url : entry.kind === 'apps' ? entry.android : undefined;
  if (!link) throw new Error(`game ${game}: entry kind ${entry.kind} is not followed by this load`);
  const page = await fetch(new URL(link, base), { redirect: 'manual' });
  const cookie = page.headers.getSetCookie().find((line) => line.startsWith(`rg_${game}=`));
  if (!cookie) throw new Error(`game ${game}: entering set no session cookie (${page.status})`);
  return cookie.split(';')[0]!;
}

/**
 * Plays rounds of the reference provider's games through its page's call,
 * POST /games/api/spin, with the game session cookie. Bets are in credits
 * (money × ftWalletSlot); the model counts money.
 */
export function referenceGames(ftWalletSlot: ReadonlyMap<string, number>): Game {
  return {
    async spin(base, member, game, bet, roundId) {
      const factor = ftWalletSlot.get(game)!;
      const response = await fetch(new URL('/games/api/spin', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': REQUESTED_WITH, cookie: member.sessions.get(game)! },
        body: JSON.stringify({ game, roundId, bet: bet * factor, pick: game === member.games[1] ? 'home' : null }),
      });
      const body = (await response.json()) as { bet?: number; win?: number; message?: string };
      if (response.status === 400 && body.message === 'MONEY_NOT_ENOUGH') return null;
      if (!response.ok) throw new Error(`spin ${game}: unexpected ${response.status} ${JSON.stringify(body)}`);
      return { bet: toMinor(body.bet! / factor), win: toMinor(Math.round((body.win! / factor) * 100) / 100) };
    },
  };
}

export type Operation =
  | { kind: 'toGame'; member: LoadMember; game: string; amount: number; key: string }
  | { kind: 'fromGame'; member: LoadMember; game: string; amount: number; key: string }
  | { kind: 'transferAll'; member: LoadMember; game: string; key: string }
  | { kind: 'withdraw'; member: LoadMember; amount: number; key: string }
  | { kind: 'withdrawAll'; member: LoadMember; amount: number; key: string }
  | { kind: 'spin'; member: LoadMember; game: string; bet: number; roundId: string }
  | { kind: 'resolve'; paid: boolean }
  /** The same request twice at once, and once more later: one movement, the same answer. */
  | { kind: 'duplicate'; member: LoadMember; game: string; amount: number; key: string }
  /** Receiving a load offer (a bonus or the promotion) and giving one up. */
  | { kind: 'bonus'; member: LoadMember; code: string; promotion: boolean }
  | { kind: 'clearBonus'; member: LoadMember }
  /** A wheel spin (a coin for a draw, sometimes a coupon), a coupon claimed (twice at once), a refund received, invites collected. */
  | { kind: 'wheelSpin'; member: LoadMember; key: string }
  | { kind: 'claim'; member: LoadMember; pick: number }
  | { kind: 'refund'; member: LoadMember }
  | { kind: 'inviteCollect'; member: LoadMember };

/**
 * The offers the load receives and cancels: fixed grants and no withdrawal
 * cap, so the model knows every amount (a cancel answers what went back);
 * the promotion's quota runs out under the load.
 */
const LOAD_OFFERS = [
  { code: 'LOADBONUS', kind: 'bonus', maxReceived: 1_000, grant: { kind: 'fixed', amount: 50 }, quota: null },
  { code: 'LOADPROMO', kind: 'promotion', maxReceived: 1, grant: { kind: 'fixed', amount: 20 }, quota: 40 },
] as const;

/** Creates the load offers through the operator API. */
export async function addLoadOffers(base: string, operatorToken: string): Promise<void> {
  const localized = (text: string) => ({ th: text, la: text, en: text });
  for (const offer of LOAD_OFFERS) {
    const answer = await send(
      base,
      endpoints.opsBonusCreate,
      {
        ...offer,
        type: 'limit',
        currency: 'BAHT',
        percentFail: 0,
        banners: [],
        description: localized(`<p>${offer.code}</p>`),
        turnoverMultiplier: 1,
        withdrawCap: null,
        endThreshold: 0,
        startsAt: null,
        endsAt: null,
        status: 'active',
      },
      { token: operatorToken },
    );
    check(answer, `create offer ${offer.code}`);
  }
}

/**
 * The rewards the load uses, set through the operator API: a wheel whose
 * coins come with the members' game rounds (one per 5 baht bet, so the
 * first rounds already earn some) and whose credit prizes the members
 * claim, paying back 2.8 % of a coin's price (within the default
 * wheelReturnCeiling of 3 %); invites that succeed at the invitee's first
 * deposit (no turnover asked), so inviters collect; a daily loss refund,
 * received once the test's clock has closed the day.
 */
export async function addLoadRewards(base: string, operator: { phone: string; password: string }): Promise<void> {
  const login = await send(base, endpoints.login, { username: operator.phone, password: operator.password });
  check(login, 'operator login');
  const token = String(login.body.token);
  const text = (value: string) => ({ th: value, la: value, en: value });
  const slice = (code: string, weight: number, prize: unknown) => ({
    code,
    label: text(code),
    bgColor: '#1d4ed8',
    textColor: '#ffffff',
    htmlDescription: text(`<p>${code}</p>`),
    weight,
    prize,
  });
  const credit = (baht: number) => ({ type: 'credit', amount: { BAHT: baht, LAK: baht * 200 }, expiryDays: 7 });
  // Out of 20 spins: 8 pay 0.10 baht, 2 pay 1 baht: 0.14 baht a coin of 5 baht (2.8 %); half the spins make a coupon.
  const wheel = {
    name: text('Load wheel'),
    active: true,
    slices: [
      slice('NONE', 9, { type: 'none' }),
      slice('B010', 8, credit(0.1)),
      slice('B1', 2, credit(1)),
      slice('ITEM', 1, { type: 'item', name: text('Shirt'), expiryDays: 7 }),
    ],
  };
  check(await send(base, endpoints.opsWheelChange, { wheel, coinRule: { BAHT: 5, LAK: 1_000 } }, { token }), 'load wheel');
  check(await send(base, endpoints.opsInvite, { active: true, percent: 10, minimumDeposit: 100, turnoverMultiplier: 0, windowDays: 7 }, { token }), 'invite rule');
  check(await send(base, endpoints.opsRefund, { active: true, percent: 10, period: 'day', minimum: 0, info: text('<p>Load refund</p>') }, { token }), 'refund rule');
}

/** Bets in baht: the reference games take fixed steps. */
const BETS = [1, 5, 10, 20];

const amountBetween = (random: () => number, min: number, max: number) => Math.round((min + random() * (max - min)) * 100) / 100;

/**
 * `count` operations on random members. With `rewards`, one in ten is a
 * reward operation (spin, claim, refund, invite collect: addLoadRewards must
 * have run) and the rest keep their mix.
 */
export function operations(count: number, members: readonly LoadMember[], random: () => number, { rewards = false }: { rewards?: boolean } = {}): Operation[] {
  const ops: Operation[] = [];
  for (let n = 0; n < count; n += 1) {
    const member = members[Math.floor(random() * members.length)]!;
    const game = member.games[Math.floor(random() * member.games.length)]!;
    const key = `load-${randomUUID()}`;
    if (rewards && random() < 0.1) {
      const pick = random();
      if (pick < 0.4) ops.push({ kind: 'wheelSpin', member, key });
      else if (pick < 0.7) ops.push({ kind: 'claim', member, pick: random() });
      else if (pick < 0.85) ops.push({ kind: 'refund', member });
      else ops.push({ kind: 'inviteCollect', member });
      continue;
    }
    const roll = random();
    if (roll < 0.25) ops.push({ kind: 'toGame', member, game, amount: amountBetween(random, 1, 400), key });
    else if (roll < 0.45) ops.push({ kind: 'fromGame', member, game, amount: amountBetween(random, 1, 300), key });
    else if (roll < 0.48) ops.push({ kind: 'transferAll', member, game, key });
    else if (roll < 0.56) ops.push({ kind: 'withdraw', member, amount: amountBetween(random, 100, 600), key });
    else if (roll < 0.58) ops.push({ kind: 'withdrawAll', member, amount: amountBetween(random, 100, 300), key });
    else if (roll < 0.85) ops.push({ kind: 'spin', member, game, bet: BETS[Math.floor(random() * BETS.length)]!, roundId: `round-${randomUUID()}` });
    else if (roll < 0.92) ops.push({ kind: 'resolve', paid: random() < 0.6 });
    else if (roll < 0.96) ops.push({ kind: 'duplicate', member, game, amount: amountBetween(random, 1, 100), key });
    else if (roll < 0.985) {
      const offer = LOAD_OFFERS[Math.floor(random() * LOAD_OFFERS.length)]!;
      ops.push({ kind: 'bonus', member, code: offer.code, promotion: offer.kind === 'promotion' });
    } else ops.push({ kind: 'clearBonus', member });
  }
  return ops;
}

/** Refusals a correct server may give under this load (everything else fails the run). */
const EXPECTED_REFUSALS = ['MONEY_NOT_ENOUGH', 'TRANSFER_MINIMUM', 'KEY_INVALID', 'BONUS_REMAINING', 'BONUS_CONDITION'];
/** An offer already held, received to its limit, its quota gone, money in a game; nothing to cancel. */
const BONUS_REFUSALS = ['BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED', 'PROMOTION_RECEIVED', 'BONUS_FULL', 'BONUS_REMAINING'];
const CLEAR_REFUSALS = ['NO_DATA', 'BONUS_REMAINING'];
/** Coins spent; a coupon claimed already (or at the same moment), an item, one claimed while a bonus is held; nothing to refund or collect. */
const SPIN_REFUSALS = ['NO_COIN'];
const CLAIM_REFUSALS = ['NO_CLAIMABLE_COUPON', 'INVALID_COUPON_TYPE', 'BONUS_REMAINING'];
const REFUND_REFUSALS = ['NO_REFUND', 'REFUND_CONDITION'];
const INVITE_REFUSALS = ['NO_INVITE_BONUS', 'NO_INVITEE_PLAY_INFO', 'BONUS_REMAINING'];

export interface Game {
  /** Plays one round; answers bet and win in minor units of the wallet's currency, or null when refused for lack of credits. */
  spin(base: string, member: LoadMember, game: string, bet: number, roundId: string): Promise<{ bet: bigint; win: bigint } | null>;
}

export interface LoadResult {
  confirmed: number;
  refused: number;
  /** Operations that got no answer because the load was stopped (the crash test kills the server). */
  unanswered: number;
  /** Ledger transfer ids the server confirmed (transfers and withdrawals). */
  transferIds: string[];
}

export interface LoadOptions {
  concurrency: number;
  /** Once aborted, no new operation starts and calls that get no answer are counted, not thrown. */
  signal?: AbortSignal;
  /** Called after each confirmed operation with the running totals. */
  onProgress?: (result: LoadResult) => void;
}

/**
 * Fires the operations with `concurrency` in flight. `onAnswer` sees every
 * confirmed movement (the crash test records them). Withdrawals to resolve
 * are taken from the operator's pending list.
 */
export async function runLoad(setup: LoadSetup, ops: readonly Operation[], game: Game, expected: Expected, options: LoadOptions): Promise<LoadResult> {
  const { base, operatorToken } = setup;
  const byPhone = new Map(setup.members.map((member) => [member.phone, member]));
  /** The coupons each member's spins won, by the spins' answers. */
  const coupons = new Map<number, string[]>();
  const result: LoadResult = { confirmed: 0, refused: 0, unanswered: 0, transferIds: [] };
  const count = (confirmed: boolean, answer?: Answer) => {
    if (!confirmed) {
      result.refused += 1;
      return;
    }
    result.confirmed += 1;
    if (typeof answer?.body.transferId === 'string') result.transferIds.push(answer.body.transferId);
    options.onProgress?.(result);
  };

  await inPool(ops, options.concurrency, async (op) => {
    if (options.signal?.aborted) return;
    try {
      await perform(op);
    } catch (error) {
      if (!options.signal?.aborted) throw error;
      result.unanswered += 1;
    }
  });
  return result;

  async function perform(op: Operation): Promise<void> {
    switch (op.kind) {
      case 'toGame':
      case 'fromGame':
      case 'duplicate': {
        const body = op.kind === 'fromGame' ? { from: op.game, to: WALLET, amount: op.amount } : { from: WALLET, to: op.game, amount: op.amount };
        const request = { token: op.member.token, idempotencyKey: op.key };
        if (op.kind !== 'duplicate') {
          const answer = await send(base, endpoints.transfer, body, request);
          count(check(answer, op.kind, EXPECTED_REFUSALS), answer);
          return;
        }
        const [first, second] = await Promise.all([send(base, endpoints.transfer, body, request), send(base, endpoints.transfer, body, request)]);
        const third = await send(base, endpoints.transfer, body, request);
        for (const again of [second, third]) {
          if (again.status !== first.status || !isDeepStrictEqual(again.body, first.body)) {
            throw new Error(`replayed key ${op.key} answered ${again.status} ${JSON.stringify(again.body)}, first ${first.status} ${JSON.stringify(first.body)}`);
          }
        }
        count(check(first, 'duplicate', EXPECTED_REFUSALS), first);
        return;
      }
      case 'transferAll': {
        const answer = await send(base, endpoints.transferAll, { to: op.game }, { token: op.member.token, idempotencyKey: op.key });
        count(check(answer, 'transferAll', EXPECTED_REFUSALS), answer);
        return;
      }
      case 'withdraw':
      case 'withdrawAll': {
        const endpoint = op.kind === 'withdraw' ? endpoints.withdraw : endpoints.withdrawAll;
        const answer = await send(base, endpoint, { amount: op.amount }, { token: op.member.token, idempotencyKey: op.key });
        const confirmed = check(answer, op.kind, EXPECTED_REFUSALS);
        // No load offer caps a withdrawal: what is held is what was asked for, whether a bonus finished or not.
        if (confirmed && toMinor(answer.body.amount as number) !== toMinor(op.amount)) {
          throw new Error(`${op.kind}: held ${String(answer.body.amount)} of the ${op.amount} asked for`);
        }
        if (confirmed) expected.add(expected.held, op.member.userId, toMinor(op.amount));
        count(confirmed, answer);
        return;
      }
      case 'bonus': {
        const endpoint = op.promotion ? endpoints.promotionActivate : endpoints.bonusActivate;
        const answer = await send(base, endpoint, undefined, { token: op.member.token, params: { code: op.code } });
        const confirmed = check(answer, `bonus ${op.code}`, BONUS_REFUSALS);
        if (confirmed) expected.add(expected.owned, op.member.userId, toMinor(answer.body.amount as number));
        count(confirmed);
        return;
      }
      case 'clearBonus': {
        // What goes back (the bonus's unplayed share) is in the answer.
        const answer = await send(base, endpoints.bonusClear, undefined, { token: op.member.token });
        const confirmed = check(answer, 'clear bonus', CLEAR_REFUSALS);
        if (confirmed) expected.add(expected.owned, op.member.userId, -toMinor(answer.body.amount as number));
        count(confirmed);
        return;
      }
      case 'wheelSpin': {
        const answer = await send(base, endpoints.spin, {}, { token: op.member.token, idempotencyKey: op.key });
        const confirmed = check(answer, 'wheel spin', SPIN_REFUSALS);
        const coupon = confirmed ? (answer.body.result as { coupon: string | null }).coupon : null;
        if (coupon !== null) coupons.set(op.member.userId, [...(coupons.get(op.member.userId) ?? []), coupon]);
        count(confirmed);
        return;
      }
      case 'claim': {
        const won = coupons.get(op.member.userId) ?? [];
        if (won.length === 0) return;
        const coupon = won[Math.floor(op.pick * won.length)]!;
        // The same coupon twice at once: at most one credits.
        const answers = await Promise.all([0, 1].map(() => send(base, endpoints.couponClaim, { coupon }, { token: op.member.token })));
        const credited = answers.filter((answer) => check(answer, 'claim', CLAIM_REFUSALS));
        if (credited.length > 1) throw new Error(`coupon ${coupon} credited ${credited.length} times`);
        for (const answer of credited) expected.add(expected.owned, op.member.userId, toMinor(answer.body.amount as number));
        count(credited.length === 1);
        return;
      }
      case 'refund':
      case 'inviteCollect': {
        const [endpoint, refusals] = op.kind === 'refund' ? [endpoints.refundReceive, REFUND_REFUSALS] : [endpoints.inviteCollect, INVITE_REFUSALS];
        const answer = await send(base, endpoint, undefined, { token: op.member.token });
        const confirmed = check(answer, op.kind, refusals);
        if (confirmed) expected.add(expected.owned, op.member.userId, toMinor(answer.body.amount as number));
        count(confirmed);
        return;
      }
      case 'spin': {
        const played = await game.spin(base, op.member, op.game, op.bet, op.roundId);
        if (played) expected.add(expected.owned, op.member.userId, played.win - played.bet);
        count(played !== null);
        return;
      }
      case 'resolve': {
        const pending = await send(base, endpoints.opsWithdrawals, undefined, { token: operatorToken, query: { status: 'pending' } });
        check(pending, 'list withdrawals');
        const list = pending.body.withdrawals as { id: string; username: string; amount: number }[];
        const chosen = list[Math.floor(Math.random() * list.length)];
        if (!chosen) return;
        const endpoint = op.paid ? endpoints.opsWithdrawalPaid : endpoints.opsWithdrawalRejected;
        const answer = await send(base, endpoint, undefined, { token: operatorToken, params: { id: chosen.id } });
        // Two resolutions of one withdrawal race here on purpose: the loser is refused.
        if (answer.status === 409) {
          count(false);
          return;
        }
        check(answer, 'resolve');
        const member = byPhone.get(chosen.username)!;
        expected.add(expected.held, member.userId, -toMinor(chosen.amount));
        if (op.paid) expected.add(expected.owned, member.userId, -toMinor(chosen.amount));
        count(true);
        return;
      }
    }
  }
}
