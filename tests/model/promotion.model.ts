/**
 * The promotion code as a test model: typed in lower case (upper-cased as
 * typed) or blank, searched (found, not found, failed), received or refused.
 */
import { promotionMachine } from '../../machines/promotion/promotion.machine.ts';
import type { PromotionFound, PromotionReceived } from '../../machines/promotion/promotion.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Promotion = typeof promotionMachine;

export const TYPED_CODE = ' mekong50 ';
export const PROMOTION = { code: 'MEKONG50', percentFail: 20, description: '<p>50% on your next deposit</p>' };

const events = {
  'code.change': () => [
    { type: 'code.change', value: TYPED_CODE },
    { type: 'code.change', value: '  ' },
  ],
  'promotion.search': () => [{ type: 'promotion.search' }],
  'promotion.receive': () => [{ type: 'promotion.receive' }],
  'promotion.close': () => [{ type: 'promotion.close' }],
  'result.dismiss': () => [{ type: 'result.dismiss' }],
} satisfies EventFixtures<Promotion>;

const replies = {
  find: [
    { ok: true, data: PROMOTION },
    { ok: false, message: 'NO_PROMOTION' },
    { ok: false, message: 'REQUEST_LIMIT' },
  ] satisfies PromotionFound[],
  receive: [
    { ok: true, data: { amount: 50 } },
    { ok: false, message: 'PROMOTION_RECEIVED' },
    { ok: false, message: 'BONUS_ALREADY_ACTIVE' },
  ] satisfies PromotionReceived[],
};

export const promotionModels: FlowModel<Promotion>[] = [
  {
    name: 'promotion code',
    machine: promotionMachine,
    input: undefined,
    events: offerAll(events),
    replies,
    abstraction: ({ context }) => ({
      code: context.code === '' ? null : context.code.trim() === '' ? 'blank' : 'typed',
      missing: context.codeMissing,
      found: context.promotion !== null,
      received: context.amount !== null,
      error: context.error,
    }),
  },
];
