import { assertEvent, assign, setup } from 'xstate';
import { phoneError } from '../../src/contract/rules/members.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import type { Result } from '../shared/result.ts';
import type { MemberPhoneContext, MemberPhoneEvent, MemberPhoneInput, MemberPhoneTag } from './member-phone.types.ts';

const typed = (context: MemberPhoneContext) => ({ phone: context.phone.trim(), reason: context.reason.trim() });

export const memberPhoneMachine = setup({
  types: {
    context: {} as MemberPhoneContext,
    events: {} as MemberPhoneEvent,
    input: {} as MemberPhoneInput,
    tags: {} as MemberPhoneTag,
  },
  actors: {
    changePhone: notProvided<Result<unknown>, { phone: string; reason: string }>('changePhone'),
  },
  actions: {
    reset: assign({ phone: '', reason: '', failure: null }),
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: event.value, failure: null };
    }),
    clearFailure: assign({ failure: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
    // Provided by the view layer: opens the member's page at the new number.
    phoneChanged: (_, _changed: { phone: string }) => {},
  },
  guards: {
    succeeded,
    filled: ({ context }) => typed(context).phone !== '' && typed(context).reason !== '',
    // The shared rule (spec 5): 10 digits outside Laos.
    badShape: ({ context }) => phoneError(context.variant, typed(context).phone) !== null,
    unchanged: ({ context }) => typed(context).phone === context.current,
  },
}).createMachine({
  id: 'memberPhone',
  description:
    'An admin changes the phone a member logs in with: the new number and a reason, checked here for its shape; a confirmation says the member\'s sessions end and they log in with the new number; the server refuses a number another member or an operator holds.',
  context: ({ input }) => ({ variant: input.variant, current: input.current, phone: '', reason: '', failure: null }),
  initial: 'closed',
  states: {
    closed: {
      tags: 'closed',
      on: { 'phone.open': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'phone.submit': { guard: 'filled', target: 'checking' },
        'phone.cancel': 'closed',
      },
    },
    checking: {
      description: 'The typed number is checked before the confirmation: its shape, and that it is not the member\'s own.',
      always: [
        { guard: 'badShape', target: 'editing', actions: { type: 'showFailure', params: { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' } } },
        { guard: 'unchanged', target: 'editing', actions: { type: 'showFailure', params: { message: 'MEMBER_PHONE_TAKEN' } } },
        { target: 'confirming' },
      ],
    },
    confirming: {
      tags: 'confirming',
      on: {
        'phone.confirm': { target: 'saving', actions: 'clearFailure' },
        'phone.back': 'editing',
        'phone.cancel': 'closed',
      },
    },
    saving: {
      tags: 'saving',
      description: 'Typing and the buttons wait until the server answers.',
      invoke: {
        id: 'changePhone',
        src: 'changePhone',
        input: ({ context }) => typed(context),
        ...onAnswer(
          { target: 'closed', action: 'phoneChanged', params: ({ context }: { context: MemberPhoneContext }) => ({ phone: typed(context).phone }) },
          { target: 'editing', action: 'showFailure' },
        ),
      },
    },
  },
});
