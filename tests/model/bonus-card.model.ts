/**
 * A bonus card as a test model: one card told of list items and clocks that
 * make it active, received to its limit or available, by each type's period
 * in the variant's zone (Bangkok: a receipt at 00:30 is today there while
 * UTC still says yesterday).
 */
import { bonusCardMachine } from '../../machines/bonus-card/bonus-card.machine.ts';
import type { BonusCardBonus, BonusCardStatus } from '../../machines/bonus-card/bonus-card.types.ts';
import { receiptsInPeriod } from '../../src/contract/rules/bonuses.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type BonusCard = typeof bonusCardMachine;

export const ZONE = 'Asia/Bangkok';
/** Wednesday 25 November 2026, 10:00 in Bangkok. */
export const NOW = Date.parse('2026-11-25T10:00:00+07:00');
const DAY = 24 * 60 * 60 * 1000;

const receipts = (...times: string[]) => times.map((updatedAt) => ({ updatedAt }));

/** Each fixture with the status spec 4 gives it, worked out by hand. */
export const CARD_FIXTURES: Array<{ name: string; bonus: BonusCardBonus; now: number; status: BonusCardStatus }> = [
  {
    name: 'day bonus received at 00:30 Bangkok (17:30 UTC the day before)',
    bonus: { code: 'DAILY10', type: 'day', maxReceived: 1, userBonus: { _id: 'b1', isActive: false, received: receipts('2026-11-24T17:30:00.000Z') } },
    now: NOW,
    status: 'receivedToLimit',
  },
  {
    name: 'the same, the next day',
    bonus: { code: 'DAILY10', type: 'day', maxReceived: 1, userBonus: { _id: 'b1', isActive: false, received: receipts('2026-11-24T17:30:00.000Z') } },
    now: NOW + DAY,
    status: 'available',
  },
  {
    name: 'day bonus received yesterday at 23:30 Bangkok',
    bonus: { code: 'DAILY10', type: 'day', maxReceived: 1, userBonus: { _id: 'b2', isActive: false, received: receipts('2026-11-24T16:30:00.000Z') } },
    now: NOW,
    status: 'available',
  },
  {
    name: 'week bonus received twice of 2, Monday 00:10 Bangkok (Sunday UTC) and today',
    bonus: { code: 'WEEKLY20', type: 'week', maxReceived: 2, userBonus: { _id: 'w1', isActive: false, received: receipts('2026-11-22T17:10:00.000Z', '2026-11-25T01:00:00.000Z') } },
    now: NOW,
    status: 'receivedToLimit',
  },
  {
    name: 'week bonus received last Sunday and today, 1 of 2 this week',
    bonus: { code: 'WEEKLY20', type: 'week', maxReceived: 2, userBonus: { _id: 'w2', isActive: false, received: receipts('2026-11-22T16:50:00.000Z', '2026-11-25T01:00:00.000Z') } },
    now: NOW,
    status: 'available',
  },
  {
    name: 'limit bonus received once of 1, long ago',
    bonus: { code: 'WELCOME100', type: 'limit', maxReceived: 1, userBonus: { _id: 'l1', isActive: false, received: receipts('2025-01-01T00:00:00.000Z') } },
    now: NOW,
    status: 'receivedToLimit',
  },
  {
    name: 'limit bonus active, received to its limit',
    bonus: { code: 'WELCOME100', type: 'limit', maxReceived: 1, userBonus: { _id: 'l2', isActive: true, received: receipts('2026-11-25T02:00:00.000Z') } },
    now: NOW,
    status: 'active',
  },
  {
    name: 'never received',
    bonus: { code: 'WELCOME100', type: 'limit', maxReceived: 1, userBonus: null },
    now: NOW,
    status: 'available',
  },
];

const events = {
  'card.update': () => CARD_FIXTURES.map(({ bonus, now }) => ({ type: 'card.update' as const, bonus, now })),
} satisfies EventFixtures<BonusCard>;

export const bonusCardModels: FlowModel<BonusCard>[] = [
  {
    name: 'bonus card',
    machine: bonusCardMachine,
    input: { bonus: CARD_FIXTURES[0]!.bonus, now: NOW, zone: ZONE },
    events: offerAll(events),
    replies: {},
    // The card's type, whether it is the active one, and its period's receipts against the limit.
    abstraction: ({ context }) => {
      const received = (context.bonus.userBonus?.received ?? []).map((receipt) => new Date(receipt.updatedAt));
      return {
        type: context.bonus.type,
        active: context.bonus.userBonus?.isActive === true,
        period: receiptsInPeriod(context.bonus.type, received, new Date(context.now), context.zone) >= context.bonus.maxReceived ? 'full' : 'open',
      };
    },
  },
];
