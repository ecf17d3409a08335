import { expect } from 'vitest';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { checkLoaderDelayEnded } from './support/loader-delay.ts';
import { readModels } from './read.model.ts';

describeModels(readModels, {
  tags: {
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

    switch (event.type) {
      case 'xstate.init':
        expect(calls).toEqual(read);
        break;
      case 'read.retry':
        if (was('failed')) expect(calls).toEqual(read);
        else unchanged(); // nothing failed, or a read is in flight: nothing happens twice
        break;
      case 'read.reload':
        if (was('loading')) unchanged();
        else {
          expect(calls).toEqual(read);
          expect(after.context).toEqual(before!.context); // what is shown stays until the answer
        }
        break;
      case 'xstate.done.actor.read':
        if (event.output.ok) {
          expect(after.matches('shown')).toBe(true);
          expect(after.context.data).toEqual(event.output.data);
        } else {
          // spec 7: only logged; with nothing to show the page offers a retry.
          expect(after.context).toEqual(before!.context);
          expect(after.matches(before!.context.data === null ? 'failed' : 'shown')).toBe(true);
          expect(actions).toEqual([{ type: 'logFailure', params: { message: event.output.message } }]);
        }
        break;
      case 'xstate.error.actor.read':
        expect(after.context).toEqual(before!.context);
        expect(after.matches(before!.context.data === null ? 'failed' : 'shown')).toBe(true);
        expect(actions).toEqual([{ type: 'logFailure', params: { message: NETWORK_ERROR } }]);
        break;
      default:
        checkLoaderDelayEnded(step);
    }
    const failedAnswer = event.type === 'xstate.error.actor.read' || (event.type === 'xstate.done.actor.read' && !event.output.ok);
    if (!failedAnswer) expect(actions).toEqual([]);
  },
});
