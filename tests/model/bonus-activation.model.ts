/**
 * The bonus modal as a test model: for a bonus the member may receive
 * (receive, the answer, the alert) and for the active one (it confirms).
 */
import { bonusActivationMachine } from '../../machines/bonus-activation/bonus-activation.machine.ts';
import type { BonusActivated } from '../../machines/bonus-activation/bonus-activation.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type BonusActivation = typeof bonusActivationMachine;

export const ACTIVATION_CODE = 'WELCOME100';

const events = {
  'bonus.receive': () => [{ type: 'bonus.receive' }],
  'bonus.confirm': () => [{ type: 'bonus.confirm' }],
  'bonus.close': () => [{ type: 'bonus.close' }],
  'result.dismiss': () => [{ type: 'result.dismiss' }],
} satisfies EventFixtures<BonusActivation>;

const replies = {
  activate: [
    { ok: true, data: { amount: 100 } },
    { ok: false, message: 'BONUS_MAX_CLAIMED' },
    { ok: false, message: 'BONUS_CONDITION' },
  ] satisfies BonusActivated[],
};

const model = (active: boolean): FlowModel<BonusActivation> => ({
  name: active ? 'bonus modal of the active bonus' : 'bonus modal',
  machine: bonusActivationMachine,
  input: { code: ACTIVATION_CODE, active },
  events: offerAll(events),
  replies,
  abstraction: ({ context }) => ({ received: context.amount !== null, error: context.error }),
});

export const bonusActivationModels = [model(false), model(true)];
