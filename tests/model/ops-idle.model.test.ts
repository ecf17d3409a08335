import { OPS_IDLE_TIMEOUT_MS, OPS_IDLE_WARNING_MS } from '../../machines/ops-idle/ops-idle.machine.ts';
import { opsIdleModels } from './ops-idle.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('ops-idle', opsIdleModels, {
  tags: {
    active: ['active'],
    warning: ['warning'],
    timedOut: ['timedOut'],
  },
  check({ event, before, after, actions }) {
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
          // 28 minutes of nothing warn; 2 more log out, once.
          expect(after.value).toBe(before!.value === 'active' ? 'warning' : 'timedOut');
        }
    }
    expect(actions).toEqual(after.value === 'timedOut' && before?.value === 'warning' ? [{ type: 'timedOut', params: undefined }] : []);
    expect(OPS_IDLE_TIMEOUT_MS - OPS_IDLE_WARNING_MS).toBe(28 * 60_000);
  },
});
