import { assertEvent, assign, setup } from 'xstate';
import { WALLET } from '../../src/contract/api.ts';
import { transferAccountsError, transferAllError, transferAmountError } from '../../src/contract/rules/money.ts';
import { actionEnded, asksAgain, invokeMoneyAction, moneyAction, moneyFlowStart, nextAction } from '../money-action/money-action.machine.ts';
import type { MoneyActionOutput } from '../money-action/money-action.types.ts';
import { NETWORK_ERROR } from '../shared/result.ts';
import { parseAmount } from '../shared/amount.ts';
import type { TransferContext, TransferEvent, TransferInput, TransferOrder, TransferTag } from './transfer.types.ts';

function initialContext(input: TransferInput): TransferContext {
  const known = (code: string | undefined) => (code !== undefined && input.accounts.includes(code) ? code : '');
  const all = input.initial?.all === true;
  const to = known(input.initial?.to);
  return {
    accounts: input.accounts,
    minimum: input.minimum,
    mode: all ? 'all' : 'amount',
    from: all ? WALLET : known(input.initial?.from),
    to: all && to === WALLET ? '' : to,
    amount: '',
    ...moneyFlowStart(input.keyPrefix),
  };
}

/** The request the reviewed form stands for. */
export function transferOrder(context: TransferContext): TransferOrder {
  return context.mode === 'all'
    ? { kind: 'all', to: context.to }
    : { kind: 'amount', from: context.from, to: context.to, amount: parseAmount(context.amount) ?? 0 };
}

export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as TransferInput,
    tags: {} as TransferTag,
    output: {} as { saved: boolean },
  },
  actors: {
    moneyAction: moneyAction<TransferOrder>(),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: event.value, error: null };
    }),
    // Transfer-all always takes the wallet; the wallet cannot be its destination.
    setMode: assign(({ context, event }) => {
      assertEvent(event, 'mode.change');
      return event.mode === 'all'
        ? { mode: event.mode, from: WALLET, to: context.to === WALLET ? '' : context.to, error: null }
        : { mode: event.mode, error: null };
    }),
    reject: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    startAction: assign(({ context }) => nextAction(context)),
    endAction: assign((_, output: MoneyActionOutput) => actionEnded(output)),
    showNetworkError: assign({ error: NETWORK_ERROR, saved: true }),
  },
  guards: {
    asksAgain,
    // spec 5: 'Please select correct account' (transfer-all needs a game).
    accountNotChosen: ({ context }) => {
      const known = (code: string) => context.accounts.includes(code);
      return context.mode === 'all'
        ? !known(context.to) || transferAllError(context.to) !== null
        : !known(context.from) || !known(context.to);
    },
    // spec 2 and 5: between the wallet and one game account (the shared rule: SAME_ACCOUNT, ACCOUNT_INCORRECT).
    accountsRefused: ({ context }) => context.mode === 'amount' && transferAccountsError(context.from, context.to) !== null,
    amountInvalid: ({ context }) => context.mode === 'amount' && parseAmount(context.amount) === null,
    // spec 5: 'Minimum amount is ...' (default 1, spec 9): the shared rule.
    amountBelowMinimum: ({ context }) =>
      context.mode === 'amount' && transferAmountError(parseAmount(context.amount) ?? 0, context.minimum) !== null,
    moved: (_, output: MoneyActionOutput) => output.outcome === 'moved',
    refused: (_, output: MoneyActionOutput) => output.outcome === 'refused',
  },
})
  .createMachine({
    id: 'transfer',
    description:
      'The transfer modal: an amount between the wallet and a game account, or the whole wallet into a game (spec 2, spec 5 Transfer). One idempotency key per confirmed action; a retry after no answer sends the same key.',
    context: ({ input }) => initialContext(input),
    output: ({ context }) => ({ saved: context.saved }),
    initial: 'editing',
    states: {
      editing: {
        tags: 'editing',
        on: {
          'field.change': { actions: 'setField' },
          'mode.change': { actions: 'setMode' },
          'transfer.submit': [
            { guard: 'accountNotChosen', actions: { type: 'reject', params: { error: 'ACCOUNT_INCORRECT' } } },
            {
              guard: 'accountsRefused',
              actions: { type: 'reject', params: ({ context }) => ({ error: transferAccountsError(context.from, context.to)! }) },
            },
            { guard: 'amountInvalid', actions: { type: 'reject', params: { error: 'AMOUNT_INVALID' } } },
            { guard: 'amountBelowMinimum', actions: { type: 'reject', params: { error: 'TRANSFER_MINIMUM' } } },
            { target: 'confirming', actions: 'clearError' },
          ],
          'modal.close': 'closed',
        },
      },
      confirming: {
        tags: 'confirming',
        description: 'docs/product/ui.md: a money action is confirmed before it moves money. The review shows from, to and the amount.',
        on: {
          'transfer.confirm': { target: 'submitting', actions: 'startAction' },
          'transfer.edit': 'editing',
          'modal.close': 'closed',
        },
      },
      submitting: {
        tags: ['confirming', 'busy'],
        description: 'The money action (machines/money-action) sends the order with the action\'s idempotency key. The modal cannot close meanwhile.',
        invoke: invokeMoneyAction(({ context }: { context: TransferContext }) => ({ request: transferOrder(context), idempotencyKey: context.idempotencyKey! })),
      },
      outcomeUnknown: {
        tags: 'outcomeUnknown',
        description: 'No answer came, and the server could not be asked (the money may have moved), or it never saw the key (NOT_SEEN: nothing moved). Only a retry with the same key is offered (it asks first, unless the server never saw the key), or closing, which reads the wallet again; when the connection is back the server is asked by itself.',
        on: {
          'transfer.retry': 'submitting',
          'connectivity.online': { guard: 'asksAgain', target: 'submitting' },
          'modal.close': 'closed',
        },
      },
      succeeded: {
        tags: 'succeeded',
        description: 'spec 7: a success alert and the transfer: amount, from, to, the new wallet balance.',
        on: { 'modal.close': 'closed' },
      },
      closed: {
        type: 'final',
        tags: 'closed',
        description: 'The modal ends; the home reads its output (saved: the wallet is read again).',
      },
    },
  });
