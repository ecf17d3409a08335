import { assertEvent, assign, raise, setup } from 'xstate';
import { SLIP_UPLOAD_INTERVAL_MS, slipSizeError } from '../../src/contract/rules/slips.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData } from '../shared/result.ts';
import type { SlipUploadContext, SlipUploadEvent, SlipUploadTag, UploadAnswer, UploadInput } from './slip-upload.types.ts';

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
    // The shared rule: a file over the server's limit (spec 9: 10 MB) is not sent.
    refuseTooLarge: assign(({ event }) => ({ file: null, error: slipSizeError(pickedFile(event)?.size ?? 0) })),
    clearAttempt: assign({ progress: 0, error: null }),
    setProgress: assign(({ context, event }) => {
      assertEvent(event, 'upload.progress');
      // Never backwards, never past the end, whatever the transport reports.
      return { progress: Math.min(1, Math.max(context.progress, event.fraction)) };
    }),
    storeSlip: assign((_, answer: UploadAnswer) => ({ slip: okData(answer).slip, progress: 1 })),
    // Provided by its parent (machines/deposit): the slip was credited, the home reads the wallet again.
    slipCredited: (_, _params: { amount: number }) => {},
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    forget: assign({ file: null, progress: 0, error: null, slip: null }),
    // spec 8 REQUEST_LIMIT_1MIN, the shared rule: the next slip waits a minute after one was taken.
    startWait: assign({ waiting: true }),
    endWaitLater: raise({ type: 'wait.over' }, { id: 'slipWait', delay: SLIP_UPLOAD_INTERVAL_MS }),
    endWait: assign({ waiting: false }),
    refuseTooSoon: assign({ error: 'REQUEST_LIMIT_1MIN' }),
  },
  guards: {
    noFile: ({ event }) => pickedFile(event) === null,
    tooLarge: ({ event }) => slipSizeError(pickedFile(event)?.size ?? 0) !== null,
    succeeded,
    // The slip verifier credited it while the upload waited (docs/decisions/0137-slip-verification.md).
    creditedAtOnce: (_, answer: UploadAnswer) => answer.ok && okData(answer).slip.status === 'SUCCESS',
    waiting: ({ context }) => context.waiting,
  },
}).createMachine({
  id: 'slipUpload',
  description:
    'A transfer slip sent from the deposit modal (spec 2, spec 7 POST /api/wallet/slip): pick an image, checked here for presence and size (10 MB), send it with progress (5-minute timeout), and see whether the server took it for checking, credited it at once (the bank confirmed the transfer) or why not. One slip a minute: a second within the minute is refused here, as the server would.',
  context: { file: null, progress: 0, error: null, slip: null, waiting: false },
  on: { 'wait.over': { actions: 'endWait' } },
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
        'slip.send': [
          { guard: 'waiting', actions: 'refuseTooSoon' },
          { target: 'uploading', actions: 'clearAttempt' },
        ],
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
        ...onAnswer({ target: 'received', action: 'storeSlip' }, { target: 'failed', action: 'showFailure' }, [
          {
            guard: { type: 'creditedAtOnce', params: actorOutput },
            target: 'credited',
            actions: [
              { type: 'storeSlip', params: actorOutput },
              { type: 'slipCredited', params: ({ event }: { event: { output: UploadAnswer } }) => ({ amount: okData(event.output).slip.amount }) },
            ],
          },
        ]),
      },
      on: {
        'upload.progress': { actions: 'setProgress' },
        'slip.cancel': { target: 'picked', actions: 'clearAttempt' },
      },
    },
    received: {
      tags: 'received',
      entry: ['startWait', 'endWaitLater'],
      description: 'The server took the slip (PENDING): an operator checks it, then it is credited; the slip table shows it. Another may be sent a minute later (spec 8 REQUEST_LIMIT_1MIN).',
      on: { 'slip.another': { target: 'idle', actions: 'forget' } },
    },
    credited: {
      tags: 'credited',
      entry: ['startWait', 'endWaitLater'],
      description: 'The bank confirmed the transfer while the slip was sent (SUCCESS, the bank\'s amount): the wallet has it, and the parent was told. Another may be sent a minute later.',
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
