/**
 * Group commit: calls that arrive while a flush of theirs is running wait
 * for it and then go to the database together, as one statement or one
 * transaction. A lone call waits for nothing more than the end of the event
 * loop's turn it came in (setImmediate: the requests read in the same turn
 * share a flush), so a quiet server answers as fast as before; a busy one
 * makes fewer, larger round trips, which is where its CPU went: each round
 * trip is a query built, a socket write and a reply parsed, here and in
 * PostgreSQL. docs/performance.md bench:chat has the figures.
 *
 * One flush runs at a time per group. `flush` answers each item in order,
 * as a value or as the error that item alone gets (a refusal); when the
 * flush itself throws (the transaction failed), every item of it gets that
 * error, and nothing of the flush was committed.
 */

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** Most items one flush takes: its statements and its transaction stay short, and so does the wait of the last item. */
export const GROUP_COMMIT_MAX_ITEMS = 200;

export function groupCommit<I, O>(flush: (items: readonly I[]) => Promise<readonly Settled<O>[]>, maxItems = GROUP_COMMIT_MAX_ITEMS): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let scheduled = false;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxItems);
      try {
        const results = await flush(batch.map(({ item }) => item));
        if (results.length !== batch.length) throw new Error(`a flush answered ${results.length} of ${batch.length} items`);
        batch.forEach((waiting, index) => {
          const result = results[index]!;
          if (result.ok) waiting.resolve(result.value);
          else waiting.reject(result.error);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    scheduled = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void drain());
    });
}

/** Runs `decide` for one item; a thrown error becomes that item's refusal. */
export async function settle<T>(decide: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await decide() };
  } catch (error) {
    return { ok: false, error };
  }
}
