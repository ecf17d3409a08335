import { assertEvent, assign, setup } from 'xstate';
import type { OpsBonus } from '../../src/contract/bonus.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData } from '../shared/result.ts';
import type { BonusesAnswer, BonusListContext, BonusListEvent, BonusListTag, OfferStatus, StatusAnswer } from './bonus-list.types.ts';

/** The rows with `bonus` in its place (by code), or added at the end: the list is oldest first. */
function withBonus(bonuses: readonly OpsBonus[], bonus: OpsBonus): OpsBonus[] {
  return bonuses.some((row) => row.code === bonus.code) ? bonuses.map((row) => (row.code === bonus.code ? bonus : row)) : [...bonuses, bonus];
}

export const bonusListMachine = setup({
  types: {
    context: {} as BonusListContext,
    events: {} as BonusListEvent,
    tags: {} as BonusListTag,
  },
  actors: {
    loadBonuses: notProvided<BonusesAnswer>('loadBonuses'),
    setStatus: notProvided<StatusAnswer, { code: string; status: OfferStatus }>('setStatus'),
  },
  actions: {
    store: assign((_, answer: BonusesAnswer) => ({ ...okData(answer), failure: null })),
    showFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
    ask: assign(({ event }) => {
      assertEvent(event, 'status.change');
      return { pending: { code: event.code, status: event.status }, failure: null };
    }),
    forget: assign({ pending: null }),
    applyStatus: assign(({ context }, answer: StatusAnswer) => ({ bonuses: withBonus(context.bonuses, okData(answer).bonus), pending: null, failure: null })),
    applySaved: assign(({ context, event }) => {
      assertEvent(event, 'bonus.saved');
      return { bonuses: withBonus(context.bonuses, event.bonus) };
    }),
  },
  guards: {
    succeeded,
    // Only an offer listed, and only to the other status: nothing to confirm otherwise.
    changes: ({ context, event }) => {
      assertEvent(event, 'status.change');
      return context.bonuses.some((bonus) => bonus.code === event.code && bonus.status !== event.status);
    },
  },
}).createMachine({
  id: 'bonusList',
  description:
    'The console\'s offers with the bounds that decide which wait for finance; pausing or making one active is confirmed first, and the row shows the answer. A refusal (UNAUTHORIZED: above the bounds for marketing) shows beside the list.',
  context: { bonuses: [], bounds: null, pending: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadBonuses',
        src: 'loadBonuses',
        ...onAnswer({ target: 'ready', action: 'store' }, { target: 'failed', action: 'showFailure' }),
      },
    },
    failed: {
      tags: 'failed',
      on: { 'list.reload': 'loading' },
    },
    ready: {
      tags: 'ready',
      on: {
        'list.reload': 'loading',
        'status.change': { guard: 'changes', target: 'confirming', actions: 'ask' },
        'bonus.saved': { actions: 'applySaved' },
      },
    },
    confirming: {
      tags: ['ready', 'confirming'],
      description: 'Says what will happen (members may take it, or no longer) and asks once.',
      on: {
        'status.confirm': 'changing',
        'status.cancel': { target: 'ready', actions: 'forget' },
      },
    },
    changing: {
      tags: ['ready', 'changing'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => context.pending!,
        ...onAnswer({ target: 'ready', action: 'applyStatus' }, { target: 'ready', action: 'showFailure', then: ['forget'] }),
      },
    },
  },
});
