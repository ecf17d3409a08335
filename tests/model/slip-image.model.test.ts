import type { SlipImageContext } from '../../machines/slip-image/slip-image.types.ts';
import { NETWORK_ERROR, type Result } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';
import { slipImageModels } from './slip-image.model.ts';

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as SlipImageContext;
  const context = after.context as SlipImageContext;

  switch (event.type) {
    case 'xstate.init':
      expect([now, context, actions, calls]).toEqual(['idle', { reference: null }, [], []]);
      break;
    case 'image.open': {
      // The window opens in the tap; one opened for an earlier tap still waiting closes first.
      const windows = was === 'asking' ? [{ type: 'closeWindow' }, { type: 'openWindow' }] : [{ type: 'openWindow' }];
      expect([now, context, actions]).toEqual(['asking', { reference: event.reference }, windows]);
      expect(calls).toEqual([{ actor: 'askAddress', input: { reference: event.reference } }]);
      break;
    }
    case 'xstate.done.actor.askAddress': {
      const answer = event.output as Result<{ url: string }>;
      expect([now, context, calls]).toEqual(['idle', previous, []]);
      expect(actions).toEqual(
        answer.ok
          ? [{ type: 'showImage', params: { url: answer.data.url } }]
          : [{ type: 'showFailure', params: { message: answer.message } }, { type: 'closeWindow' }],
      );
      break;
    }
    case 'xstate.error.actor.askAddress':
      expect([now, context, calls]).toEqual(['idle', previous, []]);
      expect(actions).toEqual([{ type: 'showFailure', params: { message: NETWORK_ERROR } }, { type: 'closeWindow' }]);
      break;
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
}

describeModels('slip-image', slipImageModels, {
  tags: {
    idle: [],
    asking: ['asking'],
  },
  check,
});
