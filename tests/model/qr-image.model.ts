/**
 * Saving an open QR as a picture as a test model: the picture is drawn or
 * cannot be; the member saves it, perhaps again; each save is shared,
 * downloaded, dismissed (the share sheet closed) or fails.
 */
import { qrImageMachine } from '../../machines/qr-image/qr-image.machine.ts';
import type { SaveOutcome } from '../../machines/qr-image/qr-image.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type QrImage = typeof qrImageMachine;

/** A picture that names itself in model states and test titles (a File serializes as {}). */
export const PICTURE = Object.assign(new File([new Uint8Array(64)], 'thai-qr-100.00-THB-20261124-1432.png', { type: 'image/png' }), {
  toJSON: () => 'thai-qr-100.00-THB-20261124-1432.png',
});

const events = {
  'image.save': () => [{ type: 'image.save' }],
} satisfies EventFixtures<QrImage>;

export const SAVE_OUTCOMES: SaveOutcome[] = ['shared', 'downloaded', 'dismissed'];

export const qrImageModels: FlowModel<QrImage>[] = [
  {
    name: 'QR picture',
    machine: qrImageMachine,
    input: undefined,
    events: offerAll(events),
    abstraction: ({ context }) => ({ picture: context.image !== null, outcome: context.outcome, failed: context.failed }),
    replies: { drawImage: [PICTURE], saveImage: SAVE_OUTCOMES },
  },
];
