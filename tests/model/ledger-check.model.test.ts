import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { ledgerCheckModels } from './ledger-check.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('ledger-check', ledgerCheckModels, {
  tags: {
    idle: ['idle'],
    running: ['running'],
    result: ['result'],
    failed: ['failed'],
  },
  check({ event, before, after, actions, calls }) {
    switch (event.type) {
      case 'xstate.init':
        expect([after.value, after.context]).toEqual(['idle', { result: null, error: null }]);
        break;
      case 'check.run':
        if (before!.matches('running')) {
          // One run at a time.
          expect(calls).toEqual([]);
          expect([after.value, after.context]).toEqual([before!.value, before!.context]);
        } else {
          expect(after.value).toBe('running');
          expect(calls).toEqual([{ actor: 'runCheck', input: undefined }]);
        }
        break;
      case 'xstate.done.actor.runCheck':
        if (event.output.ok) {
          expect([after.value, after.context]).toEqual(['result', { result: event.output.data.ledgerCheck, error: null }]);
          expect(actions).toEqual([{ type: 'checked', params: undefined }]);
        } else {
          // The last result stays beside the failure.
          expect([after.value, after.context]).toEqual(['failed', { result: before!.context.result, error: event.output.message }]);
        }
        break;
      case 'xstate.error.actor.runCheck':
        expect([after.value, after.context.error]).toEqual(['failed', NETWORK_ERROR]);
        break;
    }
    if (!(event.type === 'xstate.done.actor.runCheck' && event.output.ok)) expect(actions).toEqual([]);
  },
});
