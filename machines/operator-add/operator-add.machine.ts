import { assertEvent, assign, setup } from 'xstate';
import type { OperatorRole } from '../../src/contract/api.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type { Enrolled, OperatorAddContext, OperatorAddEvent, OperatorAddRequest, OperatorAddTag } from './operator-add.types.ts';

const request = ({ context }: { context: OperatorAddContext }): OperatorAddRequest => ({
  phone: context.phone.trim(),
  role: context.role as OperatorRole,
  name: context.name.trim(),
});

export const operatorAddMachine = setup({
  types: {
    context: {} as OperatorAddContext,
    events: {} as OperatorAddEvent,
    tags: {} as OperatorAddTag,
  },
  actors: {
    addOperator: notProvided<Result<Enrolled>, OperatorAddRequest>('addOperator'),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: event.value, error: null };
    }),
    keepEnrolment: assign((_, answer: Result<Enrolled>) => ({ enrolled: okData(answer) })),
    forgetEnrolment: assign({ enrolled: null }),
    clearError: assign({ error: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // Provided by the view: the list of operators reads again.
    added: () => {},
  },
  guards: {
    filled: ({ context }) => context.phone.trim() !== '' && context.role !== '' && context.name.trim() !== '',
    succeeded,
  },
}).createMachine({
  id: 'operatorAdd',
  description:
    'An admin adds an operator (decision 0124): phone, role and name, confirmed once; the password and the second factor are shown once, then forgotten.',
  context: { phone: '', role: '', name: '', error: null, enrolled: null },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'add.submit': { guard: 'filled', target: 'confirming', actions: 'clearError' },
      },
    },
    confirming: {
      tags: 'confirming',
      description: 'Says who gets which role before anything is sent.',
      on: {
        'add.confirm': 'adding',
        'add.back': 'editing',
      },
    },
    adding: {
      tags: 'busy',
      description: 'Nothing else is taken until the server answers (no double add).',
      invoke: {
        id: 'addOperator',
        src: 'addOperator',
        input: request,
        ...onAnswer({ target: 'enrolled', action: 'keepEnrolment', then: ['added'] }, { target: 'editing', action: 'showFailure' }),
      },
    },
    enrolled: {
      tags: 'enrolled',
      description: 'The password and the QR code of the second factor, shown this once.',
      on: { 'enrolment.done': { target: 'done', actions: 'forgetEnrolment' } },
    },
    done: { type: 'final' },
  },
});
