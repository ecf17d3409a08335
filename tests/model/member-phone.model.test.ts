import type { MemberPhoneContext } from '../../machines/member-phone/member-phone.types.ts';
import { NETWORK_ERROR, type Result } from '../../machines/shared/result.ts';
import { CURRENT_PHONE, memberPhoneModels } from './member-phone.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const previous = before?.context as MemberPhoneContext;
  const context = after.context as MemberPhoneContext;
  const unchanged = () => expect([stateKey(after), context, calls, actions]).toEqual([was, previous, [], []]);
  const phone = previous?.phone.trim();

  switch (event.type) {
    case 'xstate.init':
      expect([after.value, context]).toEqual(['closed', { variant: 'th', current: CURRENT_PHONE, phone: '', reason: '', failure: null }]);
      break;
    case 'phone.open':
      if (!before!.matches('closed')) return unchanged();
      expect([after.value, context]).toEqual(['editing', { ...previous, phone: '', reason: '', failure: null }]);
      break;
    case 'field.change':
      // Typing only in the form: not on the confirmation, not while saving.
      if (!before!.matches('editing')) return unchanged();
      expect([after.value, context]).toEqual(['editing', { ...previous, [event.field]: event.value, failure: null }]);
      break;
    case 'phone.submit':
      // Nothing happens while either field is empty.
      if (!before!.matches('editing') || phone === '' || previous.reason.trim() === '') return unchanged();
      if (!/^\d{10}$/.test(phone)) expect([after.value, context.failure]).toEqual(['editing', 'PHONE_NUMBER_REQUIRE_10_DIGIT']);
      else if (phone === CURRENT_PHONE) expect([after.value, context.failure]).toEqual(['editing', 'MEMBER_PHONE_TAKEN']);
      else expect([after.value, context]).toEqual(['confirming', previous]);
      break;
    case 'phone.back':
      if (!before!.matches('confirming')) return unchanged();
      expect([after.value, context]).toEqual(['editing', previous]);
      break;
    case 'phone.cancel':
      if (!before!.matches('editing') && !before!.matches('confirming')) return unchanged();
      expect(after.value).toBe('closed');
      break;
    case 'phone.confirm':
      if (!before!.matches('confirming')) return unchanged();
      expect(after.value).toBe('saving');
      expect(calls).toEqual([{ actor: 'changePhone', input: { phone, reason: previous.reason.trim() } }]);
      return expect(actions).toEqual([]);
    default: {
      const answer = (event as { output?: Result<unknown> }).output;
      if (answer?.ok) {
        expect(after.value).toBe('closed');
        return expect(actions).toEqual([{ type: 'phoneChanged', params: { phone } }]);
      }
      // Refused or unanswered: back to the form as typed, with the reason.
      expect([after.value, context]).toEqual(['editing', { ...previous, failure: answer ? answer.message : NETWORK_ERROR }]);
    }
  }
  expect(calls).toEqual([]);
  expect(actions).toEqual([]);
}

describeModels('member-phone', memberPhoneModels, {
  tags: { closed: ['closed'], editing: ['editing'], confirming: ['confirming'], saving: ['saving'] },
  check,
});
