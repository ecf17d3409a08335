import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import type { WithdrawContext, WithdrawInput } from '../../machines/withdraw/withdraw.types.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import {
  checkMoneyActionInvariants,
  checkMoneyActionStep,
  moneyActionTags,
  type MoneyActionSpec,
} from './support/money-action.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';
import { WITHDRAW_KEY_PREFIX, WITHDRAW_LIMITS, withdrawModels } from './withdraw.model.ts';

/** spec 5, written out independently of the machine. */
function amountError(context: WithdrawContext): string | null {
  if (!/^\d+(\.\d{1,2})?$/.test(context.amount)) return 'AMOUNT_INVALID';
  const amount = Number(context.amount);
  // The server's order: the limits, the full amount with a bonus, the balance.
  if (amount < WITHDRAW_LIMITS.withdrawMin) return 'WITHDRAW_MINIMUM';
  if (amount > WITHDRAW_LIMITS.withdrawMax) return 'WITHDRAW_MAXIMUM';
  if (context.bonusHeld && amount !== context.balance) return 'BONUS_REMAINING';
  if (amount > context.balance) return 'MONEY_NOT_ENOUGH';
  return null;
}

const moneyAction: MoneyActionSpec<WithdrawContext> = {
  flow: 'withdraw',
  keyPrefix: WITHDRAW_KEY_PREFIX,
  request: (context) => ({ amount: Number(context.amount) }),
};

function check(step: ReplayedStep) {
  if (checkMoneyActionStep(step, moneyAction)) return;
  const { event, before, after, calls } = step;
  const was = (state: string) => (before ? stateKey(before) === state : false);
  const now = stateKey(after);
  const previous = before?.context as WithdrawContext;
  const context = after.context as WithdrawContext;
  const unchanged = () => expect([after.value, context]).toEqual([before?.value, previous]);

  switch (event.type) {
    case 'amount.change':
      return was('editing') ? expect(context).toEqual({ ...previous, amount: event.value, error: null }) : unchanged();
    case 'limits.retry':
      if (!was('limitsFailed')) return unchanged();
      expect([now, context]).toEqual(['loadingLimits', previous]);
      return expect(calls).toEqual([{ actor: 'loadLimits', input: undefined }]);
    case 'withdraw.submit': {
      if (!was('editing')) return unchanged();
      const error = amountError(previous);
      return expect([now, context]).toEqual([error ? 'editing' : 'confirming', { ...previous, error }]);
    }
    case 'xstate.done.actor.loadLimits':
      if (event.output.ok) {
        // Then whether a bonus is held.
        expect(calls).toEqual([{ actor: 'loadBonus', input: undefined }]);
        return expect([now, context]).toEqual(['checkingBonus', { ...previous, limits: event.output.data, error: null }]);
      }
      return expect([now, context]).toEqual(['limitsFailed', { ...previous, error: event.output.message }]);
    case 'xstate.done.actor.loadBonus': {
      if (!event.output.ok) return expect([now, context]).toEqual(['limitsFailed', { ...previous, error: event.output.message }]);
      // spec 5: a held bonus allows only the full amount, which the form starts with.
      const bonusHeld = event.output.data.status;
      return expect([now, context]).toEqual([
        'editing',
        { ...previous, bonusHeld, amount: bonusHeld ? previous.balance.toFixed(2) : previous.amount, error: null },
      ]);
    }
    case 'xstate.error.actor.loadLimits':
    case 'xstate.error.actor.loadBonus':
      return expect([now, context]).toEqual(['limitsFailed', { ...previous, error: NETWORK_ERROR }]);
  }
}

function checkInvariants(step: ReplayedStep, input: WithdrawInput) {
  checkMoneyActionInvariants(step, WITHDRAW_KEY_PREFIX);
  const { event, after, calls } = step;
  const context = after.context as WithdrawContext;
  if (!['withdraw.confirm', 'withdraw.retry', 'connectivity.online', 'limits.retry', 'xstate.init', 'xstate.done.actor.loadLimits'].includes(event.type)) {
    expect(calls).toEqual([]);
  }
  if (stateKey(after) === 'confirming') expect(amountError(context)).toBeNull();
  if (event.type === 'xstate.init') {
    expect(calls).toEqual([{ actor: 'loadLimits', input: undefined }]);
    expect([context.amount, context.bonusHeld, context.balance]).toEqual(['', false, input.balance]);
  }
}

describeModels('withdraw', withdrawModels, {
  tags: {
    loadingLimits: ['busy', 'loading'],
    checkingBonus: ['busy', 'loading'],
    limitsFailed: ['limitsFailed'],
    ...moneyActionTags,
  },
  check(step, flow) {
    check(step);
    checkInvariants(step, flow.input as WithdrawInput);
  },
});
