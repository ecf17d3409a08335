import type { BonusCancelContext, BonusCleared } from '../../machines/bonus-cancel/bonus-cancel.types.ts';
import { bonusCancelModels } from './bonus-cancel.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

const nothing: BonusCancelContext = { amount: null, error: null };

function check({ event, before, after, actions, calls, emitted }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as BonusCancelContext;
  const context = after.context as BonusCancelContext;
  const unchanged = () => expect([now, context, calls, emitted]).toEqual([was, previous, [], []]);
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['idle', nothing]);
      break;
    case 'cancel.ask':
      if (was !== 'idle') return unchanged();
      expect([now, context]).toEqual(['confirming', nothing]);
      break;
    case 'cancel.back':
      // Not once the clear is on its way.
      if (was !== 'confirming') return unchanged();
      expect([now, context]).toEqual(['idle', nothing]);
      break;
    case 'cancel.confirm':
      if (was !== 'confirming') return unchanged();
      expect(now).toBe('clearing');
      expectedCalls = [{ actor: 'clear', input: undefined }];
      break;
    case 'result.dismiss':
      if (was !== 'cleared' && was !== 'failed') return unchanged();
      expect([now, context]).toEqual(['idle', nothing]);
      // spec 4: after a clear the page and the list are read again, once the member read what went back.
      if (was === 'cleared') expectedEmitted = [{ type: 'bonus.changed' }];
      break;
    default: {
      const answer = (event as { output?: BonusCleared }).output;
      if (event.type.startsWith('xstate.error.')) {
        expect([now, context]).toEqual(['failed', { amount: null, error: 'NETWORK_ERROR' }]);
      } else if (answer?.ok) {
        // BONUS_CLEAR with what went back, in the alert.
        expect([now, context]).toEqual(['cleared', { amount: answer.data.amount, error: null }]);
      } else {
        expect([now, context]).toEqual(['failed', { amount: null, error: answer!.message }]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
  expect(actions).toEqual([]);
}

describeModels('bonus-cancel', bonusCancelModels, {
  tags: {
    idle: [],
    confirming: ['confirming'],
    clearing: ['busy', 'confirming'],
    cleared: ['cleared'],
    failed: ['failed'],
  },
  check,
});
