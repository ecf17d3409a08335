/**
 * The transfer modal as a test model. To keep the state space small and
 * still reach every rule, the member fills the form in order (from, to, then
 * the amount, which they may retype), may switch between an amount and
 * transfer-all at any time, and after their first confirmed action only
 * submits the same form again: that second action is what shows a new key.
 * The model knows the accounts by their codes and an amount by the rule it
 * falls under, not by its digits.
 */
import { transferMachine } from '../../machines/transfer/transfer.machine.ts';
import type { MoneyMoved, TransferContext, TransferInput } from '../../machines/transfer/transfer.types.ts';
import type { MoneyActionOutput } from '../../machines/money-action/money-action.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Transfer = typeof transferMachine;

export const TRANSFER_ACCOUNTS = ['WALLET', 'PG', 'JOKER'];
export const TRANSFER_KEY_PREFIX = 'model-transfer';

const events = {
  'field.change': ({ context }) => {
    if (context.actions > 0) return [];
    if (context.mode === 'amount' && context.from === '') {
      return [
        { type: 'field.change', field: 'from', value: 'WALLET' },
        { type: 'field.change', field: 'from', value: 'PG' },
      ];
    }
    if (context.to === '') {
      return [
        { type: 'field.change', field: 'to', value: 'PG' },
        { type: 'field.change', field: 'to', value: 'WALLET' },
        { type: 'field.change', field: 'to', value: 'JOKER' },
      ];
    }
    if (context.mode === 'all') return [];
    // Enough, below the minimum of 1, and not an amount.
    return ['100', '0.50', '12abc'].map((value) => ({ type: 'field.change', field: 'amount', value }) as const);
  },
  'mode.change': ({ context }) =>
    context.actions > 0 ? [] : [{ type: 'mode.change', mode: context.mode === 'all' ? 'amount' : 'all' }],
  'transfer.submit': () => [{ type: 'transfer.submit' }],
  // Two confirmed actions are enough to see that each gets its own key.
  'transfer.confirm': ({ context }) => (context.actions < 2 ? [{ type: 'transfer.confirm' }] : []),
  'transfer.edit': () => [{ type: 'transfer.edit' }],
  'transfer.retry': () => [{ type: 'transfer.retry' }],
  // The shell's connectivity actor is online again (docs/decisions/0145-a-flaky-network.md).
  'connectivity.online': () => [{ type: 'connectivity.online' }],
  'modal.close': () => [{ type: 'modal.close' }],
} satisfies EventFixtures<Transfer>;

const moved: MoneyMoved = { message: 'SUCCESS', amount: 100, wallet: { amount: 400 }, transferId: '17' };

/** How the money action (machines/money-action, with its own model) may end. */
const replies = {
  moneyAction: [
    { outcome: 'moved', result: moved },
    { outcome: 'refused', error: 'MONEY_NOT_ENOUGH' },
    { outcome: 'refused', error: 'TRANSFER_FAIL' },
    { outcome: 'unknown', error: 'INTERNAL_SERVER_ERROR' },
    // The server never saw the key: nothing moved, the same key may go again.
    { outcome: 'unknown', error: 'NOT_SEEN' },
  ] satisfies MoneyActionOutput[],
};

/** spec 5: which rule a typed amount falls under (the minimum is 1); transfer-all takes no amount. */
export function transferAmountRule(context: Pick<TransferContext, 'mode' | 'amount' | 'minimum'>): string | null {
  if (context.mode === 'all' || context.amount === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(context.amount)) return 'not an amount';
  return Number(context.amount) < context.minimum ? 'below minimum' : 'valid';
}

/**
 * The accounts as the rules see them: the wallet, a game (any game the
 * wallet lists: one is as good as another), the same game, another game, or
 * a code the wallet does not list; '—' for none chosen yet.
 */
export function transferRoute({ mode, from, to }: Pick<TransferContext, 'mode' | 'from' | 'to'>): string {
  const account = (code: string, other?: string) => {
    if (code === '') return '—';
    if (code === 'WALLET') return 'wallet';
    if (!TRANSFER_ACCOUNTS.includes(code)) return 'unknown';
    if (other === undefined || !TRANSFER_ACCOUNTS.includes(other) || other === 'WALLET') return 'game';
    return code === other ? 'same game' : 'another game';
  };
  return mode === 'all' ? `all → ${account(to)}` : `${account(from)} → ${account(to, from)}`;
}

function transferModel(name: string, initial?: TransferInput['initial']): FlowModel<Transfer> {
  return {
    name,
    machine: transferMachine,
    input: { accounts: TRANSFER_ACCOUNTS, minimum: 1, initial, keyPrefix: TRANSFER_KEY_PREFIX },
    events: offerAll(events),
    replies,
    // Whether a money action was taken (each confirmed one gets the next key: the edges check it);
    // saved: the home reads the wallet again. The review and the sending show no error.
    abstraction: (snapshot) => ({
      route: transferRoute(snapshot.context),
      amount: transferAmountRule(snapshot.context),
      error: snapshot.matches('submitting') ? null : snapshot.context.error,
      'action taken': snapshot.context.actions > 0,
      saved: snapshot.context.saved,
    }),
  };
}

export const transferModels = [
  transferModel('transfer'),
  transferModel('transfer, preset to transfer all into a game', { to: 'PG', all: true }),
  // The game account modal's transfer-only button; a code without an account is ignored.
  transferModel('transfer, preset from a game, unknown destination', { from: 'PG', to: 'GONE' }),
];
