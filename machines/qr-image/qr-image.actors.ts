/**
 * The QR picture's two steps as actors: drawing it (on a canvas, from the
 * payload: no request) and saving it (the share sheet or a download). The
 * view passes the device's drawing and saving functions.
 */
import { fromPromise } from 'xstate';
import type { SaveOutcome } from './qr-image.types.ts';

export function qrImageActors(device: { draw: () => Promise<File>; save: (image: File) => Promise<SaveOutcome> }) {
  return {
    drawImage: fromPromise<File, void>(() => device.draw()),
    saveImage: fromPromise<SaveOutcome, { image: File }>(({ input }) => device.save(input.image)),
  };
}
