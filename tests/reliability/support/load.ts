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
export async function setUpMembers(base: string, operator: { phone: string; password: string }, count: number, random: () => number, expected: Expected): Promise<LoadSetup> {
  const login = async (username: string, password: string) => {
    const answer = await send(base, endpoints.login, { username, password });
    check(answer, `login ${username}`);
    return String(answer.body.token);
  };
  const operatorToken = await login(operator.phone, operator.password);
  const members: LoadMember[] = [];
  const indexes = Array.from({ length: count }, (_, index) => index);
  const runTag = randomUUID().slice(0, 8);
  await inPool(indexes, 10, async (index) => {
    const phone = `086${String(index).padStart(7, '0')}`;
    const password = 'load-pass-1234';
    const registered = await send(base, endpoints.accountRegister, {
      name: 'Load Member',
      username: phone,
      password,
      bankCode: 'KBANK',
      bankAccountName: 'LOAD MEMBER',
      bankAccountNo: `55${String(index).padStart(8, '0')}`,
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
  });
  members.sort((a, b) => a.index - b.index);
  return { base, operatorToken, members };
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
  | { kind: 'clearBonus'; member: LoadMember };

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

/** Bets in baht: the reference games take fixed steps. */
const BETS = [1, 5, 10, 20];

const amountBetween = (random: () => number, min: number, max: number) => Math.round((min + random() * (max - min)) * 100) / 100;

export function operations(count: number, members: readonly LoadMember[], random: () => number): Operation[] {
  const ops: Operation[] = [];
  for (let n = 0; n < count; n += 1) {
    const member = members[Math.floor(random() * members.length)]!;
    const game = member.games[Math.floor(random() * member.games.length)]!;
    const key = `load-${randomUUID()}`;
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
