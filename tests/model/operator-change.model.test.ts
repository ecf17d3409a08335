import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { operatorChangeModels } from './operator-change.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('operator-change', operatorChangeModels, {
  tags: {
    confirming: ['confirming'],
    sending: ['busy'],
    enrolled: ['enrolled'],
    done: ['done'],
  },
  check({ event, before, after, actions, calls }, flow) {
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);
    const was = (state: string) => before?.matches(state) ?? false;
    const input = flow.input as { phone: string; name: string; change: string };

    switch (event.type) {
      case 'xstate.init':
        expect([after.value, after.context]).toEqual(['confirming', { ...input, error: null, enrolled: null }]);
        break;
      case 'change.confirm':
        if (was('confirming')) {
          expect(after.value).toBe('sending');
          expect(calls).toEqual([{ actor: 'sendChange', input: { phone: input.phone, change: input.change } }]);
        } else {
          expect(calls).toEqual([]);
          unchanged(); // sent once, and not again after it was done
        }
        break;
      case 'enrolment.done':
        if (was('enrolled')) expect([after.value, after.context.enrolled]).toEqual(['done', null]);
        else unchanged();
        break;
      case 'xstate.done.actor.sendChange':
        if (!event.output.ok) {
          expect([after.value, after.context.error]).toEqual(['confirming', event.output.message]);
        } else if (event.output.data.enrolment) {
          // A reset: the new sign-in details are shown, this once.
          expect([after.value, after.context.enrolled, after.context.error]).toEqual(['enrolled', event.output.data, null]);
        } else {
          expect([after.value, after.context.enrolled]).toEqual(['done', null]);
        }
        expect(actions).toEqual(event.output.ok ? [{ type: 'changed', params: undefined }] : []);
        break;
      case 'xstate.error.actor.sendChange':
        expect([after.value, after.context.error]).toEqual(['confirming', NETWORK_ERROR]);
        break;
    }
    if (event.type !== 'xstate.done.actor.sendChange') expect(actions).toEqual([]);
  },
});
