import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { PASSWORD_MIN_LENGTH } from '../../src/contract/rules/members.ts';
import { changePasswordModels } from './change-password.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('change-password', changePasswordModels, {
  tags: {
    editing: ['editing'],
    submitting: ['submitting'],
    succeeded: ['succeeded'],
    failed: ['failed'],
    closed: ['closed'],
  },
  check({ event, before, after, actions, calls }) {
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'field.change':
        if (was('editing')) expect(after.context).toMatchObject({ [event.field]: event.value, error: null });
        else unchanged();
        break;
      case 'password.submit': {
        if (!was('editing')) {
          unchanged();
          break;
        }
        const { oldPassword, newPassword, confirmPassword } = before!.context;
        if (!oldPassword || !newPassword || !confirmPassword) unchanged(); // spec 5: silent
        else if (newPassword !== confirmPassword) expect(after.context.error).toBe('password-not-equal');
        else if (newPassword.length < PASSWORD_MIN_LENGTH) expect(after.context.error).toBe('PASSWORD_TOO_SHORT');
        else expect(calls).toEqual([{ actor: 'changePassword', input: { oldPassword, newPassword } }]);
        if (calls.length === 0) expect(after.matches('editing')).toBe(true);
        break;
      }
      case 'password.cancel':
        if (was('editing')) expect(after.status).toBe('done');
        else unchanged(); // no closing while the server is asked or a result shows
        break;
      case 'result.dismiss':
        if (was('failed')) {
          expect(after.context).toEqual({ ...before!.context, oldPassword: '', error: null });
        }
        if (!was('failed') && !was('succeeded')) unchanged();
        break;
      case 'xstate.done.actor.changePassword':
        expect(after.context.error).toBe(event.output.ok ? null : event.output.message);
        break;
      case 'xstate.error.actor.changePassword':
        expect(after.context.error).toBe(NETWORK_ERROR);
        break;
    }
    const closing = (event.type === 'password.cancel' && was('editing')) || (event.type === 'result.dismiss' && was('succeeded'));
    expect(actions).toEqual(closing ? [{ type: 'closeModal' }] : []);
    if (event.type !== 'password.submit') expect(calls).toEqual([]);
  },
});
