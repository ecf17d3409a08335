import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { okData } from '../shared/result.ts';
import type { AgreementContext, AgreementEvent, AgreementInput, AgreementsAnswer, AgreementTag } from './agreement.types.ts';

/** spec 9: the agreement modal opens 1,500 ms after the home loads. */
const AGREEMENT_DELAY_MS = 1_500;

export const agreementMachine = setup({
  types: {
    context: {} as AgreementContext,
    events: {} as AgreementEvent,
    input: {} as AgreementInput,
    tags: {} as AgreementTag,
  },
  actors: {
    read: notProvided<AgreementsAnswer>('read'),
  },
  actions: {
    keep: assign((_, answer: AgreementsAnswer) => ({ agreements: okData(answer).agreements })),
    // Provided by the view layer: local storage `remember-agreement`.
    remember: () => {},
  },
  guards: {
    accepted: ({ context }) => context.accepted,
    somethingToAgree: (_, answer: AgreementsAnswer) => answer.ok && answer.data.agreements.length > 0,
  },
  delays: {
    agreementDelay: AGREEMENT_DELAY_MS,
  },
}).createMachine({
  id: 'agreement',
  description:
    'The member home\'s agreement modal (spec 2): 1.5 s after the home loads the agreements are read and shown, unless the member accepted them before. Accepting is remembered; closing without accepting shows them again next time. A failed or empty read shows nothing (spec 7).',
  context: ({ input }) => ({ accepted: input.accepted, agreements: [] }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'accepted', target: 'done' }, { target: 'waiting' }],
    },
    waiting: {
      after: { agreementDelay: 'reading' },
    },
    reading: {
      invoke: {
        id: 'read',
        src: 'read',
        onDone: [
          { guard: { type: 'somethingToAgree', params: actorOutput }, target: 'open', actions: { type: 'keep', params: actorOutput } },
          { target: 'done' },
        ],
        onError: 'done',
      },
    },
    open: {
      tags: 'open',
      on: {
        'agreement.accept': { target: 'done', actions: 'remember' },
        'agreement.dismiss': 'done',
      },
    },
    done: {
      type: 'final',
    },
  },
});
