/**
 * What a transaction wrote to the ledger, told once it has committed
 * (docs/decisions/0141-wallet-news.md). transfers.ts notes every transfer
 * it writes (not a replay) on the transaction it was given; watchCommits
 * wraps the database's `transaction` so that each transaction collects its
 * own notes and, only after COMMIT succeeded, hands them to the listeners.
 * A transaction that throws (a refusal, a conflict, a failed COMMIT) rolls
 * back and tells nothing. A movement made in one statement outside any
 * transaction (ledger_move, docs/decisions/0149-one-round-trip-transfer.md)
 * has committed when it answers, so it is told at once.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { ledgerTransfers } from '../db/schema.ts';

/** One transfer as written, with what its two accounts had available right after (transfers.ts Written). */
export interface WrittenTransfer {
  transfer: typeof ledgerTransfers.$inferSelect;
  accounts: { id: number; available: bigint }[];
}

export type CommitListener = (written: readonly WrittenTransfer[]) => void;

interface Watch {
  listeners: Set<CommitListener>;
}

const watches = new WeakMap<Db, Watch>();
/** A transaction under way → its notes so far. */
const collecting = new WeakMap<object, WrittenTransfer[]>();

/**
 * Notes a transfer written in `db`: kept until a watched transaction
 * commits, told now when `db` is a watched database itself (the write was
 * one statement and has committed), else nothing.
 */
export function noteTransfer(db: Queryable, written: WrittenTransfer): void {
  const notes = collecting.get(db);
  if (notes) {
    notes.push(written);
    return;
  }
  const watch = watches.get(db as Db);
  if (watch && watch.listeners.size > 0) tell(watch.listeners, [written]);
}

function tell(listeners: Iterable<CommitListener>, written: readonly WrittenTransfer[]): void {
  for (const listener of listeners) {
    try {
      listener(written);
    } catch (error) {
      // A listener's failure is its own: the money has moved and the caller gets its answer.
      console.error('ledger: a commit listener failed', error);
    }
  }
}

/**
 * Calls `listener` after every committed transaction of `db` that wrote
 * transfers. Returns the function that stops it. The first watch wraps
 * `db.transaction` once; later watches share it.
 */
export function watchCommits(db: Db, listener: CommitListener): () => void {
  let watch = watches.get(db);
  if (!watch) {
    const created: Watch = { listeners: new Set() };
    watch = created;
    watches.set(db, created);
    const original = db.transaction.bind(db);
    db.transaction = (async (work, config) => {
      const notes: WrittenTransfer[] = [];
      const result = await original((tx) => {
        collecting.set(tx, notes);
        return work(tx);
      }, config);
      if (notes.length > 0 && created.listeners.size > 0) tell(created.listeners, notes);
      return result;
    }) as Db['transaction'];
  }
  const { listeners } = watch;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
