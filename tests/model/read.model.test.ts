import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { checkLoaderDelayEnded } from './support/loader-delay.ts';
import { readModels } from './read.model.ts';

describeModels('read', readModels, {
  tags: {
    waiting: [],
    'loading.quiet': ['loading'],
    'loading.slow': ['loading', 'skeleton'],
    shown: [],
    failed: ['failed'],
  },
  check(step) {
    const { event, before, after, actions, calls } = step;
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);
    const read = [{ actor: 'read', input: undefined }];
    const delayed = after.context.startDelay > 0;
    /** A read starts now, or waits for the start delay. */
    const readStarts = () => {
      if (delayed) {
        expect(after.matches('waiting')).toBe(true);
        expect(calls).toEqual([]);
      } else {
        expect(after.matches({ loading: 'quiet' })).toBe(true);
        expect(calls).toEqual(read);
      }
    };
    const failedWith = (message: string) => {
      // spec 7: only logged, what is shown stays; with nothing to show the view offers a retry.
      expect(after.context).toEqual({ ...before!.context, failure: message });
      expect(after.matches(before!.context.data === null ? 'failed' : 'shown')).toBe(true);
      expect(actions).toEqual([{ type: 'logFailure', params: { message } }]);
    };

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ data: null, failure: null, startDelay: after.context.startDelay });
        readStarts();
        break;
      case 'read.retry':
        if (was('failed')) readStarts();
        else unchanged(); // nothing failed, or a read is waiting or in flight: nothing happens twice
        break;
      case 'read.reload':
        if (was('waiting') || was('loading')) unchanged();
        else {
          readStarts();
          expect(after.context).toEqual(before!.context); // what is shown stays until the answer
        }
        break;
      case 'xstate.done.actor.read':
        if (event.output.ok) {
          expect(after.matches('shown')).toBe(true);
          expect(after.context).toEqual({ ...before!.context, data: event.output.data, failure: null });
        } else failedWith(event.output.message);
        break;
      case 'xstate.error.actor.read':
        failedWith(NETWORK_ERROR);
        break;
      default:
        if (/^xstate\.after\.startDelay\./.test(event.type)) {
          // spec 9: the read starts after the start delay, not a millisecond sooner.
          expect(step.waited).toBe(after.context.startDelay);
          expect(after.matches({ loading: 'quiet' })).toBe(true);
          expect(calls).toEqual(read);
        } else checkLoaderDelayEnded(step);
    }
    const failedAnswer = event.type === 'xstate.error.actor.read' || (event.type === 'xstate.done.actor.read' && !event.output.ok);
    if (!failedAnswer) expect(actions).toEqual([]);
  },
});
