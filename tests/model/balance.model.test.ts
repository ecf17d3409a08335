import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { checkLoaderDelayEnded } from './support/loader-delay.ts';
import { balanceModels } from './balance.model.ts';

describeModels('balance', balanceModels, {
  tags: {
    'loading.quiet': ['busy'],
    'loading.slow': ['busy', 'skeleton'],
    idle: [],
    reloading: ['busy'],
    refreshingAll: ['busy', 'refreshingAll'],
  },
  check(step) {
    const { event, before, after, actions, calls } = step;
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'xstate.init':
        expect(calls).toEqual([{ actor: 'loadWallet', input: undefined }]);
        expect(after.context.wallet).toBeNull();
        break;
      case 'balance.reload':
        if (was('loading')) {
          unchanged(); // no modal can be open before the first wallet: nothing saved meanwhile
          expect(calls).toEqual([]);
        } else {
          // A save restarts a read in flight and drops a refresh-all: the answer is never older than the save.
          expect(after.matches('reloading')).toBe(true);
          expect(calls).toEqual([{ actor: 'loadWallet', input: undefined }]);
          expect(after.context).toEqual(before!.context); // what is shown stays until the answer
        }
        break;
      case 'balance.refreshAll':
        if (was('idle')) {
          expect(after.matches('refreshingAll')).toBe(true);
          expect(calls).toEqual([{ actor: 'refreshAll', input: undefined }]);
        } else {
          unchanged(); // busy: nothing happens twice
          expect(calls).toEqual([]);
        }
        break;
      case 'xstate.done.actor.loadWallet':
      case 'xstate.done.actor.refreshAll':
        expect(after.matches('idle')).toBe(true);
        if (event.output.ok) {
          expect(after.context.wallet).toEqual(event.output.data);
          expect(actions).toEqual([]);
        } else {
          // spec 7: only logged; what is shown stays.
          expect(after.context).toEqual(before!.context);
          expect(actions).toEqual([{ type: 'logFailure', params: { message: event.output.message } }]);
        }
        break;
      case 'xstate.error.actor.loadWallet':
      case 'xstate.error.actor.refreshAll':
        expect(after.matches('idle')).toBe(true);
        expect(after.context).toEqual(before!.context);
        expect(actions).toEqual([{ type: 'logFailure', params: { message: NETWORK_ERROR } }]);
        break;
      default:
        checkLoaderDelayEnded(step);
        expect(calls).toEqual([]);
    }
    if (!/^xstate\.(done|error)/.test(event.type)) expect(actions).toEqual([]);
  },
});
