import { opsIdleModels } from './ops-idle.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('ops-idle', opsIdleModels, {
  tags: {
    active: ['active'],
    warning: ['warning'],
    timedOut: ['timedOut'],
  },
  check({ event, before, after, actions, waited }) {
    switch (event.type) {
      case 'xstate.init':
        expect(after.value).toBe('active');
        break;
      case 'activity':
        // Any activity starts the 30 minutes again, warned or not.
        expect(after.value).toBe('active');
        break;
      case 'stay':
        // "Stay" exists only on the warning; elsewhere it changes nothing.
        expect(after.value).toBe(before!.value === 'warning' ? 'active' : before!.value);
        break;
      default:
        if (event.type.startsWith('xstate.after')) {
          // 28 minutes of nothing warn; 2 more log out, once: on the simulated clock, not a millisecond early or late.
          const warned = before!.value === 'active';
          expect(after.value).toBe(warned ? 'warning' : 'timedOut');
          expect(waited).toBe(warned ? 28 * 60_000 : 2 * 60_000);
        }
    }
    expect(actions).toEqual(after.value === 'timedOut' && before?.value === 'warning' ? [{ type: 'timedOut', params: undefined }] : []);
  },
});
