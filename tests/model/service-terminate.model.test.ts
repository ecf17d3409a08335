import type { ServiceTerminateContext } from '../../machines/service-terminate/service-terminate.types.ts';
import { NETWORK_ERROR, type Result } from '../../machines/shared/result.ts';
import { serviceTerminateModels } from './service-terminate.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const previous = before?.context as ServiceTerminateContext;
  const context = after.context as ServiceTerminateContext;
  const unchanged = () => expect([stateKey(after), context, calls, actions]).toEqual([was, previous, [], []]);

  switch (event.type) {
    case 'xstate.init':
      expect([after.value, context]).toEqual(['loading', { status: null, failure: null }]);
      expect(calls).toEqual([{ actor: 'readService', input: undefined }]);
      return expect(actions).toEqual([]);
    case 'service.retry':
      if (!before!.matches('failed')) return unchanged();
      expect(after.value).toBe('loading');
      expect(calls).toEqual([{ actor: 'readService', input: undefined }]);
      return expect(actions).toEqual([]);
    case 'service.ask':
      if (!before!.matches('shown')) return unchanged();
      expect([after.value, context]).toEqual(['confirming', { ...previous, failure: null }]);
      break;
    case 'service.cancel':
      if (!before!.matches('confirming')) return unchanged();
      expect([after.value, context]).toEqual(['shown', previous]);
      break;
    case 'service.confirm':
      if (!before!.matches('confirming')) return unchanged();
      expect(after.value).toBe('saving');
      // Terminating when active, resuming when terminated.
      expect(calls).toEqual([{ actor: 'changeService', input: { status: previous.status === 'terminated' ? 'active' : 'terminated' } }]);
      return expect(actions).toEqual([]);
    default: {
      const answer = (event as { output?: Result<{ status: string }> }).output;
      const reading = before!.matches('loading');
      if (answer?.ok) {
        expect([after.value, context]).toEqual(['shown', { status: answer.data.status, failure: null }]);
        return expect(actions).toEqual(reading ? [] : [{ type: 'changed' }]);
      }
      const failure = answer ? answer.message : NETWORK_ERROR;
      expect([after.value, context]).toEqual([reading ? 'failed' : 'confirming', { ...previous, failure }]);
    }
  }
  expect(calls).toEqual([]);
  expect(actions).toEqual([]);
}

describeModels('service-terminate', serviceTerminateModels, {
  tags: { loading: ['loading'], failed: ['failed'], shown: ['shown'], confirming: ['confirming'], saving: ['saving'] },
  check,
});
