import type { QrImageContext } from '../../machines/qr-image/qr-image.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { PICTURE, qrImageModels } from './qr-image.model.ts';

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as QrImageContext;
  const context = after.context as QrImageContext;
  let expectedCalls: unknown[] = [];
  // The machine calls nothing the view provides besides drawing and saving.
  expect(actions).toEqual([]);

  switch (event.type) {
    case 'xstate.init':
      // The picture is drawn at once, with nothing asked of the member (no request: it comes from the payload).
      expect([now, context]).toEqual(['drawing', { image: null, outcome: null, failed: false }]);
      expectedCalls = [{ actor: 'drawImage', input: undefined }];
      break;
    case 'image.save':
      if (was !== 'ready') {
        // Nothing to save yet, or a save on its way (a double tap): nothing happens.
        expect([now, context]).toEqual([was, previous]);
        break;
      }
      // The last outcome goes while the new save runs; the same picture is saved again.
      expect([now, context]).toEqual(['saving', { image: PICTURE, outcome: null, failed: false }]);
      expectedCalls = [{ actor: 'saveImage', input: { image: PICTURE } }];
      break;
    default: {
      const failed = event.type.startsWith('xstate.error.');
      const output = (event as { output?: unknown }).output;
      if (was === 'drawing') {
        if (failed) expect([now, context]).toEqual(['unavailable', previous]);
        else expect([now, context.image]).toEqual(['ready', PICTURE]);
      } else {
        expect(was).toBe('saving');
        expect([now, context]).toEqual(['ready', { image: PICTURE, outcome: failed ? null : output, failed }]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
}

describeModels('qr-image', qrImageModels, {
  tags: {
    drawing: ['drawing'],
    ready: ['ready'],
    saving: ['busy', 'ready'],
    unavailable: ['unavailable'],
  },
  check,
});
