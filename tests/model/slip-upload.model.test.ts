import type { SlipUploadContext, UploadAnswer } from '../../machines/slip-upload/slip-upload.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { CREDITED_SLIP, RECEIVED_SLIP, slipUploadModels } from './slip-upload.model.ts';

/** spec 9 and the server's limit, written out independently: 10 MB. */
const LIMIT = 10 * 1024 * 1024;

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as SlipUploadContext;
  const context = after.context as SlipUploadContext;
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  let expectedCalls: unknown[] = [];
  // Besides the upload, the machine calls only what its parent provides, and only for a slip credited at once.
  let expectedActions: unknown[] = [];

  const uploads = (file: File | null) => [{ actor: 'upload', input: { file, reportProgress: expect.any(Function) } }];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['idle', { file: null, progress: 0, error: null, slip: null, waiting: false }]);
      break;
    case 'wait.over':
      expect([now, context]).toEqual([was, { ...previous, waiting: false }]);
      break;
    case 'slip.pick': {
      if (!['idle', 'picked', 'failed'].includes(was)) return unchanged();
      const file = event.file as File | null;
      if (file === null) expect([now, context.file, context.error]).toEqual(['idle', null, 'SLIP_NO_FILE']);
      else if (file.size > LIMIT) expect([now, context.file, context.error]).toEqual(['idle', null, 'SLIP_TOO_LARGE']);
      else expect([now, context.file, context.error]).toEqual(['picked', file, null]);
      break;
    }
    case 'slip.send':
      if (was === 'idle') {
        // Nothing to send: the pre-check says so and nothing goes out.
        expect([now, context.error, context.file]).toEqual(['idle', 'SLIP_NO_FILE', null]);
        break;
      }
      if (was !== 'picked') return unchanged();
      if (previous.waiting) {
        // One slip a minute (the shared rule): refused at once, nothing goes out.
        expect([now, context]).toEqual(['picked', { ...previous, error: 'REQUEST_LIMIT_1MIN' }]);
        break;
      }
      expect([now, context.progress, context.error, context.file]).toEqual(['uploading', 0, null, previous.file]);
      expectedCalls = uploads(previous.file);
      break;
    case 'slip.retry':
      if (was !== 'failed') return unchanged();
      // The same file again, from the start.
      expect([now, context.progress, context.error, context.file]).toEqual(['uploading', 0, null, previous.file]);
      expectedCalls = uploads(previous.file);
      break;
    case 'slip.cancel':
      if (was !== 'uploading') return unchanged();
      expect([now, context.file, context.progress, context.error]).toEqual(['picked', previous.file, 0, null]);
      // The call was stopped (its signal aborts the request).
      expect(Object.keys(after.children)).toEqual([]);
      break;
    case 'slip.another':
      if (was !== 'received' && was !== 'credited') return unchanged();
      expect([now, context]).toEqual(['idle', { file: null, progress: 0, error: null, slip: null, waiting: previous.waiting }]);
      break;
    case 'upload.progress': {
      if (was !== 'uploading') return unchanged();
      const fraction = event.fraction as number;
      const expected = fraction > previous.progress ? Math.min(1, fraction) : previous.progress;
      expect([now, context.progress]).toEqual(['uploading', expected]);
      break;
    }
    default: {
      const answer = (event as { output?: UploadAnswer }).output;
      if (event.type.startsWith('xstate.error.')) {
        expect([now, context.error, context.file]).toEqual(['failed', 'NETWORK_ERROR', previous.file]);
      } else if (answer?.ok && answer.data.slip.status === 'SUCCESS') {
        // Credited at once: the parent hears of it with the bank's amount (the home reads the wallet); the next slip waits a minute.
        expect([now, context.slip, context.progress, context.waiting]).toEqual(['credited', CREDITED_SLIP, 1, true]);
        expectedActions = [{ type: 'slipCredited', params: { amount: CREDITED_SLIP.amount } }];
      } else if (answer?.ok) {
        // Taken for an operator: the parent hears nothing yet; the next slip waits a minute.
        expect([now, context.slip, context.progress, context.waiting]).toEqual(['received', RECEIVED_SLIP, 1, true]);
      } else {
        // Refused: the reason shows, the file stays for another try.
        expect([now, context.error, context.file, context.slip]).toEqual(['failed', answer!.message, previous.file, null]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
}

describeModels('slip-upload', slipUploadModels, {
  tags: {
    idle: ['picking'],
    picked: ['picking', 'ready'],
    uploading: ['busy'],
    received: ['received'],
    credited: ['credited'],
    failed: ['failed', 'ready'],
  },
  check,
});
