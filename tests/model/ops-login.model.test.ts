import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { opsLoginModels } from './ops-login.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('ops-login', opsLoginModels, {
  tags: {
    editing: ['editing'],
    submitting: ['submitting'],
    done: ['done'],
  },
  check({ event, before, after, actions, calls }) {
    const editing = before?.matches('editing') ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ username: '', password: '', otpCode: '', error: null });
        break;
      case 'field.change': {
        if (!editing) {
          unchanged(); // no typing while the server is asked
          break;
        }
        // Typing clears the error line; the code keeps its digits only.
        const value = event.field === 'otpCode' ? event.value.replace(/[^0-9]/g, '') : event.value;
        expect(after.context).toEqual({ ...before!.context, [event.field]: value, error: null });
        break;
      }
      case 'login.submit': {
        const { username, password, otpCode } = before!.context;
        // Nothing is submitted while the phone or the password is empty; the code may be.
        if (editing && username.trim() !== '' && password !== '') {
          expect(calls).toEqual([{ actor: 'submitLogin', input: { username: username.trim(), password, otpCode } }]);
          expect(after.context.error).toBeNull();
        } else {
          expect(calls).toEqual([]);
          unchanged();
        }
        break;
      }
      case 'xstate.done.actor.submitLogin':
        if (event.output.ok) {
          expect(after.status).toBe('done');
          expect(actions).toEqual([{ type: 'signedIn', params: { token: event.output.data.token } }]);
        } else {
          expect([after.value, after.context.error]).toEqual(['editing', event.output.message]);
        }
        break;
      case 'xstate.error.actor.submitLogin':
        expect([after.value, after.context.error]).toEqual(['editing', NETWORK_ERROR]);
        break;
    }
    if (!event.type.startsWith('xstate.done')) expect(actions).toEqual([]);
  },
});
