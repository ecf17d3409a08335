/**
 * Writing transfers. Each function writes one transfer row and the balance
 * changes it causes, inside the caller's transaction, so a movement is
 * either wholly there or not at all. Transfers are only inserted; a pending
 * transfer is resolved by a second row (post or void), never by an update.
 *
 * postTransfer and holdTransfer are one call of the database function
 * ledger_move (drizzle/0023_ledger_transfer_function.sql;
 * docs/decisions/0149-one-round-trip-transfer.md): one round trip, inside
 * the caller's transaction or, given the database, committed on its own.
 * Resolving a pending transfer (withdrawals, inside their own transactions)
 * stays the statements below.
 *
 * Concurrency: both accounts are locked (ledger_move) or updated
 * (resolutions) in ascending account id, so two transfers touching the
 * same accounts lock them in the same order and cannot deadlock. The
 * overdraft rule is checked before anything is written (ledger_move) or in
 * the UPDATE's WHERE (a clean InsufficientFunds), and again by the table's
 * CHECK constraint.
 */
import { eq, is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { perDatabase, resultRows, type Db, type Queryable } from '../db/client.ts';
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
 * Written as SQL rather than with drizzle's update builder: every
 * resolution runs it twice, and the builder costs several times the CPU
 * (the ledger benchmark's in-process loop ran ~10 % slower with it). The balance comes
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
    existing.kind !== row.kind ||
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

/**
 * A member's Idempotency-Key stored by the movement's own statement, with
 * the money-moved answer (spec 7) the movement gives: what `answerAccountId`
 * (the member's wallet) has available after it. A key already stored fails
 * the whole statement on its primary key (src/server/idempotency.ts answers
 * the stored answer then).
 */
export interface KeyAnswer {
  userId: number;
  key: string;
  requestHash: string;
  answerAccountId: number;
}

interface MoveRow {
  r_outcome: 'moved' | 'replayed' | 'insufficient' | 'conflict';
  r_id: string | null;
  r_kind: TransferKind | null;
  r_reference: string | null;
  r_created_ms: string | null;
  r_debit_available: string | null;
  r_credit_available: string | null;
}

type MoveParams = Record<'debit' | 'credit' | 'amount' | 'phase' | 'kind' | 'reference' | 'idempotencyKey' | 'now' | 'keyUserId' | 'key' | 'keyHash' | 'answerAccount', unknown>;

/** The call of ledger_move, over values (`value`) or placeholders (`sql.placeholder`). */
function moveCall(value: (name: keyof MoveParams) => unknown): SQL {
  const names: (keyof MoveParams)[] = ['debit', 'credit', 'amount', 'phase', 'kind', 'reference', 'idempotencyKey', 'now', 'keyUserId', 'key', 'keyHash', 'answerAccount'];
  return sql`ledger_move(${sql.join(
    names.map((name) => sql`${value(name)}`),
    sql`, `,
  )})`;
}

const moveSql = (params: MoveParams) => sql`select * from ${moveCall((name) => params[name])}`;

const moveColumns = {
  r_outcome: sql<MoveRow['r_outcome']>`r_outcome`,
  r_id: sql<string | null>`r_id`,
  r_kind: sql<TransferKind | null>`r_kind`,
  r_reference: sql<string | null>`r_reference`,
  r_created_ms: sql<string | null>`r_created_ms`,
  r_debit_available: sql<string | null>`r_debit_available`,
  r_credit_available: sql<string | null>`r_credit_available`,
};

const moveStatement = perDatabase((db) =>
  db
    .select(moveColumns)
    .from(moveCall((name) => sql.placeholder(name)))
    .prepare('ledger_move'),
);

/**
 * One movement in one round trip: ledger_move (drizzle/0023) locks both
 * accounts in ascending id, answers a replay or a conflict of the ledger
 * idempotency key, refuses an overdraft before writing anything, inserts
 * the transfer row and changes both balances, and with `key` stores the
 * member's Idempotency-Key and answer in the same statement
 * (docs/decisions/0149-one-round-trip-transfer.md). Inside a transaction
 * it is one statement of it; outside one it commits on its own, and its
 * news is told at once (commit-news.ts).
 */
async function move(db: Queryable, spec: TransferSpec, phase: 'posted' | 'pending', now: Date, key?: KeyAnswer): Promise<Written> {
  checkSpec(spec);
  const { debitAccountId, creditAccountId, amount, kind, idempotencyKey } = spec;
  const params = {
    debit: debitAccountId,
    credit: creditAccountId,
    amount,
    phase,
    kind,
    reference: spec.reference ?? null,
    idempotencyKey,
    now,
    keyUserId: key?.userId ?? null,
    key: key?.key ?? null,
    keyHash: key?.requestHash ?? null,
    answerAccount: key?.answerAccountId ?? null,
  };
  // Outside a transaction (the hot path) the call is a prepared statement (db/client.ts perDatabase).
  const rows = is(db, PgTransaction) ? resultRows<MoveRow>(await db.execute(moveSql(params))) : await moveStatement(db as Db).execute(params);
  const [row] = rows;
  if (!row) throw new Error('ledger_move answered nothing');
  if (row.r_outcome === 'insufficient') throw new InsufficientFunds(debitAccountId);
  if (row.r_outcome === 'conflict') throw new IdempotencyConflict(idempotencyKey);
  const transfer: Transfer = {
    id: Number(row.r_id),
    debitAccountId,
    creditAccountId,
    amount,
    phase,
    pendingId: null,
    kind: row.r_kind!,
    reference: row.r_reference,
    idempotencyKey,
    createdAt: new Date(Number(row.r_created_ms)),
  };
  if (row.r_outcome === 'replayed') return { transfer, replayed: true, accounts: [] };
  const accounts = [
    { id: debitAccountId, available: BigInt(row.r_debit_available!) },
    { id: creditAccountId, available: BigInt(row.r_credit_available!) },
  ].sort((a, b) => a.id - b.id);
  noteTransfer(db, { transfer, accounts });
  return { transfer, replayed: false, accounts };
}

/**
 * Moves `amount` from the debit account to the credit account now. With
 * `key` (a call outside any transaction) the member's Idempotency-Key is
 * stored with the movement's answer in the same statement.
 */
export function postTransfer(db: Queryable, spec: TransferSpec, now: Date, key?: KeyAnswer): Promise<Written> {
  return move(db, spec, 'posted', now, key);
}

/** Holds `amount` on the debit account until the transfer is posted or voided. */
export function holdTransfer(db: Queryable, spec: TransferSpec, now: Date): Promise<Written> {
  return move(db, spec, 'pending', now);
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
