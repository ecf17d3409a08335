import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { loginModels } from './login.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('login', loginModels, {
  tags: {
    editing: ['editing'],
    submitting: ['submitting'],
    done: ['done'],
  },
  check({ event, before, after, actions, calls }) {
    const editing = before?.matches('editing') ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'field.change':
        if (editing) expect(after.context).toMatchObject({ [event.field]: event.value, error: null });
        else unchanged(); // no typing while the server is asked
        break;
      case 'remember.set':
        if (editing) expect(after.context.remember).toBe(event.value);
        else unchanged();
        break;
      case 'login.submit': {
        const { username, password } = before!.context;
        // spec 5: nothing is submitted while a field is empty (a blank phone number counts as empty).
        if (editing && username.trim() !== '' && password !== '') {
          expect(calls).toEqual([{ actor: 'submitLogin', input: { username: username.trim(), password } }]);
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
          expect(actions).toEqual([
            { type: 'signedIn', params: { token: event.output.data.token, remember: before!.context.remember } },
          ]);
        } else {
          expect(after.context.error).toBe(event.output.message);
        }
        break;
      case 'xstate.error.actor.submitLogin':
        expect(after.context.error).toBe(NETWORK_ERROR);
        break;
    }
    if (!event.type.startsWith('xstate.done')) expect(actions).toEqual([]);
  },
});
