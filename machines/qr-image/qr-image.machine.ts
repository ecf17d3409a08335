import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import type { QrImageContext, QrImageEvent, QrImageTag, SaveOutcome } from './qr-image.types.ts';

export const qrImageMachine = setup({
  types: {
    context: {} as QrImageContext,
    events: {} as QrImageEvent,
    tags: {} as QrImageTag,
  },
  actors: {
    drawImage: notProvided<File>('drawImage'),
    saveImage: notProvided<SaveOutcome, { image: File }>('saveImage'),
  },
  actions: {
    keepImage: assign((_, image: File) => ({ image })),
    startSave: assign({ outcome: null, failed: false }),
    showOutcome: assign((_, outcome: SaveOutcome) => ({ outcome })),
    showFailure: assign({ failed: true }),
  },
}).createMachine({
  id: 'qrImage',
  description:
    'The open QR as a picture to save (docs/decisions/0087-saving-the-qr-picture.md): drawn in the browser from the payload as soon as the QR shows, so a tap shares it at once (the share sheet needs the tap\'s permission); then shared or downloaded, as often as the member asks.',
  context: { image: null, outcome: null, failed: false },
  initial: 'drawing',
  states: {
    drawing: {
      tags: 'drawing',
      invoke: {
        id: 'drawImage',
        src: 'drawImage',
        onDone: { target: 'ready', actions: { type: 'keepImage', params: actorOutput } },
        onError: 'unavailable',
      },
    },
    ready: {
      tags: 'ready',
      on: { 'image.save': { target: 'saving', actions: 'startSave' } },
    },
    saving: {
      tags: ['ready', 'busy'],
      description: 'The share sheet or the download; the button is disabled, so a double tap saves once.',
      invoke: {
        id: 'saveImage',
        src: 'saveImage',
        input: ({ context }) => ({ image: context.image! }),
        onDone: { target: 'ready', actions: { type: 'showOutcome', params: actorOutput } },
        onError: { target: 'ready', actions: 'showFailure' },
      },
    },
    unavailable: {
      tags: 'unavailable',
      description: 'This browser could not draw the picture: the QR on screen is all there is.',
    },
  },
});
