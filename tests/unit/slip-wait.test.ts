/**
 * One slip a minute (spec 8 REQUEST_LIMIT_1MIN, contract/rules/slips.ts) in
 * the slip upload machine, on a simulated clock: a second slip within the
 * minute after one was taken is refused at once, without an upload; from the
 * minute on it goes.
 */
import { expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { slipUploadMachine } from '../../machines/slip-upload/slip-upload.machine.ts';
import type { UploadAnswer, UploadInput } from '../../machines/slip-upload/slip-upload.types.ts';
import { SLIP_UPLOAD_INTERVAL_MS } from '../../src/contract/rules/slips.ts';

const slip = { createdAt: '2026-11-25T10:00:00.000Z', amount: 0, status: 'PENDING', note: '', link: '', reference: '1' } as const;
const file = () => new File([new Uint8Array(16)], 'slip.png', { type: 'image/png' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('refuses a second slip within the minute without uploading, and sends it once the minute has passed', async () => {
  const uploads: File[] = [];
  const upload = fromPromise<UploadAnswer, UploadInput>(async ({ input }) => {
    uploads.push(input.file);
    return { ok: true, data: { message: 'SUCCESS', slip } };
  });
  const clock = new SimulatedClock();
  const actor = createActor(slipUploadMachine.provide({ actors: { upload } }), { clock }).start();

  actor.send({ type: 'slip.pick', file: file() });
  actor.send({ type: 'slip.send' });
  await settle();
  expect(actor.getSnapshot().value).toBe('received');

  actor.send({ type: 'slip.another' });
  actor.send({ type: 'slip.pick', file: file() });
  clock.increment(SLIP_UPLOAD_INTERVAL_MS - 1);
  actor.send({ type: 'slip.send' });
  expect([actor.getSnapshot().value, actor.getSnapshot().context.error, uploads.length]).toEqual(['picked', 'REQUEST_LIMIT_1MIN', 1]);

  clock.increment(1);
  actor.send({ type: 'slip.send' });
  await settle();
  expect([actor.getSnapshot().value, uploads.length]).toEqual(['received', 2]);
  actor.stop();
});
