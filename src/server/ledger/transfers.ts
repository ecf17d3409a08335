/**
 * Writing transfers. Each function writes one transfer row and the balance
 * changes it causes, inside the caller's transaction, so a movement is
 * either wholly there or not at all. Transfers are only inserted; a pending
 * transfer is resolved by a second row (post or void), never by an update.
 *
 * Concurrency: balance rows are updated in ascending account id, so two
 * transfers touching the same accounts lock them in the same order and
 * cannot deadlock. The overdraft rule is checked in the UPDATE's WHERE (a
 * clean InsufficientFunds) and again by the table's CHECK constraint.
 */
import { eq, sql } from 'drizzle-orm';
import { resultRows, type Queryable } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers, TRANSFER_KINDS } from '../db/schema.ts';
import { AVAILABLE_SQL } from './accounts.ts';
import { noteTransfer } from './commit-news.ts';

export type Transfer = typeof ledgerTransfers.$inferSelect;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export interface TransferSpec {
  debitAccountId: number;
  creditAccountId: number;
  /** Minor units, > 0. */
  amount: bigint;
  kind: TransferKind;
  reference?: string | null;
  /** Unique over the whole ledger; writing the same key again moves nothing. */
  idempotencyKey: string;
}

/** The debit account would go below zero (or below what pending transfers hold). */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} cannot be debited that much`);
    this.name = 'InsufficientFunds';
  }
}

/** A transfer with this idempotency key exists and differs from the one asked for. */
export class IdempotencyConflict extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`idempotency key ${idempotencyKey} was used for another transfer`);
    this.name = 'IdempotencyConflict';
  }
}

/** The pending transfer is unknown, not pending, or already resolved. */
export class NotPending extends Error {
  constructor(readonly transferId: number) {
    super(`transfer ${transferId} is not an open pending transfer`);
    this.name = 'NotPending';
  }
}

export interface Written {
  transfer: Transfer;
  /** True when the idempotency key had been written before: nothing moved now. */
  replayed: boolean;
  /**
   * What the two accounts have available as this write left them (empty
   * when replayed). Their rows stay locked until the transaction ends, so
   * a movement can answer a balance from them without reading it again.
   */
  accounts: Available[];
}

type Column = 'debitsPending' | 'debitsPosted' | 'creditsPending' | 'creditsPosted';
type Change = Partial<Record<Column, bigint>>;

/** An account's available balance (availableOf), as a write left it. */
export interface Available {
  id: number;
  available: bigint;
}

const columnSql = {
  debitsPending: sql.raw('debits_pending'),
  debitsPosted: sql.raw('debits_posted'),
  creditsPending: sql.raw('credits_pending'),
  creditsPosted: sql.raw('credits_posted'),
} satisfies Record<Column, unknown>;

/**
 * Applies column changes to one account and returns what it has available
 * then. A change that adds to the debits of a no-overdraft account must
 * leave debits ≤ credits_posted, else InsufficientFunds.
 *
 * Written as SQL rather than with drizzle's update builder: every transfer
 * runs it twice, and the builder costs several times the CPU (the ledger
 * benchmark's in-process loop ran ~10 % slower with it). The balance comes
 * back as text, so both drivers hand BigInt the same thing.
 */
async function applyChange(db: Queryable, accountId: number, change: Change): Promise<Available> {
  const assignments = Object.entries(change).map(([column, delta]) => sql`${columnSql[column as Column]} = ${columnSql[column as Column]} + ${delta}`);
  const debitGrowth = (change.debitsPending ?? 0n) + (change.debitsPosted ?? 0n);
  const creditDrop = -(change.creditsPosted ?? 0n);
  const guard =
    debitGrowth + creditDrop > 0n
      ? sql` and (not no_overdraft or debits_posted + debits_pending + ${debitGrowth} <= credits_posted - ${creditDrop})`
      : sql``;
  const result = await db.execute(
    sql`update ${ledgerAccounts} set ${sql.join(assignments, sql`, `)} where id = ${accountId}${guard}
        returning (${AVAILABLE_SQL})::text as available`,
  );
  const [row] = resultRows<{ available: string }>(result);
  if (!row) throw new InsufficientFunds(accountId);
  return { id: accountId, available: BigInt(row.available) };
}

/** Applies both sides in ascending account id (the lock order); returns the accounts as changed. */
async function applyChanges(db: Queryable, sides: [accountId: number, change: Change][]): Promise<Available[]> {
  const changed: Available[] = [];
  for (const [accountId, change] of [...sides].sort((a, b) => a[0] - b[0])) changed.push(await applyChange(db, accountId, change));
  return changed;
}

/**
 * Inserts the transfer row unless its idempotency key exists. Returns the
 * new row, or the existing one (which must describe the same movement).
 */
async function insertOnce(db: Queryable, row: typeof ledgerTransfers.$inferInsert): Promise<Written> {
  const [inserted] = await db.insert(ledgerTransfers).values(row).onConflictDoNothing({ target: ledgerTransfers.idempotencyKey }).returning();
  if (inserted) return { transfer: inserted, replayed: false, accounts: [] };
  const existing = await transferByKey(db, row.idempotencyKey);
  if (
    !existing ||
    existing.debitAccountId !== row.debitAccountId ||
    existing.creditAccountId !== row.creditAccountId ||
    existing.amount !== row.amount ||
    existing.phase !== row.phase ||
    (existing.pendingId ?? null) !== (row.pendingId ?? null)
  ) {
    throw new IdempotencyConflict(row.idempotencyKey);
  }
  return { transfer: existing, replayed: true, accounts: [] };
}

/** The transfer written under `idempotencyKey`, if any. */
export async function transferByKey(db: Queryable, idempotencyKey: string): Promise<Transfer | undefined> {
  const [transfer] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return transfer;
}

function checkSpec(spec: TransferSpec): void {
  if (spec.amount <= 0n) throw new RangeError(`transfer amount must be positive, got ${spec.amount}`);
  if (spec.debitAccountId === spec.creditAccountId) throw new RangeError('a transfer needs two different accounts');
}

/** Moves `amount` from the debit account to the credit account now. */
export async function postTransfer(db: Queryable, spec: TransferSpec, now: Date): Promise<Written> {
  checkSpec(spec);
  const written = await insertOnce(db, { ...spec, reference: spec.reference ?? null, phase: 'posted', createdAt: now });
  if (written.replayed) return written;
  const accounts = await applyChanges(db, [
    [spec.debitAccountId, { debitsPosted: spec.amount }],
    [spec.creditAccountId, { creditsPosted: spec.amount }],
  ]);
  noteTransfer(db, { transfer: written.transfer, accounts });
  return { ...written, accounts };
}

/** Holds `amount` on the debit account until the transfer is posted or voided. */
export async function holdTransfer(db: Queryable, spec: TransferSpec, now: Date): Promise<Written> {
  checkSpec(spec);
  const written = await insertOnce(db, { ...spec, reference: spec.reference ?? null, phase: 'pending', createdAt: now });
  if (written.replayed) return written;
  const accounts = await applyChanges(db, [
    [spec.debitAccountId, { debitsPending: spec.amount }],
    [spec.creditAccountId, { creditsPending: spec.amount }],
  ]);
  noteTransfer(db, { transfer: written.transfer, accounts });
  return { ...written, accounts };
}

/**
 * Resolves a pending transfer: `post` moves the held amount, `void` returns
 * it. The pending row is locked first, so two resolutions of one pending
 * transfer run one after the other and the second finds it resolved.
 */
async function resolvePending(db: Queryable, pendingId: number, outcome: 'post' | 'void', idempotencyKey: string, now: Date, reference?: string): Promise<Written> {
  const locked = await db.execute(sql`select id from ${ledgerTransfers} where id = ${pendingId} and phase = 'pending' for update`);
  if (resultRows(locked).length === 0) throw new NotPending(pendingId);
  const [pending] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, pendingId));
  if (!pending) throw new NotPending(pendingId);

  const phase = outcome === 'post' ? 'post_pending' : 'void_pending';
  const [resolution] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pendingId));
  if (resolution) {
    if (resolution.idempotencyKey === idempotencyKey && resolution.phase === phase) return { transfer: resolution, replayed: true, accounts: [] };
    throw new NotPending(pendingId);
  }

  const { debitAccountId, creditAccountId, amount, kind } = pending;
  // The resolution may name an outside thing of its own (a payout's transfer at the bank); else it keeps the pending one's.
  const written = await insertOnce(db, { debitAccountId, creditAccountId, amount, kind, reference: reference ?? pending.reference, idempotencyKey, phase, pendingId, createdAt: now });
  const moved = outcome === 'post' ? amount : 0n;
  const accounts = await applyChanges(db, [
    [debitAccountId, { debitsPending: -amount, ...(moved > 0n && { debitsPosted: moved }) }],
    [creditAccountId, { creditsPending: -amount, ...(moved > 0n && { creditsPosted: moved }) }],
  ]);
  noteTransfer(db, { transfer: written.transfer, accounts });
  return { ...written, accounts };
}

/** `reference`: what the posting row names, when not the pending transfer's (a payout's bank reference). */
export function postPending(db: Queryable, pendingId: number, idempotencyKey: string, now: Date, reference?: string): Promise<Written> {
  return resolvePending(db, pendingId, 'post', idempotencyKey, now, reference);
}

export function voidPending(db: Queryable, pendingId: number, idempotencyKey: string, now: Date): Promise<Written> {
  return resolvePending(db, pendingId, 'void', idempotencyKey, now);
}
