import { assign, setup } from 'xstate';
import { isActiveBonus, isReceivedToLimit } from './bonus-card.selectors.ts';
import type { BonusCardContext, BonusCardEvent, BonusCardInput, BonusCardTag } from './bonus-card.types.ts';

export const bonusCardMachine = setup({
  types: {
    context: {} as BonusCardContext,
    events: {} as BonusCardEvent,
    input: {} as BonusCardInput,
    tags: {} as BonusCardTag,
  },
  actions: {
    update: assign(({ event }) => ({ bonus: event.bonus, now: event.now })),
  },
  guards: {
    active: ({ context }) => isActiveBonus(context.bonus),
    receivedToLimit: ({ context }) => isReceivedToLimit(context.bonus, context.now, context.zone),
  },
}).createMachine({
  id: 'bonusCard',
  description:
    'A card of the bonus page (spec 2, spec 4): the active bonus is marked as the current one; a bonus whose receipts of its period (all time, today, this week from Monday, in the variant\'s zone) reached maxReceived is disabled; any other opens the bonus modal. Pure: the list item and the clock decide.',
  context: ({ input }) => ({ ...input }),
  initial: 'deciding',
  on: {
    'card.update': { target: '.deciding', actions: 'update' },
  },
  states: {
    deciding: {
      always: [{ guard: 'active', target: 'active' }, { guard: 'receivedToLimit', target: 'receivedToLimit' }, { target: 'available' }],
    },
    active: {
      tags: 'active',
      description: 'The member\'s active bonus: marked as the current one; its modal confirms.',
    },
    receivedToLimit: {
      tags: 'receivedToLimit',
      description: 'Received to its limit for the period (BONUS_MAX_CLAIMED): disabled.',
    },
    available: {
      tags: 'available',
    },
  },
});
