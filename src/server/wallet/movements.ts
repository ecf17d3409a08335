/**
 * The member's money movements: wallet ↔ game transfers and withdrawals.
 * Each runs in one transaction (the Idempotency-Key's when the route runs
 * in one): the ledger transfers, the provider's hook and the withdrawal row
 * are all written or none is.
 *
 * Ledger idempotency keys come from the request's Idempotency-Key when it
 * has one, so two copies of one request racing on two connections write the
 * transfer once (the second finds the first's row and moves nothing).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { inTransaction, type Queryable, type Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { ProviderError, type Game, type GameProviders } from '../games/provider.ts';
import { idempotencyKeyOf } from '../idempotency.ts';
import {
  availableOf,
  balanceOf,
  ensureGameAccount,
  ensureSystemAccount,
  ensureWalletAccount,
  findAccount,
  inCurrency,
  type LedgerAccountRef,
} from '../ledger/accounts.ts';
import { holdTransfer, IdempotencyConflict, InsufficientFunds, postTransfer, type Transfer, type Written } from '../ledger/transfers.ts';
import { hasHeldBonus } from '../repositories/bonuses.ts';
import type { Currency } from '../repositories/users.ts';
import { lockAccounts, memberGameAccounts, type GameAccountRef, type MemberGame } from '../repositories/wallet.ts';
import { insertWithdrawal } from '../repositories/withdrawals.ts';

export interface Member {
  userId: number;
  currency: Currency;
}

/** What every movement needs besides its own inputs. */
export interface MovementContext {
  member: Member;
  providers: GameProviders;
  now: Date;
  log: FastifyBaseLogger;
  /** Prefix of this request's ledger idempotency keys (ledgerKeyBase). */
  keyBase: string;
}

export interface Moved {
  /** Minor units. */
  amount: bigint;
  /** The movement's transfer (a withdrawal's pending transfer). */
  transfer: Transfer;
  /** What the member can spend now, minor units. */
  available: bigint;
}

/**
 * The ledger key prefix of one request: unique per member, action and
 * Idempotency-Key, or random when the request carries no key.
 */
export function ledgerKeyBase(request: FastifyRequest, userId: number, action: string): string {
  const key = idempotencyKeyOf(request);
  return `${action}:${userId}:${key === null ? `once:${randomUUID()}` : `key:${key}`}`;
}

/**
 * Runs a movement in a transaction (db/client.ts inTransaction: the
 * Idempotency-Key's when `db` is it). A refusal from the ledger or a
 * provider becomes its catalogue answer and rolls that transaction back.
 * TRANSFER_FAIL is 502: the provider failed, nothing moved, and a retry with
 * the same Idempotency-Key runs again (5xx answers are not stored).
 */
export async function inMovement<T>(db: Queryable, log: FastifyBaseLogger, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new ApiError(400, 'MONEY_NOT_ENOUGH');
    if (error instanceof IdempotencyConflict) throw new ApiError(409, 'KEY_INVALID');
    if (error instanceof ProviderError) {
      log.warn({ code: error.code }, `game provider refused a transfer: ${error.message}`);
      throw new ApiError(502, 'TRANSFER_FAIL');
    }
    throw error;
  }
}

async function availableNow(tx: Transaction, wallet: LedgerAccountRef): Promise<bigint> {
  const account = await findAccount(tx, wallet.code);
  return account ? availableOf(account) : 0n;
}

/**
 * What the member can spend after a write: the wallet row its UPDATE
 * returned, which stays locked until commit (providers' hooks do not touch
 * the wallet), or read again when the write was a replay and changed nothing.
 */
async function availableAfter(tx: Transaction, written: Written, wallet: LedgerAccountRef): Promise<bigint> {
  const changed = written.accounts.find((account) => account.id === wallet.id);
  return changed ? changed.available : availableNow(tx, wallet);
}

/**
 * Moves money between the wallet and a game account and tells the game's
 * provider, in the caller's transaction: a provider's refusal rolls the
 * transfer back with it.
 */
async function moveGameMoney(
  tx: Transaction,
  context: MovementContext,
  move: {
    game: Game;
    /** The member's account at the game, as read in this transaction. */
    account: GameAccountRef | null;
    wallet: LedgerAccountRef;
    gameLedger: LedgerAccountRef;
    toGame: boolean;
    amount: bigint;
    idempotencyKey: string;
  },
): Promise<Written> {
  const { game, account, wallet, gameLedger, toGame, amount, idempotencyKey } = move;
  const provider = context.providers.get(game.provider);
  if (!provider) throw new ProviderError('TRANSFER_FAIL', `game ${game.code}: provider ${game.provider} does not run on this server`);
  const written = await postTransfer(
    tx,
    {
      debitAccountId: toGame ? wallet.id : gameLedger.id,
      creditAccountId: toGame ? gameLedger.id : wallet.id,
      amount,
      kind: 'transfer',
      idempotencyKey,
    },
    context.now,
  );
  const atProvider = { userId: context.member.userId, game, account, amount, idempotencyKey };
  await (toGame ? provider.deposit(tx, atProvider) : provider.withdraw(tx, atProvider));
  return written;
}

/** A ledger account the movement's read found, or created now (its first use). */
function foundOrCreated(found: LedgerAccountRef | null, currency: Currency, create: () => Promise<LedgerAccountRef>): Promise<LedgerAccountRef> {
  return found ? Promise.resolve(inCurrency(found, currency)) : create();
}

/** The member's wallet and game ledger accounts as findMemberGame read them, created on first use. */
async function ledgerAccountsOf(
  tx: Transaction,
  context: MovementContext,
  found: MemberGame,
): Promise<[wallet: LedgerAccountRef, gameLedger: LedgerAccountRef]> {
  const { member, now } = context;
  const wallet = await foundOrCreated(found.ledger.wallet, member.currency, () => ensureWalletAccount(tx, member.userId, member.currency, now));
  const gameLedger = await foundOrCreated(found.ledger.game, member.currency, () =>
    ensureGameAccount(tx, member.userId, found.game.code, member.currency, now),
  );
  return [wallet, gameLedger];
}

/** Moves `amount` from the wallet to the game (toGame) or back; `found` is findMemberGame's read. */
export function transferWithGame(db: Queryable, context: MovementContext, found: MemberGame, toGame: boolean, amount: bigint): Promise<Moved> {
  return inMovement(db, context.log, async (tx) => {
    const [wallet, gameLedger] = await ledgerAccountsOf(tx, context, found);
    const { game, account } = found;
    const written = await moveGameMoney(tx, context, { game, account, wallet, gameLedger, toGame, amount, idempotencyKey: context.keyBase });
    return { amount, transfer: written.transfer, available: await availableAfter(tx, written, wallet) };
  });
}

/**
 * Moves everything the member can spend to the game. The two accounts are
 * locked before the balance is read, so "everything" cannot change before
 * it moves. Less than `minimum` (nothing, say) is TRANSFER_MINIMUM.
 */
export function transferAllToGame(db: Queryable, context: MovementContext, found: MemberGame, minimum: bigint): Promise<Moved> {
  return inMovement(db, context.log, async (tx) => {
    const [wallet, gameLedger] = await ledgerAccountsOf(tx, context, found);
    const [lockedWallet] = (await lockAccounts(tx, [wallet.id, gameLedger.id])).filter((row) => row.id === wallet.id);
    if (!lockedWallet) throw new Error(`ledger account ${wallet.code} vanished`);
    const amount = availableOf(lockedWallet);
    if (amount <= 0n || amount < minimum) throw new ApiError(400, 'TRANSFER_MINIMUM');
    const { game, account } = found;
    const written = await moveGameMoney(tx, context, { game, account, wallet, gameLedger, toGame: true, amount, idempotencyKey: context.keyBase });
    return { amount, transfer: written.transfer, available: await availableAfter(tx, written, wallet) };
  });
}

export interface PayoutAccount {
  bankCode: string;
  accountName: string;
  accountNo: string;
}

/**
 * Holds `amount` of the wallet for a payout to the member's bank account
 * and records the withdrawal; an operator pays or rejects it later. With
 * `sweepGames` (the withdraw modal's withdrawAll) every game balance first
 * comes back to the wallet through its provider, in the same transaction.
 *
 * spec 5: a member holding a bonus must withdraw the full amount
 * (BONUS_REMAINING otherwise), so every account involved is locked before
 * "the full amount" is read.
 */
export function withdrawFromWallet(
  db: Queryable,
  context: MovementContext,
  request: { amount: bigint; payTo: PayoutAccount; sweepGames: boolean },
): Promise<Moved> {
  const { member, now, keyBase } = context;
  const { amount, payTo, sweepGames } = request;
  return inMovement(db, context.log, async (tx) => {
    const wallet = await ensureWalletAccount(tx, member.userId, member.currency, now);
    const payouts = await ensureSystemAccount(tx, 'payouts', member.currency, now);
    const gameAccounts = sweepGames ? await memberGameAccounts(tx, member.userId) : [];
    const locked = await lockAccounts(tx, [wallet.id, payouts.id, ...gameAccounts.map(({ ledger }) => ledger.id)]);

    for (const { ledger: gameLedger, game, account } of gameAccounts) {
      // The balance as locked: memberGameAccounts read it before the lock.
      const balance = balanceOf(locked.find((row) => row.id === gameLedger.id) ?? gameLedger);
      if (balance <= 0n) continue;
      const idempotencyKey = `${keyBase}:game:${game.code}`;
      await moveGameMoney(tx, context, { game, account, wallet, gameLedger, toGame: false, amount: balance, idempotencyKey });
    }

    if ((await hasHeldBonus(tx, member.userId)) && amount !== (await availableNow(tx, wallet))) {
      throw new ApiError(400, 'BONUS_REMAINING');
    }
    const written = await holdTransfer(
      tx,
      { debitAccountId: wallet.id, creditAccountId: payouts.id, amount, kind: 'withdraw', idempotencyKey: `${keyBase}:hold` },
      now,
    );
    await insertWithdrawal(tx, { userId: member.userId, pendingTransferId: written.transfer.id, ...payTo }, now);
    return { amount, transfer: written.transfer, available: await availableAfter(tx, written, wallet) };
  });
}
