/** An admin changing a member's phone as a test model: the number (good, wrong shape, the member's own), a reason, the confirmation, the answer. */
import { memberPhoneMachine } from '../../machines/member-phone/member-phone.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type MemberPhone = typeof memberPhoneMachine;
export const CURRENT_PHONE = '0812345678';

const events = {
  'phone.open': () => [{ type: 'phone.open' }],
  'field.change': () => [
    { type: 'field.change', field: 'phone', value: ' 0898765432 ' },
    { type: 'field.change', field: 'phone', value: '12345' },
    { type: 'field.change', field: 'phone', value: CURRENT_PHONE },
    { type: 'field.change', field: 'reason', value: 'Lost their SIM' },
    { type: 'field.change', field: 'reason', value: '  ' },
  ],
  'phone.submit': () => [{ type: 'phone.submit' }],
  'phone.confirm': () => [{ type: 'phone.confirm' }],
  'phone.back': () => [{ type: 'phone.back' }],
  'phone.cancel': () => [{ type: 'phone.cancel' }],
} satisfies EventFixtures<MemberPhone>;

export const memberPhoneModels: FlowModel<MemberPhone>[] = [
  {
    name: 'member phone',
    machine: memberPhoneMachine,
    input: { variant: 'th', current: CURRENT_PHONE },
    events: offerAll(events),
    replies: {
      changePhone: [{ ok: true, data: { message: 'SUCCESS' } }, { ok: false, message: 'MEMBER_PHONE_TAKEN' }] satisfies Result<unknown>[],
    },
    // The phone as the rules read it, whether a reason is there, the error shown.
    abstraction: ({ context }) => {
      const phone = context.phone.trim();
      return {
        phone: phone === '' ? null : phone === context.current ? 'own' : /^\d{10}$/.test(phone) ? 'good' : 'bad',
        reason: context.reason.trim() !== '',
        failure: context.failure,
      };
    },
  },
];
