/**
 * What every money movement shares, whatever its domain (transfers,
 * withdrawals, deposits, later promotions): the transaction it runs in, the
 * one mapping of ledger and provider refusals to catalogue codes, the
 * ledger idempotency keys of a member's request, and what the member can
 * spend after the write.
 *
 * Ledger idempotency keys come from the request's Idempotency-Key when it
 * has one, so two copies of one request racing on two connections write the
 * transfer once (the second finds the first's row and moves nothing).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { inTransaction, type Queryable, type Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { ProviderError, type GameProviders } from '../games/provider.ts';
import { idempotencyKeyOf } from '../idempotency.ts';
import { availableOf, findAccount, walletCode, type LedgerAccountRef } from '../ledger/accounts.ts';
import { IdempotencyConflict, InsufficientFunds, type Transfer, type Written } from '../ledger/transfers.ts';
import type { Currency } from '../repositories/users.ts';

/** A member whose money moves, in their one currency. */
export interface Member {
  userId: number;
  currency: Currency;
}

/** What every member movement needs besides its own inputs (the route builds it from the request). */
export interface MovementContext {
  userId: number;
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
 * A provider's NO_GAME (no new money into a game that is not active) is
 * 404 NO_GAME, the answer of the transfer's own check; any other refusal is
 * TRANSFER_FAIL, 502: the provider failed, nothing moved, and a retry with
 * the same Idempotency-Key runs again (5xx answers are not stored).
 */
export function inMovement<T>(db: Queryable, log: FastifyBaseLogger, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return answeringRefusals(log, () => inTransaction(db, work));
}

/**
 * Runs a movement that is one statement (ledger/transfers.ts with a
 * database, not a transaction: ledger_move commits on its own), with
 * inMovement's answers to refusals.
 */
export function inOneCall<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  return answeringRefusals(log, work);
}

async function answeringRefusals<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new ApiError(400, 'MONEY_NOT_ENOUGH');
    if (error instanceof IdempotencyConflict) throw new ApiError(409, 'KEY_INVALID');
    if (error instanceof ProviderError) {
      log.warn({ code: error.code }, `game provider refused a transfer: ${error.message}`);
      // A game that is not there (not active) is the member's 404, as the transfer's own check answers it.
      throw error.code === 'NO_GAME' ? new ApiError(404, 'NO_GAME') : new ApiError(502, 'TRANSFER_FAIL');
    }
    throw error;
  }
}

/** What the member can spend from `wallet` now, minor units: money held for a withdrawal is not in it; 0 before its first use. */
export async function availableNow(db: Queryable, wallet: Pick<LedgerAccountRef, 'code'>): Promise<bigint> {
  const account = await findAccount(db, wallet.code);
  return account ? availableOf(account) : 0n;
}

/** What the member's wallet holds for them to spend now (the home's balance). */
export function spendableInWallet(db: Queryable, userId: number): Promise<bigint> {
  return availableNow(db, { code: walletCode(userId) });
}

/**
 * What the member can spend after a write: the wallet row its UPDATE
 * returned, which stays locked until commit (providers' hooks do not touch
 * the wallet), or read again when the write was a replay and changed nothing.
 */
export async function availableAfter(tx: Transaction, written: Written, wallet: LedgerAccountRef): Promise<bigint> {
  const changed = written.accounts.find((account) => account.id === wallet.id);
  return changed ? changed.available : availableNow(tx, wallet);
}

/** The movement context of a member's request; `action` names the ledger keys (ledgerKeyBase). */
export function memberMovement(request: FastifyRequest, userId: number, action: string, providers: GameProviders, now: Date): MovementContext {
  return { userId, providers, now, log: request.log, keyBase: ledgerKeyBase(request, userId, action) };
}
