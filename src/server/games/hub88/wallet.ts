/**
 * The Wallet API we serve for Hub88 (docs/decisions/0132-hub88-wallet-api.md):
 * user/info, user/balance, transaction/bet, /win and /rollback, each
 * answered with a documented RS_* status. A member's balance at one of
 * Hub88's games is that game's account in our ledger
 * (`game:{userId}:{code}`), which the member funds from the wallet as for
 * any game; the token we gave Hub88 at the game's entry names the account.
 *
 * Money: a bet is one ledger transfer game → house (kind `bet`), a win
 * house → game (`win`), a rollback returns the bet house → game
 * (`rollback`), each keyed `hub88:{transaction_uuid}`, in one database
 * transaction with its hub88_transactions row and the answer it gave. So
 * turnover, wheel coins (earned in the bet's transaction, as at the
 * reference games), loss refunds and bonuses count these bets as they
 * count the reference games'.
 *
 * Repeats: a request_uuid or transaction_uuid seen before gets the first
 * answer (with the repeat's own request_uuid), moving nothing; a
 * transaction_uuid reused for something else is RS_ERROR_DUPLICATE_TRANSACTION.
 * All the work on one bet takes an advisory lock on the bet's uuid, so a
 * rollback racing its bet is seen by it: a rollback of a bet we never saw is
 * recorded and the late bet (and a win on it) is refused
 * (RS_ERROR_TRANSACTION_ROLLED_BACK). A rollback returns a bet's stake only
 * while no win settled its round: a bet whose round has a win since is
 * refused alone (RS_ERROR_UNKNOWN, logged, nothing moved), so a round is
 * never both refunded and paid. Wins and rollbacks also lock the round.
 *
 * Tokens: a bet and user/balance need a live token; a win or a rollback
 * only one we issued (Hub88's documentation: token validity is not checked
 * for them, since they settle rounds already played). A suspended or closed
 * member bets no more (RS_ERROR_USER_DISABLED) but is still paid wins and
 * rollbacks.
 */
import type * as v from 'valibot';
import {
  HUB88_PROVIDER,
  HUB88_UNITS_PER_MINOR,
  type BalanceAnswer,
  type BalanceRequest,
  type BetRequest,
  type RefusalAnswer,
  type RollbackRequest,
  type UserInfoAnswer,
  type UserInfoRequest,
  type WinRequest,
} from '../../../contract/hub88.ts';
import type { Variant } from '../../../contract/rules/members.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Db, Queryable, Transaction } from '../../db/client.ts';
import { ensureGameAccount, ensureHouseAccount, gameAccountCode, type LedgerAccountRef } from '../../ledger/accounts.ts';
import { InsufficientFunds, postTransfer, type TransferKind } from '../../ledger/transfers.ts';
import { availableAfter, availableNow } from '../../money/movement.ts';
import type { ProviderLog } from '../../providers/http.ts';
import { findGame, findGameAccountById } from '../../repositories/games.ts';
import {
  findHub88Member,
  findHub88Request,
  findHub88Rollback,
  findHub88Session,
  findHub88Transaction,
  findHub88WinSettling,
  insertHub88Transaction,
  lockHub88Bet,
  lockHub88Round,
  markHub88BetRolledBack,
  type Hub88Session,
  type Hub88Transaction,
} from '../../repositories/hub88.ts';
import type { Currency } from '../../repositories/users.ts';
import { creditCoinsForBet } from '../../rewards/coins.ts';

export type WalletAnswer = BalanceAnswer | RefusalAnswer | UserInfoAnswer;

/** ISO 4217 codes of our currencies, as Hub88 names them. */
const ISO_CURRENCY: Record<Currency, string> = { BAHT: 'THB', LAK: 'LAK' };
/** ISO 3166-1 alpha-2 of the country the app runs for (user/info, /game/url). */
const ISO_COUNTRY: Record<Variant, string> = { th: 'TH', la: 'LA' };

/** Hub88's `user`: an opaque id of the member (Hub88 asks for no personal data such as the phone there). */
export function hub88User(userId: number): string {
  return `m${String(userId).padStart(6, '0')}`;
}

/** The member's game account at one Hub88 game: its username in game_accounts and in /api/autoLogin's path. */
export function hub88AccountName(userId: number, gameCode: string): string {
  return `${hub88User(userId)}.${gameCode}`;
}

function userIdOf(user: string): number | null {
  const match = /^m(\d{6,9})$/.exec(user);
  return match ? Number(match[1]) : null;
}

export function hub88Currency(currency: Currency): string {
  return ISO_CURRENCY[currency];
}

export function hub88Country(variant: Variant): string {
  return ISO_COUNTRY[variant];
}

/** Hub88's unit (major × 100,000) to our minor units; null when it is not a whole minor unit. */
function toMinorUnits(amount: number): bigint | null {
  const units = BigInt(amount);
  return units % HUB88_UNITS_PER_MINOR === 0n ? units / HUB88_UNITS_PER_MINOR : null;
}

const toHub88Units = (minor: bigint) => Number(minor * HUB88_UNITS_PER_MINOR);

/** A refusal decided inside a transaction: it rolls back, then the answer is made. */
class Refusal extends Error {
  constructor(
    readonly status: RefusalAnswer['status'],
    /** The game ledger account whose balance the answer carries, when it has one. */
    readonly balanceOf: { userId: number; gameCode: string; currency: Currency } | null = null,
  ) {
    super(status);
  }
}

export interface WalletContext {
  db: Db;
  now: Date;
  variant: Variant;
  /** Where a refusal an operator should know of is logged (the request's log). */
  log: ProviderLog;
}

/** The balance Hub88 sees is what the member can bet: the game account's available money (movement.ts). */
async function balanceAnswer(db: Queryable, user: string, requestUuid: string, where: { userId: number; gameCode: string; currency: Currency }): Promise<BalanceAnswer> {
  const available = await availableNow(db, { code: gameAccountCode(where.userId, where.gameCode) });
  return { user, status: 'RS_OK', request_uuid: requestUuid, currency: hub88Currency(where.currency), balance: toHub88Units(available) };
}

async function refusal(db: Queryable, status: RefusalAnswer['status'], user: string, requestUuid: string, where: Refusal['balanceOf'] = null): Promise<RefusalAnswer> {
  if (!where) return { status, request_uuid: requestUuid, user };
  const { currency, balance } = await balanceAnswer(db, user, requestUuid, where);
  return { status, request_uuid: requestUuid, user, currency, balance };
}

/** The session of a token that names this user, or why not (RS_ERROR_INVALID_TOKEN). */
async function sessionOf(db: Queryable, user: string, token: string): Promise<Hub88Session | null> {
  const session = await findHub88Session(db, hashToken(token));
  return session && userIdOf(user) === session.userId ? session : null;
}

const isLive = (session: Hub88Session, now: Date) => session.revokedAt === null && session.expiresAt > now;

/** The game the request names must be one of Hub88's that members may play now. */
async function isPlayableGame(db: Queryable, gameCode: string | null | undefined): Promise<boolean> {
  if (gameCode === undefined || gameCode === null) return true;
  const game = await findGame(db, gameCode);
  return game !== undefined && game.provider === HUB88_PROVIDER && game.active;
}

export async function userInfo(context: WalletContext, request: v.InferOutput<typeof UserInfoRequest>): Promise<UserInfoAnswer | RefusalAnswer> {
  const userId = userIdOf(request.user);
  const member = userId === null ? undefined : await findHub88Member(context.db, userId);
  if (!member) return { status: 'RS_ERROR_INVALID_TOKEN', request_uuid: request.request_uuid, user: request.user };
  if (member.status !== 'active') return { status: 'RS_ERROR_USER_DISABLED', request_uuid: request.request_uuid, user: request.user };
  return {
    user: request.user,
    status: 'RS_OK',
    request_uuid: request.request_uuid,
    country: hub88Country(context.variant),
    jurisdiction: null,
    registration_date: member.registeredAt.toISOString().slice(0, 10),
    tags: [],
  };
}

export async function userBalance(context: WalletContext, request: v.InferOutput<typeof BalanceRequest>): Promise<BalanceAnswer | RefusalAnswer> {
  const { db, now } = context;
  const { user, request_uuid: requestUuid } = request;
  const session = await sessionOf(db, user, request.token);
  if (!session) return refusal(db, 'RS_ERROR_INVALID_TOKEN', user, requestUuid);
  const where = { userId: session.userId, gameCode: session.gameCode, currency: session.currency };
  if (session.memberStatus !== 'active') return refusal(db, 'RS_ERROR_USER_DISABLED', user, requestUuid);
  if (!(await isPlayableGame(db, request.game_code))) return refusal(db, 'RS_ERROR_INVALID_GAME', user, requestUuid);
  if (!isLive(session, now)) return refusal(db, 'RS_ERROR_TOKEN_EXPIRED', user, requestUuid);
  return balanceAnswer(db, user, requestUuid, where);
}

/** The stored answer of a transaction, with this request's request_uuid. */
function replayed(row: Hub88Transaction, requestUuid: string): BalanceAnswer {
  return { ...(row.answer as Omit<BalanceAnswer, 'request_uuid'>), request_uuid: requestUuid };
}

/** What a request asks, to tell a repeat from another transaction under the same transaction_uuid. */
interface Attempt {
  kind: Hub88Transaction['kind'];
  userId: number;
  reference: string | null;
  /** Minor units; null for a rollback (its amount is the bet's) or an amount that is no whole minor unit. */
  amount: bigint | null;
}

/** Whether a stored transaction is this request again: same kind, member, bet and amount. */
function isSameTransaction(row: Hub88Transaction, attempt: Attempt): boolean {
  const sameAmount = row.kind === 'rollback' || (attempt.amount !== null && (row.amount === attempt.amount || row.isFree));
  return row.kind === attempt.kind && row.userId === attempt.userId && row.referenceTransactionUuid === attempt.reference && sameAmount;
}

/**
 * The answer of an earlier request with this request_uuid or transaction_uuid, or null when it is new.
 * A transaction_uuid used for another transaction (or a request_uuid for another transaction_uuid) is a duplicate.
 */
async function earlierAnswer(tx: Queryable, request: { request_uuid: string; transaction_uuid: string }, attempt: Attempt): Promise<BalanceAnswer | null> {
  const byTransaction = await findHub88Transaction(tx, request.transaction_uuid);
  if (byTransaction) {
    if (isSameTransaction(byTransaction, attempt)) return replayed(byTransaction, request.request_uuid);
    throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  }
  if (await findHub88Request(tx, request.request_uuid)) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  return null;
}

/** Runs the transaction's work; a Refusal rolls it back and becomes the answer (with the balance where it names one). */
async function settle(db: Db, user: string, requestUuid: string, work: (tx: Transaction) => Promise<BalanceAnswer>): Promise<BalanceAnswer | RefusalAnswer> {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (error) {
    if (error instanceof Refusal) return refusal(db, error.status, user, requestUuid, error.balanceOf);
    throw error;
  }
}

function commonChecks(request: { currency: string; amount: number }, session: Hub88Session): bigint {
  if (request.currency !== hub88Currency(session.currency)) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
  const minor = toMinorUnits(request.amount);
  if (minor === null) throw new Refusal('RS_ERROR_WRONG_TYPES');
  return minor;
}

const where = (session: Hub88Session) => ({ userId: session.userId, gameCode: session.gameCode, currency: session.currency });

/**
 * One ledger transfer between the member's game account and Hub88's house
 * account, keyed `hub88:{transaction_uuid}`; answers what the game account
 * has available after it (availableAfter: the row the write locked). Nothing
 * to move answers the balance read now, in the transaction.
 */
async function moveAtHouse(
  tx: Transaction,
  session: Pick<Hub88Session, 'currency'>,
  ledger: LedgerAccountRef,
  move: { toHouse: boolean; amount: bigint; kind: TransferKind; reference: string; uuid: string },
  now: Date,
): Promise<bigint> {
  if (move.amount === 0n) return availableNow(tx, ledger);
  const house = await ensureHouseAccount(tx, HUB88_PROVIDER, session.currency, now);
  const written = await postTransfer(
    tx,
    {
      debitAccountId: move.toHouse ? ledger.id : house.id,
      creditAccountId: move.toHouse ? house.id : ledger.id,
      amount: move.amount,
      kind: move.kind,
      reference: `hub88:${move.reference}`,
      idempotencyKey: `hub88:${move.uuid}`,
    },
    now,
  );
  return availableAfter(tx, written, ledger);
}

export async function placeBet(context: WalletContext, request: BetRequest): Promise<BalanceAnswer | RefusalAnswer> {
  const { db, now } = context;
  const { user, request_uuid: requestUuid, transaction_uuid: uuid } = request;
  const session = await sessionOf(db, user, request.token);
  if (!session) return refusal(db, 'RS_ERROR_INVALID_TOKEN', user, requestUuid);
  const attempt: Attempt = { kind: 'bet', userId: session.userId, amount: toMinorUnits(request.amount), reference: null };

  return settle(db, user, requestUuid, async (tx) => {
    await lockHub88Bet(tx, uuid);
    const earlier = await earlierAnswer(tx, request, attempt);
    if (earlier) return earlier;
    if (await findHub88Rollback(tx, uuid)) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', where(session));
    if (session.memberStatus !== 'active') throw new Refusal('RS_ERROR_USER_DISABLED');
    if (!session.gameActive || !(await isPlayableGame(tx, request.game_code))) throw new Refusal('RS_ERROR_INVALID_GAME');
    if (!isLive(session, now)) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
    const amount = commonChecks(request, session);
    const isFree = request.is_free === true;

    const ledger = await ensureGameAccount(tx, session.userId, session.gameCode, session.currency, now);
    // A free bet is the aggregator's (a reward's), not the member's money: nothing is taken (Hub88: is_free).
    const taken = isFree ? 0n : amount;
    let balance: bigint;
    try {
      balance = await moveAtHouse(tx, session, ledger, { toHouse: true, amount: taken, kind: 'bet', reference: request.round ?? uuid, uuid }, now);
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', where(session));
      throw error;
    }
    // The ledger's accounts first, then the member's row, as the reference games do (0103).
    if (taken > 0n) await creditCoinsForBet(tx, session.userId, session.currency, taken);
    return record(tx, request, session, { kind: 'bet', amount, isFree, reference: null, balance, now });
  });
}

export async function settleWin(context: WalletContext, request: WinRequest): Promise<BalanceAnswer | RefusalAnswer> {
  const { db, now } = context;
  const { user, request_uuid: requestUuid, transaction_uuid: uuid, reference_transaction_uuid: betUuid } = request;
  const session = await sessionOf(db, user, request.token);
  if (!session) return refusal(db, 'RS_ERROR_INVALID_TOKEN', user, requestUuid);
  const attempt: Attempt = { kind: 'win', userId: session.userId, amount: toMinorUnits(request.amount), reference: betUuid };

  return settle(db, user, requestUuid, async (tx) => {
    await lockHub88Bet(tx, betUuid);
    const earlier = await earlierAnswer(tx, request, attempt);
    if (earlier) return earlier;
    const bet = await findHub88Transaction(tx, betUuid);
    if (!bet || bet.kind !== 'bet' || bet.userId !== session.userId) {
      // A bet whose rollback came first (so the bet itself was refused) is rolled back, not unknown.
      const rolledBack = !bet && (await findHub88Rollback(tx, betUuid))?.userId === session.userId;
      throw new Refusal(rolledBack ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', where(session));
    }
    // The round this win settles: a rollback of another of its bets waits for this win, and then sees it.
    if (request.round) await lockHub88Round(tx, session.userId, request.round);
    const betSession = { ...session, gameCode: (await accountGameOf(tx, bet)) ?? session.gameCode };
    if (bet.rolledBackAt !== null) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', where(betSession));
    const amount = commonChecks(request, betSession);

    const ledger = await ensureGameAccount(tx, betSession.userId, betSession.gameCode, betSession.currency, now);
    const balance = await moveAtHouse(tx, betSession, ledger, { toHouse: false, amount, kind: 'win', reference: request.round ?? betUuid, uuid }, now);
    return record(tx, request, betSession, { kind: 'win', amount, isFree: request.is_free === true, reference: betUuid, balance, now, gameAccountId: bet.gameAccountId });
  });
}

export async function rollBack(context: WalletContext, request: RollbackRequest): Promise<BalanceAnswer | RefusalAnswer> {
  const { db, now } = context;
  const { user, request_uuid: requestUuid, transaction_uuid: uuid, reference_transaction_uuid: betUuid } = request;
  const session = await sessionOf(db, user, request.token);
  if (!session) return refusal(db, 'RS_ERROR_INVALID_TOKEN', user, requestUuid);
  const attempt: Attempt = { kind: 'rollback', userId: session.userId, amount: null, reference: betUuid };

  return settle(db, user, requestUuid, async (tx) => {
    await lockHub88Bet(tx, betUuid);
    const earlier = await earlierAnswer(tx, request, attempt);
    if (earlier) return earlier;
    const bet = await findHub88Transaction(tx, betUuid);
    if (!bet) {
      // The bet never reached us (or not yet): nothing to return; this row makes the late bet (and a win on it) refused.
      const ledger = await ensureGameAccount(tx, session.userId, session.gameCode, session.currency, now);
      return record(tx, request, session, { kind: 'rollback', amount: 0n, isFree: false, reference: betUuid, balance: await availableNow(tx, ledger), now });
    }
    if (bet.kind !== 'bet' || bet.userId !== session.userId) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', where(session));
    const betSession = { ...session, gameCode: (await accountGameOf(tx, bet)) ?? session.gameCode };
    // A round a win settled is not refunded too: its bet cannot be rolled back alone (0132), and nothing moves.
    if (bet.round) await lockHub88Round(tx, bet.userId, bet.round);
    const win = await findHub88WinSettling(tx, bet);
    if (win) {
      context.log.warn({ provider: HUB88_PROVIDER, bet: betUuid, rollback: uuid, win: win.transactionUuid }, 'hub88 rollback refused: a win settled the bet\'s round');
      throw new Refusal('RS_ERROR_UNKNOWN', where(betSession));
    }
    const ledger = await ensureGameAccount(tx, betSession.userId, betSession.gameCode, betSession.currency, now);
    // A bet already rolled back (by another rollback) returns nothing more; a free bet took nothing.
    const returned = bet.rolledBackAt === null && !bet.isFree ? bet.amount : 0n;
    const balance = await moveAtHouse(tx, betSession, ledger, { toHouse: false, amount: returned, kind: 'rollback', reference: request.round ?? betUuid, uuid }, now);
    if (bet.rolledBackAt === null) await markHub88BetRolledBack(tx, bet.id, now);
    return record(tx, request, betSession, { kind: 'rollback', amount: returned, isFree: false, reference: betUuid, balance, now, gameAccountId: bet.gameAccountId });
  });
}

/** The game of the account a stored transaction moved money at (the token's game at the time). */
async function accountGameOf(tx: Queryable, row: Hub88Transaction): Promise<string | null> {
  return (await findGameAccountById(tx, row.gameAccountId))?.game.code ?? null;
}

interface Recorded {
  kind: Hub88Transaction['kind'];
  amount: bigint;
  isFree: boolean;
  reference: string | null;
  balance: bigint;
  now: Date;
  gameAccountId?: number;
}

/** Writes the transaction's row with its answer; a row that another request wrote first makes this one a duplicate. */
async function record(
  tx: Queryable,
  request: { user: string; request_uuid: string; transaction_uuid: string; game_code: string; round?: string | null | undefined; supplier_transaction_id?: string | null | undefined },
  session: Hub88Session,
  recorded: Recorded,
): Promise<BalanceAnswer> {
  const answer = { user: request.user, status: 'RS_OK' as const, currency: hub88Currency(session.currency), balance: toHub88Units(recorded.balance) };
  const inserted = await insertHub88Transaction(tx, {
    transactionUuid: request.transaction_uuid,
    requestUuid: request.request_uuid,
    kind: recorded.kind,
    userId: session.userId,
    gameAccountId: recorded.gameAccountId ?? session.gameAccountId,
    gameCode: request.game_code,
    round: request.round ?? null,
    referenceTransactionUuid: recorded.reference,
    supplierTransactionId: request.supplier_transaction_id ?? null,
    amount: recorded.amount,
    isFree: recorded.isFree,
    answer,
    createdAt: recorded.now,
  });
  // The advisory lock serialises one bet's work; a request_uuid reused across bets is caught here.
  if (!inserted) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  return { ...answer, request_uuid: request.request_uuid };
}
