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
 * as a value or as the refusal that item alone gets (decided without a
 * failed statement: see settle). When the flush itself throws, it must
 * have committed nothing (one statement, or one transaction that rolled
 * back); each of its items is then flushed again alone, so one item that
 * breaks a statement (a value the database refuses) fails only itself.
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
      let results: readonly Settled<O>[];
      try {
        results = await flush(batch.map(({ item }) => item));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else for (const waiting of batch) await flushAlone(waiting);
        continue;
      }
      answer(batch, results);
    }
    scheduled = false;
  }

  /** Each item its result; a flush that answered for other items than it was given fails them all (it is a bug). */
  function answer(batch: readonly Waiting<I, O>[], results: readonly Settled<O>[]): void {
    if (results.length !== batch.length) {
      const error = new Error(`a flush answered ${results.length} of ${batch.length} items`);
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => {
      const result = results[index]!;
      if (result.ok) waiting.resolve(result.value);
      else waiting.reject(result.error);
    });
  }

  async function flushAlone(waiting: Waiting<I, O>): Promise<void> {
    let results: readonly Settled<O>[];
    try {
      results = await flush([waiting.item]);
    } catch (error) {
      waiting.reject(error);
      return;
    }
    answer([waiting], results);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void drain());
    });
}

/**
 * Runs `decide` for one item of a flush; an error `isRefusal` recognises
 * becomes that item's refusal, any other fails the flush. A refusal must be
 * decided without a failed statement: in a transaction, a failed statement
 * aborts it for every item.
 */
export async function settle<T>(decide: () => Promise<T>, isRefusal: (error: unknown) => boolean): Promise<Settled<T>> {
  try {
    return { ok: true, value: await decide() };
  } catch (error) {
    if (isRefusal(error)) return { ok: false, error };
    throw error;
  }
}
