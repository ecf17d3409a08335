/**
 * The slip upload as a test model: the member picks a slip image, an empty
 * picker or a file over 10 MB; sends, sees progress, cancels, retries or
 * picks again; the server takes the slip, credits it at once (the bank
 * confirmed the transfer) or refuses it; a second slip within the minute is
 * refused at once.
 */
import { SLIP_MAX_BYTES } from '../../src/contract/deposit.ts';
import { slipUploadMachine } from '../../machines/slip-upload/slip-upload.machine.ts';
import type { UploadAnswer } from '../../machines/slip-upload/slip-upload.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type SlipUpload = typeof slipUploadMachine;

/** A file that names itself in model states and test titles (a File serializes as {}). */
function namedFile(name: string, bytes: number): File {
  const file = new File([new Uint8Array(bytes)], name, { type: 'image/png' });
  return Object.assign(file, { toJSON: () => `${name} (${bytes} bytes)` });
}

export const SLIP_FILE = namedFile('slip.png', 2048);
export const LARGE_FILE = namedFile('large.png', SLIP_MAX_BYTES + 1);

export const RECEIVED_SLIP = {
  createdAt: '2026-11-22T10:00:00.000Z',
  amount: 0,
  status: 'PENDING',
  note: '',
  link: '/files/slips/abc?expires=1&sig=x',
  reference: '2026112212345',
} as const;

/** A slip the slip verifier credited while the upload waited (docs/decisions/0137-slip-verification.md). */
export const CREDITED_SLIP = { ...RECEIVED_SLIP, amount: 500, status: 'SUCCESS' } as const;

const events = {
  'slip.pick': ({ context }) => [
    { type: 'slip.pick', file: SLIP_FILE },
    // The picker emptied, and a file the server would refuse for its size: not again after one was refused, to keep the model small.
    ...(context.error === null || context.file !== null ? [{ type: 'slip.pick' as const, file: null }, { type: 'slip.pick' as const, file: LARGE_FILE }] : []),
  ],
  'slip.send': () => [{ type: 'slip.send' }],
  'slip.cancel': () => [{ type: 'slip.cancel' }],
  'slip.retry': () => [{ type: 'slip.retry' }],
  'slip.another': () => [{ type: 'slip.another' }],
  // The machine's own minute after a slip was taken (its delayed event; the timer is tested in tests/unit/slip-upload.test.ts).
  'wait.over': ({ context }) => (context.waiting ? [{ type: 'wait.over' }] : []),
  // Forward, past the end (clamped), and backwards (ignored).
  'upload.progress': ({ context }) =>
    context.progress === 0
      ? [{ type: 'upload.progress', fraction: 0.4 }]
      : context.progress < 1
        ? [
            { type: 'upload.progress', fraction: 1.5 },
            { type: 'upload.progress', fraction: 0.1 },
          ]
        : [],
} satisfies EventFixtures<SlipUpload>;

const replies = {
  upload: [
    { ok: true, data: { message: 'SUCCESS', slip: RECEIVED_SLIP } },
    { ok: true, data: { message: 'SUCCESS', slip: CREDITED_SLIP } },
    { ok: false, message: 'SLIP_REFNO_DUPLICATED' },
    { ok: false, message: 'REQUEST_LIMIT_1MIN' },
  ] satisfies UploadAnswer[],
};

export const slipUploadModels: FlowModel<SlipUpload>[] = [
  {
    name: 'slip upload',
    machine: slipUploadMachine,
    input: undefined,
    events: offerAll(events),
    replies,
    // The file picked, the progress as the bar shows it, the error shown, the slip received.
    abstraction: ({ context }) => ({
      file: context.file === null ? null : context.file.name,
      progress: context.progress === 0 ? null : context.progress >= 1 ? 'complete' : 'part',
      error: context.error,
      slip: context.slip !== null,
      'waiting a minute': context.waiting,
    }),
  },
];
