import { assertEvent, assign, setup } from 'xstate';
import { SLIP_MAX_BYTES } from '../../src/contract/deposit.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { failureMessage, NETWORK_ERROR, okData } from '../shared/result.ts';
import type { SlipUploadContext, SlipUploadEvent, SlipUploadTag, UploadAnswer, UploadInput } from './slip-upload.types.ts';

/** Client code: the picked file is over the server's limit (spec 9: 10 MB), so it is not sent. */
const SLIP_TOO_LARGE = 'SLIP_TOO_LARGE';

const pickedFile = (event: SlipUploadEvent) => {
  assertEvent(event, 'slip.pick');
  return event.file;
};

export const slipUploadMachine = setup({
  types: {
    context: {} as SlipUploadContext,
    events: {} as SlipUploadEvent,
    tags: {} as SlipUploadTag,
  },
  actors: {
    upload: notProvided<UploadAnswer, UploadInput>('upload'),
  },
  actions: {
    keepFile: assign(({ event }) => ({ file: pickedFile(event), error: null })),
    refuseNoFile: assign({ file: null, error: 'SLIP_NO_FILE' }),
    refuseTooLarge: assign({ file: null, error: SLIP_TOO_LARGE }),
    clearAttempt: assign({ progress: 0, error: null }),
    setProgress: assign(({ context, event }) => {
      assertEvent(event, 'upload.progress');
      // Never backwards, never past the end, whatever the transport reports.
      return { progress: Math.min(1, Math.max(context.progress, event.fraction)) };
    }),
    storeSlip: assign((_, answer: UploadAnswer) => ({ slip: okData(answer).slip, progress: 1 })),
    showRefusal: assign((_, answer: UploadAnswer) => ({ error: failureMessage(answer) })),
    showNetworkError: assign({ error: NETWORK_ERROR }),
    forget: assign({ file: null, progress: 0, error: null, slip: null }),
  },
  guards: {
    noFile: ({ event }) => pickedFile(event) === null,
    tooLarge: ({ event }) => (pickedFile(event)?.size ?? 0) > SLIP_MAX_BYTES,
    succeeded: (_, answer: UploadAnswer) => answer.ok,
  },
}).createMachine({
  id: 'slipUpload',
  description:
    'A transfer slip sent from the deposit modal (spec 2, spec 7 POST /api/wallet/slip): pick an image, checked here for presence and size (10 MB), send it with progress (5-minute timeout), and see whether the server took it for checking or why not.',
  context: { file: null, progress: 0, error: null, slip: null },
  initial: 'idle',
  states: {
    idle: {
      tags: 'picking',
      description: 'No file yet; sending now says that one is needed.',
      on: {
        'slip.pick': [
          { guard: 'noFile', actions: 'refuseNoFile' },
          { guard: 'tooLarge', actions: 'refuseTooLarge' },
          { target: 'picked', actions: 'keepFile' },
        ],
        'slip.send': { actions: 'refuseNoFile' },
      },
    },
    picked: {
      tags: ['picking', 'ready'],
      on: {
        'slip.pick': [
          { guard: 'noFile', target: 'idle', actions: 'refuseNoFile' },
          { guard: 'tooLarge', target: 'idle', actions: 'refuseTooLarge' },
          { actions: 'keepFile' },
        ],
        'slip.send': { target: 'uploading', actions: 'clearAttempt' },
      },
    },
    uploading: {
      tags: 'busy',
      description: 'The file is on its way (multipart, 5-minute timeout); cancelling aborts the request and keeps the file.',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          file: context.file!,
          reportProgress: (fraction: number) => self.send({ type: 'upload.progress', fraction }),
        }),
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'received', actions: { type: 'storeSlip', params: actorOutput } },
          { target: 'failed', actions: { type: 'showRefusal', params: actorOutput } },
        ],
        onError: { target: 'failed', actions: 'showNetworkError' },
      },
      on: {
        'upload.progress': { actions: 'setProgress' },
        'slip.cancel': { target: 'picked', actions: 'clearAttempt' },
      },
    },
    received: {
      tags: 'received',
      description: 'The server took the slip (PENDING): it is checked, then credited; the slip table shows it.',
      on: { 'slip.another': { target: 'idle', actions: 'forget' } },
    },
    failed: {
      tags: ['failed', 'ready'],
      description: 'Not taken: the reason shows (spec 8). The same file may be sent again, or another picked.',
      on: {
        'slip.retry': { target: 'uploading', actions: 'clearAttempt' },
        'slip.pick': [
          { guard: 'noFile', target: 'idle', actions: 'refuseNoFile' },
          { guard: 'tooLarge', target: 'idle', actions: 'refuseTooLarge' },
          { target: 'picked', actions: 'keepFile' },
        ],
      },
    },
  },
});
