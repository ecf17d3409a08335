import { assertEvent, assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { amountText, parseAmount } from '../shared/amount.ts';
import {
  moneyActionActions,
  moneyActionGuards,
  moneyActionStart,
  moneyActionStates,
  type MoneyMoved,
} from '../shared/money-action.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import type {
  WithdrawContext,
  WithdrawEvent,
  WithdrawInput,
  WithdrawLimits,
  WithdrawTag,
} from './withdraw.types.ts';

/** The typed amount; the guards before it have made sure it is one. */
const amountOf = (context: WithdrawContext) => parseAmount(context.amount) ?? 0;

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
    tags: {} as WithdrawTag,
  },
  actors: {
    loadLimits: notProvided<Result<WithdrawLimits>>('loadLimits'),
    postWithdrawal: notProvided<Result<MoneyMoved>, { amount: number; idempotencyKey: string }>('postWithdrawal'),
  },
  actions: {
    storeLimits: assign((_, result: Result<WithdrawLimits>) => ({ limits: okData(result), error: null })),
    showLimitsFailure: assign((_, result: Result<WithdrawLimits>) => ({ error: failureMessage(result) })),
    showLimitsNetworkError: assign({ error: NETWORK_ERROR }),
    setAmount: assign(({ event }) => {
      assertEvent(event, 'amount.change');
      return { amount: event.value, error: null };
    }),
    reject: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: null }),
  },
  guards: {
    amountInvalid: ({ context }) => parseAmount(context.amount) === null,
    // spec 5: users with a bonus must withdraw the full amount.
    partOfBalanceWithBonus: ({ context }) => context.bonusHeld && amountOf(context) !== context.balance,
    // The wallet answer's amount is what is available (pending withdrawals are held back).
    aboveBalance: ({ context }) => amountOf(context) > context.balance,
    // spec 5: at least withdrawMin and at most withdrawMax (server values; messages give the limit).
    belowMinimum: ({ context }) => amountOf(context) < context.limits!.withdrawMin,
    aboveMaximum: ({ context }) => amountOf(context) > context.limits!.withdrawMax,
  },
})
  .extend({ actions: moneyActionActions<WithdrawContext, WithdrawEvent>(), guards: moneyActionGuards })
  .createMachine({
    id: 'withdraw',
    description:
      'The withdraw modal: an amount from the wallet to the member\'s bank account within the server\'s limits (spec 2, spec 5 Withdraw), sent with POST /api/wallet/withdrawAll. One idempotency key per confirmed action; a retry after no answer sends the same key.',
    context: ({ input }) => ({
      balance: input.balance,
      bonusHeld: input.bonusHeld,
      limits: null,
      // A held bonus allows only the full amount: start with it.
      amount: input.bonusHeld ? amountText(input.balance) : '',
      ...moneyActionStart(input.keyPrefix),
    }),
    output: ({ context }) => ({ saved: context.saved }),
    initial: 'loadingLimits',
    states: {
      loadingLimits: {
        tags: ['loading', 'busy'],
        description: 'GET /api/lookup/withdraw: withdrawMin and withdrawMax.',
        invoke: {
          id: 'loadLimits',
          src: 'loadLimits',
          onDone: [
            { guard: { type: 'succeeded', params: actorOutput }, target: 'editing', actions: { type: 'storeLimits', params: actorOutput } },
            { target: 'limitsFailed', actions: { type: 'showLimitsFailure', params: actorOutput } },
          ],
          onError: { target: 'limitsFailed', actions: 'showLimitsNetworkError' },
        },
        on: {
          'modal.close': 'closed',
        },
      },
      limitsFailed: {
        tags: 'limitsFailed',
        description: 'Without the limits nothing can be checked: the error and a retry show instead of the form.',
        on: {
          'limits.retry': 'loadingLimits',
          'modal.close': 'closed',
        },
      },
      editing: {
        tags: 'editing',
        on: {
          'amount.change': { actions: 'setAmount' },
          'withdraw.submit': [
            { guard: 'amountInvalid', actions: { type: 'reject', params: { error: 'AMOUNT_INVALID' } } },
            { guard: 'partOfBalanceWithBonus', actions: { type: 'reject', params: { error: 'FULL_AMOUNT_REQUIRED' } } },
            { guard: 'aboveBalance', actions: { type: 'reject', params: { error: 'AMOUNT_ABOVE_BALANCE' } } },
            { guard: 'belowMinimum', actions: { type: 'reject', params: { error: 'AMOUNT_BELOW_MINIMUM' } } },
            { guard: 'aboveMaximum', actions: { type: 'reject', params: { error: 'AMOUNT_ABOVE_MAXIMUM' } } },
            { target: 'confirming', actions: 'clearError' },
          ],
          'modal.close': 'closed',
        },
      },
      ...moneyActionStates({
        flow: 'withdraw',
        actor: 'postWithdrawal',
        input: ({ context }: { context: WithdrawContext }) => ({
          amount: amountOf(context),
          idempotencyKey: context.idempotencyKey!,
        }),
        descriptions: {
          confirming: 'docs/product/ui.md: a money action is confirmed before it moves money. The review shows the amount and the bank account.',
          submitting: 'POST /api/wallet/withdrawAll with the action\'s idempotency key. The modal cannot close meanwhile.',
          succeeded: 'spec 7: the wait-for-the-transfer message, with the amount and the bank account.',
          outcomeUnknown:
            'No answer came: the withdrawal may have been made. Only a retry with the same key is offered, or closing, which reads the wallet again.',
        },
      }),
    },
  });
