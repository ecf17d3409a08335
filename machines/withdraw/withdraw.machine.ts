import { assertEvent, assign, setup } from 'xstate';
import { fullAmountError, withdrawBalanceError, withdrawLimitError } from '../../src/contract/rules/money.ts';
import { actionEnded, asksAgain, invokeMoneyAction, moneyAction, moneyFlowStart, nextAction } from '../money-action/money-action.machine.ts';
import type { MoneyActionOutput } from '../money-action/money-action.types.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { amountText, parseAmount } from '../shared/amount.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import type { BonusActive, WithdrawContext, WithdrawEvent, WithdrawInput, WithdrawLimits, WithdrawTag } from './withdraw.types.ts';

/** The typed amount; the guards before it have made sure it is one. */
const amountOf = (context: WithdrawContext) => parseAmount(context.amount) ?? 0;

type WithdrawRule = 'fullAmount' | 'balance' | 'limits';

/**
 * A read the form needs before it shows (the limits, then whether a bonus is
 * held): on to `next` with the answer stored; a refusal shows with a retry;
 * no answer waits in `offline` and reads again (machines/shared/read-retry.ts,
 * docs/decisions/0146-reads-that-wait.md).
 */
function formRead<
  const TSrc extends 'loadLimits' | 'loadBonus',
  const TStore extends 'storeLimits' | 'storeBonus',
  const TNext extends 'checkingBonus' | 'editing',
  const TOffline extends 'limitsOffline' | 'bonusOffline',
>(src: TSrc, store: TStore, next: TNext, offline: TOffline) {
  const waits = { target: offline, actions: 'noteUnanswered' } as const;
  return {
    id: src,
    src,
    ...onAnswer({ target: next, action: store }, { target: 'limitsFailed', action: 'showLimitsFailure' }, [
      { guard: { type: 'unanswered', params: actorOutput }, ...waits },
    ]),
    onError: waits,
  } as const;
}

/** Waiting for the network before the read `target` (the view keeps the form's skeleton); the modal may close. */
function formReadWaits<const Target extends 'loadingLimits' | 'checkingBonus'>(target: Target) {
  return { ...retryWhenBack(target, { 'modal.close': 'closed' }), tags: ['loading', 'offline'] } as const;
}

/** The code a shared rule answers for the typed amount, or null. */
function ruleError(context: WithdrawContext, rule: WithdrawRule): string | null {
  const amount = amountOf(context);
  switch (rule) {
    case 'fullAmount':
      return fullAmountError(amount, context.balance, context.bonusHeld);
    case 'balance':
      return withdrawBalanceError(amount, context.balance);
    case 'limits':
      return withdrawLimitError(amount, context.limits!);
  }
}

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
    tags: {} as WithdrawTag,
    output: {} as { saved: boolean },
  },
  actors: {
    loadLimits: notProvided<Result<WithdrawLimits>>('loadLimits'),
    loadBonus: notProvided<Result<BonusActive>>('loadBonus'),
    moneyAction: moneyAction<{ amount: number }>(),
  },
  actions: {
    storeLimits: assign((_, result: Result<WithdrawLimits>) => ({ limits: okData(result), error: null, attempts: 0 })),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    // A held bonus allows only the full amount: start with it.
    storeBonus: assign(({ context }, result: Result<BonusActive>) => {
      const bonusHeld = okData(result).status;
      return { bonusHeld, amount: bonusHeld ? amountText(context.balance) : context.amount, error: null, attempts: 0 };
    }),
    showLimitsFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    setAmount: assign(({ event }) => {
      assertEvent(event, 'amount.change');
      return { amount: event.value, error: null };
    }),
    reject: assign((_, params: { error: string }) => ({ error: params.error })),
    rejectBy: assign(({ context }, rule: WithdrawRule) => ({ error: ruleError(context, rule) })),
    clearError: assign({ error: null }),
    startAction: assign(({ context }) => nextAction(context)),
    endAction: assign((_, output: MoneyActionOutput) => actionEnded(output)),
    showNetworkError: assign({ error: NETWORK_ERROR, saved: true }),
  },
  guards: {
    amountInvalid: ({ context }) => parseAmount(context.amount) === null,
    // The shared rules (src/contract/rules/money.ts), each with its one code, in the server's
    // order: withdrawMin and withdrawMax (server values; messages give the limit); the full
    // amount while a bonus is held; no more than is available (pending withdrawals are held back).
    breaksRule: ({ context }, rule: WithdrawRule) => ruleError(context, rule) !== null,
    succeeded,
    unanswered,
    asksAgain,
    moved: (_, output: MoneyActionOutput) => output.outcome === 'moved',
    refused: (_, output: MoneyActionOutput) => output.outcome === 'refused',
  },
  delays: retryDelays,
})
  .createMachine({
    id: 'withdraw',
    description:
      'The withdraw modal: an amount from the wallet to the member\'s bank account within the server\'s limits (spec 2, spec 5 Withdraw), sent with POST /api/wallet/withdrawAll. One idempotency key per confirmed action; a retry after no answer sends the same key.',
    context: ({ input }) => ({
      balance: input.balance,
      bonusHeld: false,
      limits: null,
      amount: '',
      attempts: 0,
      ...moneyFlowStart(input.keyPrefix),
    }),
    output: ({ context }) => ({ saved: context.saved }),
    initial: 'loadingLimits',
    states: {
      loadingLimits: {
        tags: ['loading', 'busy'],
        description: 'GET /api/lookup/withdraw: withdrawMin and withdrawMax.',
        invoke: formRead('loadLimits', 'storeLimits', 'checkingBonus', 'limitsOffline'),
        on: {
          'modal.close': 'closed',
        },
      },
      checkingBonus: {
        tags: ['loading', 'busy'],
        description: 'GET /api/bonus/check/active: a member holding a bonus must withdraw the full amount (spec 5), which the form then starts with.',
        invoke: formRead('loadBonus', 'storeBonus', 'editing', 'bonusOffline'),
        on: {
          'modal.close': 'closed',
        },
      },
      limitsOffline: formReadWaits('loadingLimits'),
      bonusOffline: formReadWaits('checkingBonus'),
      limitsFailed: {
        tags: 'limitsFailed',
        description: 'Without the limits (or whether a bonus is held) nothing can be checked: the server\'s refusal and a retry show instead of the form.',
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
            { guard: { type: 'breaksRule', params: 'limits' }, actions: { type: 'rejectBy', params: 'limits' } },
            { guard: { type: 'breaksRule', params: 'fullAmount' }, actions: { type: 'rejectBy', params: 'fullAmount' } },
            { guard: { type: 'breaksRule', params: 'balance' }, actions: { type: 'rejectBy', params: 'balance' } },
            { target: 'confirming', actions: 'clearError' },
          ],
          'modal.close': 'closed',
        },
      },
      confirming: {
        tags: 'confirming',
        description: 'docs/product/ui.md: a money action is confirmed before it moves money. The review shows the amount and the bank account.',
        on: {
          'withdraw.confirm': { target: 'submitting', actions: 'startAction' },
          'withdraw.edit': 'editing',
          'modal.close': 'closed',
        },
      },
      submitting: {
        tags: ['confirming', 'busy'],
        description: 'The money action (machines/money-action) sends POST /api/wallet/withdrawAll with the action\'s idempotency key. The modal cannot close meanwhile.',
        invoke: invokeMoneyAction(({ context }: { context: WithdrawContext }) => ({ request: { amount: amountOf(context) }, idempotencyKey: context.idempotencyKey! })),
      },
      outcomeUnknown: {
        tags: 'outcomeUnknown',
        description: 'No answer came, and the server could not be asked (the withdrawal may have been made), or it never saw the key (NOT_SEEN: nothing moved). Only a retry with the same key is offered (it asks first, unless the server never saw the key), or closing, which reads the wallet again; when the connection is back the server is asked by itself.',
        on: {
          'withdraw.retry': 'submitting',
          'read.online': { guard: 'asksAgain', target: 'submitting' },
          'modal.close': 'closed',
        },
      },
      succeeded: {
        tags: 'succeeded',
        description: 'spec 7: the wait-for-the-transfer message, with the amount and the bank account.',
        on: { 'modal.close': 'closed' },
      },
      closed: {
        type: 'final',
        tags: 'closed',
        description: 'The modal ends; the home reads its output (saved: the wallet is read again).',
      },
    },
  });
