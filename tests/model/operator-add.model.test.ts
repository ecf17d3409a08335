import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { operatorAddModels } from './operator-add.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('operator-add', operatorAddModels, {
  tags: {
    editing: ['editing'],
    confirming: ['confirming'],
    adding: ['busy'],
    enrolled: ['enrolled'],
    done: [],
  },
  check({ event, before, after, actions, calls }) {
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);
    const was = (state: string) => before?.matches(state) ?? false;

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ phone: '', role: '', name: '', error: null, enrolled: null });
        break;
      case 'field.change':
        if (was('editing')) expect(after.context).toEqual({ ...before!.context, [event.field]: event.value, error: null });
        else unchanged(); // nothing changes once the admin is asked to confirm
        break;
      case 'add.submit': {
        const { phone, role, name } = before!.context;
        const filled = phone.trim() !== '' && role !== '' && name.trim() !== '';
        if (was('editing') && filled) expect([after.value, after.context]).toEqual(['confirming', { ...before!.context, error: null }]);
        else unchanged();
        break;
      }
      case 'add.confirm':
        if (was('confirming')) {
          const { phone, role, name } = before!.context;
          expect(after.value).toBe('adding');
          // Sent trimmed, once.
          expect(calls).toEqual([{ actor: 'addOperator', input: { phone: phone.trim(), role, name: name.trim() } }]);
        } else {
          expect(calls).toEqual([]);
          unchanged();
        }
        break;
      case 'add.back':
        if (was('confirming')) expect([after.value, after.context]).toEqual(['editing', before!.context]);
        else unchanged();
        break;
      case 'enrolment.done':
        if (was('enrolled')) {
          // The password and secret are gone with the dialog.
          expect([after.status, after.context.enrolled]).toEqual(['done', null]);
        } else unchanged();
        break;
      case 'xstate.done.actor.addOperator':
        if (event.output.ok) {
          expect([after.value, after.context.enrolled]).toEqual(['enrolled', event.output.data]);
          expect(actions).toEqual([{ type: 'added', params: undefined }]);
        } else {
          expect([after.value, after.context.error, after.context.enrolled]).toEqual(['editing', event.output.message, null]);
        }
        break;
      case 'xstate.error.actor.addOperator':
        expect([after.value, after.context.error]).toEqual(['editing', NETWORK_ERROR]);
        break;
    }
    if (event.type !== 'xstate.done.actor.addOperator') expect(actions.filter((action) => action.type === 'added')).toEqual([]);
  },
});
