/**
 * Crediting a member's wallet with money that came in from outside (an
 * operator's bank deposit, a QR payment, a mobile-wallet voucher): one
 * ledger transfer `deposits → wallet` of kind `deposit` under an idempotency
 * key that names the outside event, so the same event is credited once
 * however often it is reported.
 */
import type { FastifyBaseLogger } from 'fastify';
import { toMajor } from '../../contract/money.ts';
import type { Queryable, Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { ensureSystemAccount, ensureWalletAccount } from '../ledger/accounts.ts';
import { postTransfer, type Transfer } from '../ledger/transfers.ts';
import { availableAfter, inMovement } from '../money/movement.ts';
import { recordAudit } from '../repositories/audit.ts';
import { findUserByPhone, memberCurrency, type Currency } from '../repositories/users.ts';

export interface Deposit {
  userId: number;
  currency: Currency;
  /** Minor units, > 0. */
  amount: bigint;
  /** What the money came with (a bank reference), shown to operators. */
  reference?: string | null;
  /** Names the outside event: `deposit:{bank reference}`, `payment:{provider}:{transaction}`, `truelink:{voucher}`. */
  idempotencyKey: string;
}

/**
 * What a credited deposit came with, for operators: its bank reference, or
 * else the kind of outside event its key names (`payment`, `truelink`).
 */
export function depositSource(deposit: Pick<Deposit, 'reference' | 'idempotencyKey'>): string {
  return deposit.reference ?? deposit.idempotencyKey.slice(0, Math.max(0, deposit.idempotencyKey.indexOf(':')));
}

export interface Credited {
  transfer: Transfer;
  /** True when the key had been credited before: nothing moved now. */
  replayed: boolean;
  /** What the member can spend after the credit, minor units. */
  available: bigint;
}

/**
 * Posts the deposit in the caller's transaction; IdempotencyConflict when
 * the key was used for another deposit. A deposit earns no prize-wheel
 * coins: they come from bets (docs/decisions/0103-coins-from-play.md).
 */
export async function creditDeposit(tx: Transaction, deposit: Deposit, now: Date): Promise<Credited> {
  const deposits = await ensureSystemAccount(tx, 'deposits', deposit.currency, now);
  const wallet = await ensureWalletAccount(tx, deposit.userId, deposit.currency, now);
  const written = await postTransfer(
    tx,
    {
      debitAccountId: deposits.id,
      creditAccountId: wallet.id,
      amount: deposit.amount,
      kind: 'deposit',
      reference: deposit.reference ?? null,
      idempotencyKey: deposit.idempotencyKey,
    },
    now,
  );
  return { transfer: written.transfer, replayed: written.replayed, available: await availableAfter(tx, written, wallet) };
}

/**
 * An operator's manual deposit: money that reached the bank account for a
 * member. Credited once per bank reference (the ledger key
 * `deposit:{reference}`): the same reference again for the same member and
 * amount answers the first transfer and moves nothing; for another member
 * or amount, 409. 404 NO_USER when no member has the phone. The audit
 * records the operator who credited it (the approver, for an approved request).
 */
/** A bank deposit's ledger key: its reference is credited once. */
export function bankDepositKey(reference: string): string {
  return `deposit:${reference}`;
}

export async function creditBankDeposit(
  db: Queryable,
  log: FastifyBaseLogger,
  { phone, amount, reference, operatorId }: { phone: string; amount: bigint; reference: string; operatorId: number },
  now: Date,
): Promise<Transfer> {
  const user = await findUserByPhone(db, phone);
  if (!user) throw new ApiError(404, 'NO_USER');
  const currency = await memberCurrency(db, user.id);
  const { transfer } = await inMovement(db, log, async (tx) => {
    const credited = await creditDeposit(tx, { userId: user.id, currency, amount, reference, idempotencyKey: bankDepositKey(reference) }, now);
    if (!credited.replayed) {
      const after = { amount: toMajor(amount), currency, transferId: String(credited.transfer.id) };
      await recordAudit(tx, { operatorId, action: 'deposit.manual', subject: reference, userId: user.id, after, createdAt: now });
    }
    return credited;
  });
  return transfer;
}
