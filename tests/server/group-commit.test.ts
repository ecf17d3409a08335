/**
 * Group commit (src/server/db/group-commit.ts): calls arriving while a flush
 * runs go together in the next one, each answered in order with its own
 * value or refusal; a failed flush fails its own items only.
 */
import { describe, expect, it } from 'vitest';
import { groupCommit, settle, type Settled } from '../../src/server/db/group-commit.ts';

/** A flush the test finishes by hand, recording what each flush was given. */
function manualFlush() {
  const flushes: number[][] = [];
  const finishers: ((answer: 'double' | Error) => void)[] = [];
  const flush = (items: readonly number[]) => {
    flushes.push([...items]);
    return new Promise<Settled<number>[]>((resolve, reject) => {
      finishers.push((answer) => {
        if (answer instanceof Error) reject(answer);
        else resolve(items.map((item) => (item < 0 ? { ok: false, error: new RangeError(`refused ${item}`) } : { ok: true, value: item * 2 })));
      });
    });
  };
  return { flush, flushes, finish: (answer: 'double' | Error = 'double') => finishers.shift()!(answer) };
}

/** Lets the event loop turn until `flushes` holds `count` flushes. */
async function untilFlushes(flushes: unknown[], count: number): Promise<void> {
  while (flushes.length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe('groupCommit', () => {
  it('sends the calls of one turn together, and those arriving during a flush together in the next', async () => {
    const { flush, flushes, finish } = manualFlush();
    const call = groupCommit(flush);

    const first = [call(1), call(2)];
    await untilFlushes(flushes, 1);
    const second = [call(3), call(4), call(5)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushes).toEqual([[1, 2]]);
    finish();
    await untilFlushes(flushes, 2);
    finish();

    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(flushes).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('refuses one item alone, and fails only the items of a flush that threw', async () => {
    const { flush, flushes, finish } = manualFlush();
    const call = groupCommit(flush);

    const first = [call(1), call(-2), call(3)].map((promise) => promise.then(String, (error: Error) => error.message));
    await untilFlushes(flushes, 1);
    const second = [call(4), call(5)].map((promise) => promise.then(String, (error: Error) => error.message));
    finish();
    await untilFlushes(flushes, 2);
    finish(new Error('the transaction failed'));
    const third = call(6);
    await untilFlushes(flushes, 3);
    finish();

    expect(await Promise.all(first)).toEqual(['2', 'refused -2', '6']);
    expect(await Promise.all(second)).toEqual(['the transaction failed', 'the transaction failed']);
    expect(await third).toBe(12);
  });

  it('takes at most maxItems a flush', async () => {
    const { flush, flushes, finish } = manualFlush();
    const call = groupCommit(flush, 2);

    const answers = Promise.all([1, 2, 3, 4, 5].map((item) => call(item)));
    for (let done = 1; done <= 3; done += 1) {
      await untilFlushes(flushes, done);
      finish();
    }

    expect(await answers).toEqual([2, 4, 6, 8, 10]);
    expect(flushes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every item of a flush that answers for fewer items than it was given', async () => {
    const call = groupCommit(async (items: readonly number[]) => items.slice(1).map((value) => ({ ok: true, value }) as const));

    await expect(Promise.all([call(1), call(2)])).rejects.toThrow('a flush answered 1 of 2 items');
  });
});

describe('settle', () => {
  it('turns a value into ok and a thrown error into that item’s refusal', async () => {
    expect(await settle(async () => 7)).toEqual({ ok: true, value: 7 });
    const error = new Error('no');
    expect(await settle(async () => Promise.reject(error))).toEqual({ ok: false, error });
  });
});
