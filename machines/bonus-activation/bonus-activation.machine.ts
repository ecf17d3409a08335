import { assign, emit, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData } from '../shared/result.ts';
import type {
  BonusActivated,
  BonusActivationContext,
  BonusActivationEmitted,
  BonusActivationEvent,
  BonusActivationInput,
  BonusActivationOutput,
  BonusActivationTag,
} from './bonus-activation.types.ts';

export const bonusActivationMachine = setup({
  types: {
    context: {} as BonusActivationContext,
    events: {} as BonusActivationEvent,
    input: {} as BonusActivationInput,
    output: {} as BonusActivationOutput,
    emitted: {} as BonusActivationEmitted,
    tags: {} as BonusActivationTag,
  },
  actors: {
    activate: notProvided<BonusActivated, { code: string }>('activate'),
  },
  actions: {
    keepAmount: assign((_, answer: BonusActivated) => ({ amount: okData(answer).amount, error: null })),
    keepFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    clearError: assign({ error: null }),
    announceChange: emit({ type: 'bonus.changed' } satisfies BonusActivationEmitted),
  },
  guards: {
    active: ({ context }) => context.active,
    succeeded,
  },
}).createMachine({
  id: 'bonusActivation',
  description:
    'The bonus modal (spec 2): receive the bonus, or confirm it when it is already the active one. The answer shows in an alert dialog, success with what was credited or the error (spec 8); once received, the page reads the active bonus and the list again (spec 4).',
  context: ({ input }) => ({ ...input, amount: null, error: null }),
  initial: 'viewing',
  states: {
    viewing: {
      tags: 'viewing',
      on: {
        'bonus.receive': [{ guard: 'active', description: 'Already active: the modal only confirms.' }, { target: 'receiving' }],
        'bonus.confirm': { guard: 'active', target: 'closed' },
        'bonus.close': 'closed',
      },
    },
    receiving: {
      tags: ['viewing', 'busy'],
      description: 'GET /api/bonus/activate/{code}; the modal stays and does not close.',
      entry: 'clearError',
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ code: context.code }),
        ...onAnswer({ target: 'received', action: 'keepAmount', then: ['announceChange'] }, { target: 'refused', action: 'keepFailure' }),
      },
    },
    received: {
      tags: 'received',
      description: 'The alert dialog: the bonus credited.',
      on: { 'result.dismiss': 'closed' },
    },
    refused: {
      tags: ['viewing', 'refused'],
      description: 'The alert dialog over the modal: the error; dismissing it returns to the modal.',
      on: { 'result.dismiss': 'viewing' },
    },
    closed: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ received: context.amount !== null }),
});
