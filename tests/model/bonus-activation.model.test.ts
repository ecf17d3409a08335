import type { BonusActivated, BonusActivationContext, BonusActivationInput } from '../../machines/bonus-activation/bonus-activation.types.ts';
import { ACTIVATION_CODE, bonusActivationModels } from './bonus-activation.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls, emitted }: ReplayedStep, flow: FlowModel) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as BonusActivationContext;
  const context = after.context as BonusActivationContext;
  const unchanged = () => expect([now, context, calls, emitted]).toEqual([was, previous, [], []]);
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['viewing', { ...(flow.input as BonusActivationInput), amount: null, error: null }]);
      expect(context.code).toBe(ACTIVATION_CODE);
      break;
    case 'bonus.receive':
      // The active bonus's modal only confirms; nothing is sent while a receipt is on its way.
      if (was !== 'viewing' || previous.active) return unchanged();
      expect([now, context.error]).toEqual(['receiving', null]);
      expectedCalls = [{ actor: 'activate', input: { code: ACTIVATION_CODE } }];
      break;
    case 'bonus.confirm':
      if (was !== 'viewing' || !previous.active) return unchanged();
      expect([after.status, after.output]).toEqual(['done', { received: false }]);
      break;
    case 'bonus.close':
      // Not while receiving (the money may be on its way), nor under the alert.
      if (was !== 'viewing') return unchanged();
      expect([after.status, after.output]).toEqual(['done', { received: false }]);
      break;
    case 'result.dismiss':
      if (was === 'received') expect([after.status, after.output]).toEqual(['done', { received: true }]);
      // Refused: back to the modal, the error stays until the next try.
      else if (was === 'refused') expect([now, context]).toEqual(['viewing', previous]);
      else return unchanged();
      break;
    default: {
      const answer = (event as { output?: BonusActivated }).output;
      if (event.type.startsWith('xstate.error.')) {
        expect([now, context.error, context.amount]).toEqual(['refused', 'NETWORK_ERROR', null]);
      } else if (answer?.ok) {
        expect([now, context.amount, context.error]).toEqual(['received', answer.data.amount, null]);
        // spec 4: the page reads the active bonus and the list again.
        expectedEmitted = [{ type: 'bonus.changed' }];
      } else {
        expect([now, context.error, context.amount]).toEqual(['refused', answer!.message, null]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
  expect(actions).toEqual([]);
}

describeModels('bonus-activation', bonusActivationModels, {
  tags: {
    viewing: ['viewing'],
    receiving: ['busy', 'viewing'],
    received: ['received'],
    refused: ['refused', 'viewing'],
    closed: [],
  },
  check,
});
