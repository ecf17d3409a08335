/** Cancelling the active bonus as a test model: ask, back out or confirm, the answer, the alert. */
import { bonusCancelMachine } from '../../machines/bonus-cancel/bonus-cancel.machine.ts';
import type { BonusCleared } from '../../machines/bonus-cancel/bonus-cancel.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type BonusCancel = typeof bonusCancelMachine;

const events = {
  'cancel.ask': () => [{ type: 'cancel.ask' }],
  'cancel.back': () => [{ type: 'cancel.back' }],
  'cancel.confirm': () => [{ type: 'cancel.confirm' }],
  'result.dismiss': () => [{ type: 'result.dismiss' }],
} satisfies EventFixtures<BonusCancel>;

const replies = {
  clear: [
    { ok: true, data: { amount: 87.5 } },
    { ok: false, message: 'BONUS_CONDITION' },
  ] satisfies BonusCleared[],
};

export const bonusCancelModels: FlowModel<BonusCancel>[] = [
  {
    name: 'bonus cancel',
    machine: bonusCancelMachine,
    input: undefined,
    events: offerAll(events),
    replies,
    abstraction: ({ context }) => ({ cleared: context.amount !== null, error: context.error }),
  },
];
