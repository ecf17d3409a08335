import type { TransferContext, TransferInput } from '../../machines/transfer/transfer.types.ts';
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
import { TRANSFER_ACCOUNTS, TRANSFER_KEY_PREFIX, transferModels } from './transfer.model.ts';

/** spec 5, written out independently of the machine. */
function formError(context: TransferContext): string | null {
  const known = (code: string) => TRANSFER_ACCOUNTS.includes(code);
  if (context.mode === 'all') return known(context.to) && context.to !== 'WALLET' ? null : 'ACCOUNT_INCORRECT';
  if (!known(context.from) || !known(context.to)) return 'ACCOUNT_INCORRECT';
  if (context.from === context.to) return 'SAME_ACCOUNT';
  // spec 2: between the wallet and a game account.
  if (context.from !== 'WALLET' && context.to !== 'WALLET') return 'ACCOUNT_INCORRECT';
  if (!/^\d+(\.\d{1,2})?$/.test(context.amount)) return 'AMOUNT_INVALID';
  if (Number(context.amount) < 1) return 'TRANSFER_MINIMUM';
  return null;
}

function expectedOrder(context: TransferContext) {
  return context.mode === 'all'
    ? { kind: 'all', to: context.to }
    : { kind: 'amount', from: context.from, to: context.to, amount: Number(context.amount) };
}

const moneyAction: MoneyActionSpec<TransferContext> = {
  flow: 'transfer',
  keyPrefix: TRANSFER_KEY_PREFIX,
  request: expectedOrder,
};

function check(step: ReplayedStep) {
  if (checkMoneyActionStep(step, moneyAction)) return;
  const { event, before, after } = step;
  const was = (state: string) => (before ? stateKey(before) === state : false);
  const now = stateKey(after);
  const previous = before?.context as TransferContext;
  const context = after.context as TransferContext;
  const unchanged = () => expect([after.value, context]).toEqual([before?.value, previous]);

  switch (event.type) {
    case 'field.change':
      if (!was('editing')) return unchanged();
      return expect(context).toEqual({ ...previous, [event.field]: event.value, error: null });
    case 'mode.change': {
      if (!was('editing')) return unchanged();
      // Transfer-all always takes the wallet, and never into the wallet.
      const all = event.mode === 'all' ? { from: 'WALLET', to: previous.to === 'WALLET' ? '' : previous.to } : {};
      return expect(context).toEqual({ ...previous, ...all, mode: event.mode, error: null });
    }
    case 'transfer.submit': {
      if (!was('editing')) return unchanged();
      const error = formError(previous);
      return expect([now, context]).toEqual([error ? 'editing' : 'confirming', { ...previous, error }]);
    }
  }
}

function checkInvariants(step: ReplayedStep, input: TransferInput) {
  checkMoneyActionInvariants(step, TRANSFER_KEY_PREFIX);
  const { event, after, calls } = step;
  const context = after.context as TransferContext;
  if (!['transfer.confirm', 'transfer.retry', 'connectivity.online'].includes(event.type)) expect(calls).toEqual([]);
  if (context.mode === 'all') expect(context.from).toBe('WALLET');
  if (stateKey(after) === 'confirming') expect(formError(context)).toBeNull();
  if (event.type === 'xstate.init') {
    const known = (code?: string) => (code && TRANSFER_ACCOUNTS.includes(code) ? code : '');
    const all = input.initial?.all === true;
    expect(context).toMatchObject({
      mode: all ? 'all' : 'amount',
      from: all ? 'WALLET' : known(input.initial?.from),
      to: known(input.initial?.to),
      actions: 0,
      saved: false,
    });
  }
}

describeModels('transfer', transferModels, {
  tags: moneyActionTags,
  check(step, flow) {
    check(step);
    checkInvariants(step, flow.input as TransferInput);
  },
});
