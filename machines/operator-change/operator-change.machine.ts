import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type { OperatorChanged, OperatorChangeContext, OperatorChangeEvent, OperatorChangeInput, OperatorChangeTag } from './operator-change.types.ts';

export const operatorChangeMachine = setup({
  types: {
    context: {} as OperatorChangeContext,
    events: {} as OperatorChangeEvent,
    input: {} as OperatorChangeInput,
    tags: {} as OperatorChangeTag,
  },
  actors: {
    sendChange: notProvided<Result<OperatorChanged>, Pick<OperatorChangeInput, 'phone' | 'change'>>('sendChange'),
  },
  actions: {
    keepEnrolment: assign((_, answer: Result<OperatorChanged>) => {
      const { operator, enrolment } = okData(answer);
      return { enrolled: enrolment ? { operator, enrolment } : null, error: null };
    }),
    forgetEnrolment: assign({ enrolled: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // Provided by the view: the list of operators reads again.
    changed: () => {},
  },
  guards: {
    succeeded,
    gaveEnrolment: (_, answer: Result<OperatorChanged>) => answer.ok && answer.data.enrolment !== undefined,
  },
}).createMachine({
  id: 'operatorChange',
  description:
    'An admin disables an operator or resets their sign-in (decision 0124), confirmed first; a reset shows the new password and second factor once.',
  context: ({ input }) => ({ ...input, error: null, enrolled: null }),
  initial: 'confirming',
  states: {
    confirming: {
      tags: 'confirming',
      description: 'Says what will happen to whom; a refusal is shown here and may be confirmed again.',
      on: { 'change.confirm': 'sending' },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendChange',
        src: 'sendChange',
        input: ({ context }) => ({ phone: context.phone, change: context.change }),
        ...onAnswer({ target: 'done', then: ['changed'] }, { target: 'confirming', action: 'showFailure' }, [
          {
            guard: { type: 'gaveEnrolment', params: actorOutput },
            target: 'enrolled',
            actions: [{ type: 'keepEnrolment', params: actorOutput }, 'changed'],
          },
        ] as const),
      },
    },
    enrolled: {
      tags: 'enrolled',
      description: 'The reset operator\'s new password and QR code, shown this once.',
      on: { 'enrolment.done': { target: 'done', actions: 'forgetEnrolment' } },
    },
    done: { type: 'final', tags: 'done' },
  },
});
