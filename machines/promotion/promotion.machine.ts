import { assertEvent, assign, emit, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData } from '../shared/result.ts';
import type {
  PromotionContext,
  PromotionEmitted,
  PromotionEvent,
  PromotionFound,
  PromotionReceived,
  PromotionTag,
} from './promotion.types.ts';

/** spec 5: the code is upper-cased as typed; blanks around it are not part of it. */
export const promotionCode = (typed: string) => typed.trim();

export const promotionMachine = setup({
  types: {
    context: {} as PromotionContext,
    events: {} as PromotionEvent,
    emitted: {} as PromotionEmitted,
    tags: {} as PromotionTag,
  },
  actors: {
    find: notProvided<PromotionFound, { code: string }>('find'),
    receive: notProvided<PromotionReceived, { code: string }>('receive'),
  },
  actions: {
    setCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: event.value.toUpperCase(), codeMissing: false };
    }),
    markMissing: assign({ codeMissing: true }),
    startSearch: assign({ promotion: null, error: null }),
    keepPromotion: assign((_, answer: PromotionFound) => ({ promotion: okData(answer) })),
    keepAmount: assign((_, answer: PromotionReceived) => ({ amount: okData(answer).amount, error: null })),
    keepFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    clearError: assign({ error: null }),
    forgetPromotion: assign({ promotion: null, error: null }),
    startOver: assign({ code: '', promotion: null, amount: null, error: null }),
    announceChange: emit({ type: 'bonus.changed' } satisfies PromotionEmitted),
  },
  guards: {
    codeMissing: ({ context }) => promotionCode(context.code) === '',
    succeeded,
    notFound: (_, answer: PromotionFound) => !answer.ok && answer.message === 'NO_PROMOTION',
  },
}).createMachine({
  id: 'promotion',
  description:
    'The promotion code of the bonus page (spec 2, spec 5): the field is upper-cased as typed and required; the search opens the promotion modal (searching, not found, or the promotion with its fail percentage and description); receiving answers in an alert dialog (spec 8), and once the member closed it the page reads the active bonus and the list again.',
  context: { code: '', codeMissing: false, promotion: null, amount: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'code.change': { actions: 'setCode' },
        'promotion.search': [{ guard: 'codeMissing', actions: 'markMissing', description: 'spec 5: required.' }, { target: 'searching' }],
      },
    },
    searching: {
      tags: ['modal', 'searching', 'busy'],
      description: 'GET /api/promotion/find/{code}: the modal says it is searching.',
      entry: 'startSearch',
      invoke: {
        id: 'find',
        src: 'find',
        input: ({ context }) => ({ code: promotionCode(context.code) }),
        ...onAnswer({ target: 'found', action: 'keepPromotion' }, { target: 'searchFailed', action: 'keepFailure' }, [
          { guard: { type: 'notFound', params: actorOutput }, target: 'notFound' },
        ] as const),
      },
    },
    found: {
      tags: ['modal', 'found'],
      on: {
        'promotion.receive': 'receiving',
        'promotion.close': { target: 'editing', actions: 'forgetPromotion' },
      },
    },
    notFound: {
      tags: ['modal', 'notFound'],
      description: 'NO_PROMOTION: the modal says nothing was found.',
      on: { 'promotion.close': 'editing' },
    },
    searchFailed: {
      tags: ['modal', 'searchFailed'],
      description: 'No answer or another error: the modal says so and offers to search again.',
      on: {
        'promotion.search': 'searching',
        'promotion.close': { target: 'editing', actions: 'clearError' },
      },
    },
    receiving: {
      tags: ['modal', 'found', 'busy'],
      description: 'GET /api/promotion/activate/{code}; the modal stays and does not close.',
      entry: 'clearError',
      invoke: {
        id: 'receive',
        src: 'receive',
        input: ({ context }) => ({ code: context.promotion!.code }),
        ...onAnswer({ target: 'received', action: 'keepAmount' }, { target: 'refused', action: 'keepFailure' }),
      },
    },
    received: {
      tags: 'received',
      description:
        'The alert dialog: the promotion credited. Once the member closed it, the field empties and the page reads the active bonus and the list again (the field, in its place, then goes).',
      on: { 'result.dismiss': { target: 'editing', actions: ['startOver', 'announceChange'] } },
    },
    refused: {
      tags: ['modal', 'found', 'refused'],
      description: 'The alert dialog over the modal: the error (PROMOTION_RECEIVED, BONUS_ALREADY_ACTIVE, BONUS_FULL, …).',
      on: { 'result.dismiss': { target: 'found', actions: 'clearError' } },
    },
  },
});
