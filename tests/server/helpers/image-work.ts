/**
 * Holding one of the process's queues of image decodes (server/images/decode.ts:
 * slips', chat images') to see an upload wait its turn, or be answered
 * without one.
 */
import { expect, onTestFinished, vi } from 'vitest';
import { imageWork, type ImageQueue } from '../../../src/server/images/decode.ts';
import { IMAGE_DECODES_AT_ONCE } from '../../../src/server/policy.ts';

/**
 * Takes every turn of the queue; the answer lets them go. At the end of the
 * test the queue is emptied and let go too, so that nothing a failed test
 * left waiting (a costly decode) runs after it, and later decodes do not
 * wait forever.
 */
export function holdImageWork(queue: ImageQueue): () => Promise<void> {
  const work = imageWork[queue];
  const releases: (() => void)[] = [];
  const held = Array.from({ length: IMAGE_DECODES_AT_ONCE }, () => work(() => new Promise<void>((resolve) => releases.push(resolve))));
  const release = async () => {
    for (const resolve of releases) resolve();
    await Promise.all(held);
  };
  onTestFinished(async () => {
    work.clearQueue();
    await release();
  });
  return release;
}

/** `work`'s answer, which must come while the queue is held: fails at once if `work` waits for a turn instead. */
export async function answeredWithoutATurn<T>(queue: ImageQueue, work: Promise<T>): Promise<T> {
  let settled = false;
  const done = () => {
    settled = true;
  };
  work.then(done, done);
  await vi.waitFor(() => expect(settled || imageWork[queue].pendingCount > 0).toBe(true), { timeout: 10_000 });
  expect(imageWork[queue].pendingCount, 'waiting for a turn to decode').toBe(0);
  return work;
}
