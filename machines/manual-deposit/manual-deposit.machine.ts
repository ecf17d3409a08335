import { assertEvent, assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { approvalAsked, onAnswer, succeeded } from '../shared/answer.ts';
import { positiveAmount } from '../shared/amount.ts';
import { okData, type Result } from '../shared/result.ts';
import type { DepositMember, DepositSent, ManualDepositContext, ManualDepositEvent, ManualDepositTag } from './manual-deposit.types.ts';

type Found = Result<DepositMember | null>;

const sent = ({ context }: { context: ManualDepositContext }): DepositSent => ({
  username: context.username.trim(),
  amount: positiveAmount(context.amount)!,
  reference: context.reference.trim(),
});

export const manualDepositMachine = setup({
  types: {
    context: {} as ManualDepositContext,
    events: {} as ManualDepositEvent,
    tags: {} as ManualDepositTag,
  },
  actors: {
    findMember: notProvided<Found, string>('findMember'),
    sendDeposit: notProvided<Result<{ message: string }>, DepositSent>('sendDeposit'),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: event.value, error: null };
    }),
    setMember: assign((_, answer: Found) => ({ member: okData(answer), error: null })),
    noSuchMember: assign({ error: 'NO_USER' }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    markDone: assign(({ context }, outcome: 'deposited' | 'waiting') => ({
      done: { member: context.member!, amount: positiveAmount(context.amount)!, reference: context.reference.trim(), outcome },
      username: '',
      amount: '',
      reference: '',
      member: null,
      error: null,
    })),
  },
  guards: {
    succeeded,
    filled: ({ context }) => context.username.trim() !== '' && positiveAmount(context.amount) !== null && context.reference.trim() !== '',
    memberFound: (_, answer: Found) => answer.ok && answer.data !== null,
    approvalAsked,
  },
}).createMachine({
  id: 'manualDeposit',
  description:
    'A bank transfer credited by hand: the member\'s phone, the amount and the bank\'s reference; the member looked up so the confirmation names them; credited once per reference, or waiting for a second operator above the approval threshold.',
  context: { username: '', amount: '', reference: '', member: null, error: null, done: null },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'deposit.submit': { guard: 'filled', target: 'findingMember' },
      },
    },
    findingMember: {
      tags: 'busy',
      invoke: {
        id: 'findMember',
        src: 'findMember',
        input: ({ context }) => context.username.trim(),
        ...onAnswer({ target: 'editing', action: 'noSuchMember' }, { target: 'editing', action: 'showFailure' }, [
          { guard: { type: 'memberFound', params: actorOutput }, target: 'confirming', actions: { type: 'setMember', params: actorOutput } },
        ]),
      },
    },
    confirming: {
      tags: 'confirming',
      description: 'Says exactly what will happen: the amount in the member\'s currency, to whom, with which reference.',
      on: {
        'decision.confirm': 'depositing',
        'decision.cancel': 'editing',
      },
    },
    depositing: {
      tags: 'busy',
      description: 'Without an answer, sending again is safe: a reference is credited once.',
      invoke: {
        id: 'sendDeposit',
        src: 'sendDeposit',
        input: sent,
        ...onAnswer({ target: 'editing', action: 'markDone', params: () => 'deposited' as const }, { target: 'editing', action: 'showFailure' }, [
          { guard: { type: 'approvalAsked', params: actorOutput }, target: 'editing', actions: { type: 'markDone', params: 'waiting' as const } },
        ]),
      },
    },
  },
});
