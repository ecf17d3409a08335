/**
 * Rounds of the reference provider's games, on our ledger. A member's game
 * ledger account (`game:{userId}:{code}`) is their balance at the provider;
 * the provider's house account (`system:house:{provider}:{currency}`) takes
 * bets and pays wins.
 *
 * A spin is one transaction: the round row, the bet (game → house, key
 * `round:{roundId}:bet`) and, when it wins, the win (house → game, key
 * `round:{roundId}:win`), then the prize-wheel coins the bet earns
 * (rewards/coins.ts; docs/decisions/0103-coins-from-play.md). The bet's
 * conditional UPDATE refuses to overdraw the game account, so concurrent
 * spins cannot spend the same credits. The page chooses the round id: a
 * retried spin finds its round and gets the same result back, moving
 * nothing and earning no coin again.
 *
 * A rollback returns the bet of a round that has no win (house → game, kind
 * `rollback`, key `round:{roundId}:rollback`), once. It is the provider's
 * back-office action (an operator's), not the player's: a player who could
 * cancel lost rounds would never lose (docs/decisions/0055-game-rounds-bets-and-rollback.md).
 * The coins the rolled-back bet earned stay with the member.
 */
import { toMajor, toMinor } from '../../contract/money.ts';
import type { Db, Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { balanceOf, ensureGameAccount, ensureHouseAccount, findAccount, gameAccountCode, type LedgerAccount } from '../ledger/accounts.ts';
import { InsufficientFunds, postTransfer } from '../ledger/transfers.ts';
import { recordAudit } from '../repositories/audit.ts';
import { findRound, insertRound, lockRound, markRolledBack, type GameRound } from '../repositories/game-rounds.ts';
import { findGameAccountById, type GameAccountWithGame } from '../repositories/games.ts';
import type { Currency } from '../repositories/users.ts';
import { memberCurrency } from '../repositories/users.ts';
import { creditCoinsForBet } from '../rewards/coins.ts';
import { playRound, type Random } from './paytable.ts';

/** The bets a round takes, in the wallet currency's major unit; the page shows them in credits. */
export const BET_STEPS: Record<Currency, readonly number[]> = {
  BAHT: [1, 5, 10, 20, 50, 100],
  LAK: [1_000, 5_000, 10_000, 20_000, 50_000, 100_000],
};

/** Credits shown by the game: money × ftWalletSlot (spec 3, the conversion factor). */
export function creditsOf(minor: bigint, ftWalletSlot: number): number {
  return Math.round(toMajor(minor) * ftWalletSlot * 100) / 100;
}

export function betStepsInCredits(currency: Currency, ftWalletSlot: number): number[] {
  return BET_STEPS[currency].map((major) => major * ftWalletSlot);
}

/** The bet in minor units for a bet in credits, or null when it is not one of the steps. */
function betInMinor(currency: Currency, ftWalletSlot: number, credits: number): bigint | null {
  const major = BET_STEPS[currency].find((step) => step * ftWalletSlot === credits);
  return major === undefined ? null : toMinor(major);
}

export interface SpinRequest {
  roundId: string;
  /** Credits, one of the bet steps. */
  bet: number;
  /** Already checked with parsePick for the game's category. */
  pick: string | null;
}

export interface RoundAnswer {
  roundId: string;
  pick: string | null;
  outcome: string[];
  /** Credits. */
  bet: number;
  win: number;
  /** The game account's balance now, in credits. */
  credits: number;
  /** True when the round had been played before: this is its stored result and nothing moved now. */
  replayed: boolean;
}

export interface RollbackAnswer {
  roundId: string;
  /** The returned bet, in credits. */
  bet: number;
  credits: number;
  replayed: boolean;
}

/** The member's game ledger account (activation creates it; this also covers an older account). */
async function gameLedgerAccount(db: Queryable, { account }: GameAccountWithGame, currency: Currency, now: Date): Promise<LedgerAccount> {
  return (await findAccount(db, gameAccountCode(account.userId, account.gameCode))) ?? ensureGameAccount(db, account.userId, account.gameCode, currency, now);
}

async function creditsNow(db: Queryable, ledger: LedgerAccount, ftWalletSlot: number): Promise<number> {
  return creditsOf(balanceOf((await findAccount(db, ledger.code)) ?? ledger), ftWalletSlot);
}

function roundAnswer(round: GameRound, ftWalletSlot: number, credits: number, replayed: boolean): RoundAnswer {
  const { roundId, pick, outcome, bet, win } = round;
  return { roundId, pick, outcome, bet: creditsOf(bet, ftWalletSlot), win: creditsOf(win, ftWalletSlot), credits, replayed };
}

/** The balance a game page shows: credits, the bets it may offer, and whose account it is. */
export async function gameState(db: Queryable, session: GameAccountWithGame, now: Date) {
  const { game, account } = session;
  const currency = await memberCurrency(db, account.userId);
  const ledger = await gameLedgerAccount(db, session, currency, now);
  return {
    game: { code: game.code, name: game.name, category: game.category, logo: game.logo },
    username: account.username,
    credits: creditsOf(balanceOf(ledger), game.ftWalletSlot),
    betSteps: betStepsInCredits(currency, game.ftWalletSlot),
  };
}

/** Plays one round for the session's account, or answers the stored round of a replayed round id. */
export async function playSpin(db: Db, session: GameAccountWithGame, spin: SpinRequest, random: Random, now: Date): Promise<RoundAnswer> {
  const { game, account } = session;
  const currency = await memberCurrency(db, account.userId);
  const bet = betInMinor(currency, game.ftWalletSlot, spin.bet);
  if (bet === null) throw new ApiError(400, 'KEY_INVALID');

  try {
    return await db.transaction(async (tx) => {
      const ledger = await gameLedgerAccount(tx, session, currency, now);
      const replay = async (earlier: GameRound) => {
        // A round id is the page's promise of one round: used for another account or bet, it is refused.
        if (earlier.gameAccountId !== account.id || earlier.bet !== bet || earlier.pick !== spin.pick) throw new ApiError(409, 'KEY_INVALID');
        return roundAnswer(earlier, game.ftWalletSlot, await creditsNow(tx, ledger, game.ftWalletSlot), true);
      };

      const earlier = await findRound(tx, spin.roundId);
      if (earlier) return replay(earlier);

      const { outcome, multiplier } = playRound(game.category, spin.pick, random);
      const win = bet * BigInt(multiplier);
      const round = await insertRound(tx, { roundId: spin.roundId, gameAccountId: account.id, bet, win, pick: spin.pick, outcome, createdAt: now });
      // Another request with this round id committed first: its result is the round's.
      if (!round) return replay((await findRound(tx, spin.roundId))!);

      const house = await ensureHouseAccount(tx, game.provider, currency, now);
      const reference = `round:${spin.roundId}`;
      await postTransfer(tx, { debitAccountId: ledger.id, creditAccountId: house.id, amount: bet, kind: 'bet', reference, idempotencyKey: `${reference}:bet` }, now);
      if (win > 0n) {
        await postTransfer(tx, { debitAccountId: house.id, creditAccountId: ledger.id, amount: win, kind: 'win', reference, idempotencyKey: `${reference}:win` }, now);
      }
      // The ledger's accounts first, then the member's row: no path locks them the other way round (0103).
      await creditCoinsForBet(tx, account.userId, currency, bet);
      return roundAnswer(round, game.ftWalletSlot, await creditsNow(tx, ledger, game.ftWalletSlot), false);
    });
  } catch (error) {
    // The transaction rolled back: no round, no bet.
    if (error instanceof InsufficientFunds) throw new ApiError(400, 'MONEY_NOT_ENOUGH');
    throw error;
  }
}

/**
 * Returns the bet of a round without a win, once; a repeated rollback answers the first. The
 * audit records `operatorId` (the finance operator or admin who asked) with the rollback.
 */
export async function rollbackRound(db: Db, roundId: string, operatorId: number, now: Date): Promise<RollbackAnswer> {
  return db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    if (!round) throw new ApiError(404, 'NO_DATA');
    // Returning the bet of a won round would pay it twice; such a round needs a correction, not a rollback.
    if (round.win > 0n) throw new ApiError(409, 'KEY_INVALID');
    const session = await findGameAccountById(tx, round.gameAccountId);
    if (!session) throw new Error(`round ${roundId}: game account ${round.gameAccountId} vanished`);
    const { game, account } = session;
    const currency = await memberCurrency(tx, account.userId);
    const ledger = await gameLedgerAccount(tx, session, currency, now);
    const house = await ensureHouseAccount(tx, game.provider, currency, now);
    const reference = `round:${roundId}`;
    const { replayed } = await postTransfer(
      tx,
      { debitAccountId: house.id, creditAccountId: ledger.id, amount: round.bet, kind: 'rollback', reference, idempotencyKey: `${reference}:rollback` },
      now,
    );
    await markRolledBack(tx, round.id, now);
    if (!replayed) {
      const after = { amount: toMajor(round.bet), currency, game: game.code };
      await recordAudit(tx, { operatorId, action: 'round.rollback', subject: roundId, userId: account.userId, after, createdAt: now });
    }
    return { roundId, bet: creditsOf(round.bet, game.ftWalletSlot), credits: await creditsNow(tx, ledger, game.ftWalletSlot), replayed };
  });
}
