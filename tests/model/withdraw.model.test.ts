import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
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
  // One event for the connection coming back: the unknown outcome and the form's reads hear it alike.
  online: 'read.online',
};

function check(step: ReplayedStep) {
  if (checkMoneyActionStep(step, moneyAction)) return;
  const { event, before, after, calls } = step;
  const was = (state: string) => (before ? stateKey(before) === state : false);
  const now = stateKey(after);
  const previous = before?.context as WithdrawContext;
  const context = after.context as WithdrawContext;
  const unchanged = () => expect([after.value, context]).toEqual([before?.value, previous]);
  /** No answer (docs/decisions/0146-reads-that-wait.md): no failure shows; the form's read waits in `offline`. */
  const waits = (offline: string) => expect([now, context]).toEqual([offline, { ...previous, attempts: nextAttempt(previous.attempts) }]);
  /** The read that waited starts again; nothing else changes. */
  const readsAgain = () => {
    const [state, actor] = was('limitsOffline') ? ['loadingLimits', 'loadLimits'] : ['checkingBonus', 'loadBonus'];
    expect([now, context]).toEqual([state, previous]);
    expect(calls).toEqual([{ actor, input: undefined }]);
  };
  const unanswered = (output: { ok: boolean; message?: string }) => !output.ok && output.message === NETWORK_ERROR;

  switch (event.type) {
    case 'amount.change':
      return was('editing') ? expect(context).toEqual({ ...previous, amount: event.value, error: null }) : unchanged();
    case 'limits.retry':
      if (!was('limitsFailed')) return unchanged();
      expect([now, context]).toEqual(['loadingLimits', previous]);
      return expect(calls).toEqual([{ actor: 'loadLimits', input: undefined }]);
    case 'read.online':
      if (was('limitsOffline') || was('bonusOffline')) return readsAgain();
      return unchanged();
    case 'withdraw.submit': {
      if (!was('editing')) return unchanged();
      const error = amountError(previous);
      return expect([now, context]).toEqual([error ? 'editing' : 'confirming', { ...previous, error }]);
    }
    case 'xstate.done.actor.loadLimits':
      if (event.output.ok) {
        // Then whether a bonus is held.
        expect(calls).toEqual([{ actor: 'loadBonus', input: undefined }]);
        return expect([now, context]).toEqual(['checkingBonus', { ...previous, limits: event.output.data, error: null, attempts: 0 }]);
      }
      if (unanswered(event.output)) return waits('limitsOffline');
      return expect([now, context]).toEqual(['limitsFailed', { ...previous, error: event.output.message }]);
    case 'xstate.done.actor.loadBonus': {
      if (unanswered(event.output)) return waits('bonusOffline');
      if (!event.output.ok) return expect([now, context]).toEqual(['limitsFailed', { ...previous, error: event.output.message }]);
      // spec 5: a held bonus allows only the full amount, which the form starts with.
      const bonusHeld = event.output.data.status;
      return expect([now, context]).toEqual([
        'editing',
        { ...previous, bonusHeld, amount: bonusHeld ? previous.balance.toFixed(2) : previous.amount, error: null, attempts: 0 },
      ]);
    }
    case 'xstate.error.actor.loadLimits':
      return waits('limitsOffline');
    case 'xstate.error.actor.loadBonus':
      return waits('bonusOffline');
  }
  if (/^xstate\.after\.retryDelay\./.test(event.type)) {
    // The backoff: 1 s after the first unanswered read, doubling to 30 s.
    expect(step.waited).toBe(retryDelay(previous.attempts));
    return readsAgain();
  }
}

function checkInvariants(step: ReplayedStep, input: WithdrawInput) {
  checkMoneyActionInvariants(step, WITHDRAW_KEY_PREFIX);
  const { event, after, calls } = step;
  const context = after.context as WithdrawContext;
  const readAgain = event.type === 'read.online' || /^xstate\.after\.retryDelay\./.test(event.type);
  if (!readAgain && !['withdraw.confirm', 'withdraw.retry', 'limits.retry', 'xstate.init', 'xstate.done.actor.loadLimits'].includes(event.type)) {
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
    limitsOffline: ['loading', 'offline'],
    bonusOffline: ['loading', 'offline'],
    limitsFailed: ['limitsFailed'],
    ...moneyActionTags,
  },
  check(step, flow) {
    check(step);
    checkInvariants(step, flow.input as WithdrawInput);
  },
});
