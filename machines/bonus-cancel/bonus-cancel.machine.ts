import { assign, emit, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData } from '../shared/result.ts';
import type { BonusCancelContext, BonusCancelEmitted, BonusCancelEvent, BonusCancelTag, BonusCleared } from './bonus-cancel.types.ts';

export const bonusCancelMachine = setup({
  types: {
    context: {} as BonusCancelContext,
    events: {} as BonusCancelEvent,
    emitted: {} as BonusCancelEmitted,
    tags: {} as BonusCancelTag,
  },
  actors: {
    clear: notProvided<BonusCleared>('clear'),
  },
  actions: {
    keepAmount: assign((_, answer: BonusCleared) => ({ amount: okData(answer).amount, error: null })),
    keepFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    forget: assign({ amount: null, error: null }),
    announceChange: emit({ type: 'bonus.changed' } satisfies BonusCancelEmitted),
  },
  guards: {
    succeeded,
  },
}).createMachine({
  id: 'bonusCancel',
  description:
    'Cancelling the active bonus (spec 2): a confirmation warns that the unplayed share of the bonus, at least its fail percentage, goes back; GET /api/bonus/clear; the answer in an alert dialog (BONUS_CLEAR with what went back, or the error). Once the member read that, the page reads the active bonus and the list again (spec 4).',
  context: { amount: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'cancel.ask': 'confirming' },
    },
    confirming: {
      tags: 'confirming',
      on: {
        'cancel.back': 'idle',
        'cancel.confirm': 'clearing',
      },
    },
    clearing: {
      tags: ['confirming', 'busy'],
      description: 'GET /api/bonus/clear; the confirmation stays, its buttons disabled.',
      invoke: {
        id: 'clear',
        src: 'clear',
        ...onAnswer({ target: 'cleared', action: 'keepAmount' }, { target: 'failed', action: 'keepFailure' }),
      },
    },
    cleared: {
      tags: 'cleared',
      description:
        'The alert dialog: BONUS_CLEAR and what went back. Once the member closed it, the page reads the active bonus and the list again (the active bonus, this flow\'s place on the page, then goes).',
      on: { 'result.dismiss': { target: 'idle', actions: ['forget', 'announceChange'] } },
    },
    failed: {
      tags: 'failed',
      description: 'The alert dialog: the error; the bonus stays.',
      on: { 'result.dismiss': { target: 'idle', actions: 'forget' } },
    },
  },
});
