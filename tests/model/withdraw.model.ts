/**
 * The withdraw modal as a test model. The member types one of a few amounts
 * (each reaches one rule), and after their first confirmed action only
 * submits the same amount again: that second action is what shows a new key.
 * The model knows an amount by the rule it falls under, not by its digits.
 */
import type { MoneyActionOutput } from '../../machines/money-action/money-action.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { withdrawMachine } from '../../machines/withdraw/withdraw.machine.ts';
import type { BonusActive, MoneyMoved, WithdrawContext, WithdrawInput, WithdrawLimits } from '../../machines/withdraw/withdraw.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Withdraw = typeof withdrawMachine;

export const WITHDRAW_LIMITS: WithdrawLimits = { withdrawMin: 100, withdrawMax: 5000 };
export const WITHDRAW_KEY_PREFIX = 'model-withdraw';

/** spec 5, in the order the form checks it: which rule the typed amount falls under. */
export function withdrawAmountRule(context: Pick<WithdrawContext, 'amount' | 'balance' | 'bonusHeld'>): string {
  if (!/^\d+(\.\d{1,2})?$/.test(context.amount)) return 'not an amount';
  const amount = Number(context.amount);
  if (amount < WITHDRAW_LIMITS.withdrawMin) return 'below minimum';
  if (amount > WITHDRAW_LIMITS.withdrawMax) return 'above maximum';
  if (context.bonusHeld && amount !== context.balance) return 'not the whole balance';
  if (amount > context.balance) return 'above balance';
  return 'valid';
}

function withdrawModel(name: string, input: Omit<WithdrawInput, 'keyPrefix'>, bonusHeld: boolean, amounts: string[]): FlowModel<Withdraw> {
  const events = {
    'amount.change': ({ context }) =>
      context.actions > 0 ? [] : amounts.map((value) => ({ type: 'amount.change', value }) as const),
    'limits.retry': () => [{ type: 'limits.retry' }],
    'withdraw.submit': () => [{ type: 'withdraw.submit' }],
    // Two confirmed actions are enough to see that each gets its own key.
    'withdraw.confirm': ({ context }) => (context.actions < 2 ? [{ type: 'withdraw.confirm' }] : []),
    'withdraw.edit': () => [{ type: 'withdraw.edit' }],
    'withdraw.retry': () => [{ type: 'withdraw.retry' }],
    // The shell's connectivity actor is online again: an unknown outcome is asked again
    // (docs/decisions/0145-a-flaky-network.md), the form's reads waiting for it read now (0146).
    'read.online': () => [{ type: 'read.online' }],
    'modal.close': () => [{ type: 'modal.close' }],
  } satisfies EventFixtures<Withdraw>;
  return {
    name,
    machine: withdrawMachine,
    input: { ...input, keyPrefix: WITHDRAW_KEY_PREFIX },
    events: offerAll(events),
    // Whether the member holds a bonus is the server's answer (GET /api/bonus/check/active).
    replies: { ...replies, loadBonus: [{ ok: true, data: { status: bonusHeld, type: bonusHeld ? 'limit' : null } }, { ok: false, message: 'UNAUTHORIZED' }, { ok: false, message: 'NETWORK_ERROR' }] satisfies Result<BonusActive>[] },
    // Whether a money action was taken (each confirmed one gets the next key: the edges check it);
    // saved: the home reads the wallet again. The review and the sending show no error.
    abstraction: (snapshot) => ({
      amount: withdrawAmountRule(snapshot.context),
      error: snapshot.matches('submitting') ? null : snapshot.context.error,
      'action taken': snapshot.context.actions > 0,
      saved: snapshot.context.saved,
    }),
  };
}

const moved: MoneyMoved = { message: 'SUCCESS', amount: 500, wallet: { amount: 7500 }, transferId: '21' };

const replies = {
  // NETWORK_ERROR: a gateway's 502, 503 or 504 without a message, or past the time limit (src/api/answer.ts).
  loadLimits: [{ ok: true, data: WITHDRAW_LIMITS }, { ok: false, message: 'NO_DATA' }, { ok: false, message: 'NETWORK_ERROR' }] satisfies Result<WithdrawLimits>[],
  // How the money action (machines/money-action, with its own model) may end.
  moneyAction: [
    { outcome: 'moved', result: moved },
    { outcome: 'refused', error: 'MONEY_NOT_ENOUGH' },
    { outcome: 'unknown', error: 'INTERNAL_SERVER_ERROR' },
    // The server never saw the key: nothing moved, the same key may go again.
    { outcome: 'unknown', error: 'NOT_SEEN' },
  ] satisfies MoneyActionOutput[],
};

export const withdrawModels = [
  // Within the limits, below the minimum, above the maximum, above the balance (but within the limits), not an amount.
  withdrawModel('withdraw', { balance: 3000 }, false, ['500', '50', '6000', '4000', 'abc']),
  // spec 5: with a bonus only the full balance (filled in at the start) may go.
  withdrawModel('withdraw, bonus held', { balance: 300 }, true, ['200', '300']),
];
