import type { MemberStandingContext } from '../../machines/member-standing/member-standing.types.ts';
import { NETWORK_ERROR, type Result } from '../../machines/shared/result.ts';
import { memberStandingModels } from './member-standing.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const previous = before?.context as MemberStandingContext;
  const context = after.context as MemberStandingContext;
  const unchanged = () => expect([stateKey(after), context, calls, actions]).toEqual([was, previous, [], []]);

  switch (event.type) {
    case 'xstate.init':
      expect([after.value, context]).toEqual(['idle', { status: 'active', change: null, failure: null }]);
      return;
    case 'standing.choose':
      // Only from idle, and the standing the member has already is no change; sessions may always end.
      if (!before!.matches('idle') || (event.change !== 'sessionsEnded' && event.change === previous.status)) return unchanged();
      expect([after.value, context]).toEqual(['confirming', { ...previous, change: event.change, failure: null }]);
      break;
    case 'standing.cancel':
      if (!before!.matches('confirming')) return unchanged();
      expect([after.value, context]).toEqual(['idle', { ...previous, change: null, failure: null }]);
      break;
    case 'standing.confirm':
      if (!before!.matches('confirming')) return unchanged();
      expect(after.value).toBe('applying');
      expect(calls).toEqual([{ actor: 'applyChange', input: { change: previous.change } }]);
      expect(context.failure).toBeNull();
      return expect(actions).toEqual([]);
    default: {
      const answer = (event as { output?: Result<unknown> }).output;
      if (answer?.ok) {
        // Done: the standing follows a status change; ending sessions leaves it. The view reads the page again.
        const status = previous.change === 'sessionsEnded' ? previous.status : previous.change;
        expect([after.value, context]).toEqual(['idle', { status, change: null, failure: null }]);
        return expect(actions).toEqual([{ type: 'changed', params: { change: previous.change } }]);
      }
      // Refused or unanswered: the confirmation stays with the reason.
      expect([after.value, context]).toEqual(['confirming', { ...previous, failure: answer ? answer.message : NETWORK_ERROR }]);
    }
  }
  expect(calls).toEqual([]);
  expect(actions).toEqual([]);
}

describeModels('member-standing', memberStandingModels, {
  tags: { idle: ['idle'], confirming: ['confirming'], applying: ['applying'] },
  check,
});
