import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
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
    offline: ['offline'],
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
      expect(after.context).toEqual({ ...before!.context, failure: message, attempts: 0 });
      expect(after.matches(before!.context.data === null ? 'failed' : 'shown')).toBe(true);
      expect(actions).toEqual([{ type: 'logFailure', params: { message } }]);
    };
    /** No answer: not a failure; the read waits with the backoff, what is shown and the last failure stay. */
    const waitsForNetwork = () => {
      expect(after.matches('offline')).toBe(true);
      expect(after.context).toEqual({ ...before!.context, attempts: nextAttempt(before!.context.attempts) });
      expect(calls).toEqual([]);
    };

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ data: null, failure: null, startDelay: after.context.startDelay, attempts: 0 });
        readStarts();
        break;
      case 'read.online':
        // The connection is back: a waiting read starts now; nothing else changes.
        if (was('offline')) readStarts();
        else unchanged();
        break;
      case 'read.retry':
        if (was('failed') || was('offline')) readStarts();
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
          expect(after.context).toEqual({ ...before!.context, data: event.output.data, failure: null, attempts: 0 });
        } else if (event.output.message === NETWORK_ERROR) waitsForNetwork();
        else failedWith(event.output.message);
        break;
      case 'xstate.error.actor.read':
        waitsForNetwork();
        break;
      default:
        if (/^xstate\.after\.startDelay\./.test(event.type)) {
          // spec 9: the read starts after the start delay, not a millisecond sooner.
          expect(step.waited).toBe(after.context.startDelay);
          expect(after.matches({ loading: 'quiet' })).toBe(true);
          expect(calls).toEqual(read);
        } else if (/^xstate\.after\.retryDelay\./.test(event.type)) {
          // The backoff: 1 s after the first unanswered read, doubling to 30 s; then the read again.
          expect(step.waited).toBe(retryDelay(before!.context.attempts));
          expect(after.context).toEqual(before!.context);
          readStarts();
        } else checkLoaderDelayEnded(step);
    }
    const failedAnswer = event.type === 'xstate.done.actor.read' && !event.output.ok && event.output.message !== NETWORK_ERROR;
    if (!failedAnswer) expect(actions).toEqual([]);
  },
});
