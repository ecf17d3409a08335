import { appUpdateModels } from './app-update.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('app-update', appUpdateModels, {
  tags: {
    upToDate: ['upToDate'],
    updateReady: ['prompt'],
    postponed: ['postponed'],
    reloading: ['reloading'],
  },
  check({ event, before, after, actions }) {
    switch (event.type) {
      case 'xstate.init':
        expect(after.value).toBe('upToDate');
        break;
      case 'update.ready':
        // A waiting version is told, whether nothing was shown or the member had said "later".
        expect(after.value).toBe(before!.value === 'upToDate' || before!.value === 'postponed' ? 'updateReady' : before!.value);
        break;
      case 'update.reload':
        // Only the member's tap on the prompt reloads.
        expect(after.value).toBe(before!.value === 'updateReady' ? 'reloading' : before!.value);
        break;
      case 'update.later':
        expect(after.value).toBe(before!.value === 'updateReady' ? 'postponed' : before!.value);
        break;
    }
    // The app moves to the new version once, and only from the prompt's Reload.
    const reloaded = event.type === 'update.reload' && before?.value === 'updateReady';
    expect(actions).toEqual(reloaded ? [{ type: 'applyUpdate', params: undefined }] : []);
  },
});
