/**
 * Group commit (src/server/db/group-commit.ts): calls arriving while a flush
 * runs go together in the next one, each answered in order with its own
 * value or refusal; the items of a flush that threw are tried again alone.
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

  it('refuses one item alone when the flush answers it so', async () => {
    const { flush, flushes, finish } = manualFlush();
    const call = groupCommit(flush);

    const answers = [call(1), call(-2), call(3)].map((promise) => promise.then(String, (error: Error) => error.message));
    await untilFlushes(flushes, 1);
    finish();

    expect(await Promise.all(answers)).toEqual(['2', 'refused -2', '6']);
    expect(flushes).toEqual([[1, -2, 3]]);
  });

  it('tries each item of a flush that threw again alone: the item that broke it fails by itself, the next flush goes on', async () => {
    const flushes: number[][] = [];
    const call = groupCommit(async (items: readonly number[]) => {
      flushes.push([...items]);
      if (items.includes(13)) throw new Error('13 broke the statement');
      return items.map((item) => ({ ok: true, value: item * 2 }) as const);
    });

    const answers = await Promise.all([1, 13, 3].map((item) => call(item).then(String, (error: Error) => error.message)));
    const later = await call(4);

    expect(answers).toEqual(['2', '13 broke the statement', '6']);
    expect(later).toBe(8);
    expect(flushes).toEqual([[1, 13, 3], [1], [13], [3], [4]]);
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
  const isRefusal = (error: unknown) => error instanceof RangeError;

  it('turns a value into ok and a refusal into that item’s refusal; any other error fails the flush', async () => {
    expect(await settle(async () => 7, isRefusal)).toEqual({ ok: true, value: 7 });
    const refusal = new RangeError('no');
    expect(await settle(async () => Promise.reject(refusal), isRefusal)).toEqual({ ok: false, error: refusal });
    await expect(settle(async () => Promise.reject(new Error('the connection broke')), isRefusal)).rejects.toThrow('the connection broke');
  });
});
