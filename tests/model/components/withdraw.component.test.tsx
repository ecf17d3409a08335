/**
 * The withdraw modal's model paths replayed in the real WithdrawModal: one
 * shortest path to every state and error the model can show. The bonus-held
 * flow is the machine's alone: the modal passes no bonus yet (holdsBonus).
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MoneyActionInput } from '../../../machines/money-action/money-action.types.ts';
import type { WithdrawContext, WithdrawInput } from '../../../machines/withdraw/withdraw.types.ts';
import { messageText } from '../../../src/features/errors/messages.ts';
import { formatMoney } from '../../../src/features/ui/money.ts';
import { WithdrawModal } from '../../../src/features/withdraw/WithdrawModal.tsx';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, keyPrefix, newFakeApi } from '../support/fake-api.ts';
import { backOnline, renderModal } from '../support/modal-harness.tsx';
import { withdrawActors } from '../../../machines/withdraw/withdraw.actors.ts';
import { withdrawMachine } from '../../../machines/withdraw/withdraw.machine.ts';
import { apiAnswerOf, askCall, expectOutcomeUnknown, moneyActionFollowUps, retryButton } from '../support/money-action.ts';
import { stateKey } from '../support/flow-model.ts';
import { expect } from '../support/step-expect.ts';
import { walletAnswer } from '../balance.model.ts';
import { WITHDRAW_KEY_PREFIX, WITHDRAW_LIMITS, withdrawModels } from '../withdraw.model.ts';

const [flow] = withdrawModels;
// The model's balance of 3000: the wallet and its game balances together.
const WALLET = walletAnswer(2950, '2025-06-01T10:00:00.000Z');
const money = (amount: number) => formatMoney(amount, 'BAHT');

/** The form's texts of its own codes (WithdrawModal), the catalogue's for the server's. */
function errorText(context: WithdrawContext): string {
  switch (context.error) {
    case null:
      return '';
    case 'AMOUNT_INVALID':
      return 'Enter the amount in numbers, with at most 2 decimals.';
    case 'BONUS_REMAINING':
      return `You hold a bonus, so you must withdraw your whole balance of ${money(context.balance)}.`;
    case 'MONEY_NOT_ENOUGH':
      return `You can withdraw at most your balance of ${money(context.balance)}.`;
    case 'WITHDRAW_MINIMUM':
      return `The minimum withdrawal is ${money(WITHDRAW_LIMITS.withdrawMin)}.`;
    case 'WITHDRAW_MAXIMUM':
      return `The maximum withdrawal is ${money(WITHDRAW_LIMITS.withdrawMax)}.`;
    default:
      return messageText(i18n, context.error);
  }
}

function driver(input: WithdrawInput, onClose: (saved: boolean) => void): ViewDriver {
  const dialog = () => screen.getByRole('dialog');
  const button = (name: string) => within(dialog()).getByRole('button', { name });
  return {
    render: () =>
      renderModal({
        logic: withdrawMachine.provide({ actors: withdrawActors(fakeApiClient()) }),
        input,
        onEnd: (output) => onClose(output.saved),
        children: (machine) => <WithdrawModal machine={machine} wallet={WALLET} />,
      }),
    perform(event: AnyEventObject, before: AnyMachineSnapshot) {
      switch (event.type) {
        case 'amount.change':
          return void fireEvent.change(within(dialog()).getByLabelText('Amount'), { target: { value: event.value } });
        case 'withdraw.submit':
          return void fireEvent.click(button('Continue'));
        case 'withdraw.confirm':
          return void fireEvent.click(button('Confirm withdrawal'));
        case 'withdraw.edit':
          return void fireEvent.click(button('Back'));
        case 'withdraw.retry':
          return void fireEvent.click(button(retryButton((before.context as WithdrawContext).error)));
        case 'limits.retry':
          return void fireEvent.click(button('Try again'));
        case 'read.online':
          return backOnline();
        case 'modal.close':
          // The dialog's own close button (the corner one comes first).
          return void fireEvent.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);
        default:
          throw new Error(`No gesture for ${event.type}`);
      }
    },
    apiAnswer: apiAnswerOf,
    followUps: moneyActionFollowUps,
    apiCall: ({ actor, input }) => {
      if (actor === 'loadLimits') return { name: 'lookupWithdraw', args: [{}] };
      if (actor === 'loadBonus') return { name: 'bonusCheckActive', args: [{}] };
      const { request, idempotencyKey, start } = input as MoneyActionInput<{ amount: number }>;
      if (start === 'asking') return askCall(idempotencyKey);
      return { name: 'withdrawAll', args: [{ amount: request.amount }, { idempotencyKey }] };
    },
    expectView({ after, actions }) {
      const context = after.context as WithdrawContext;
      // The home hears how the modal ended: saved or not.
      expect(vi.mocked(onClose).mock.calls, 'onClose').toEqual(after.status === 'done' ? [[(after.output as { saved: boolean }).saved]] : []);
      if (after.status === 'done') return expect(screen.queryByRole('dialog'), 'the dialog closes').toBeNull();
      const view = within(dialog());
      const errorLine = () => view.getByRole('alert').textContent;
      switch (stateKey(after)) {
        case 'loadingLimits':
        case 'checkingBonus':
        case 'limitsOffline':
        case 'bonusOffline':
          // No answer is not an error: the skeleton stays while the read waits (docs/decisions/0146-reads-that-wait.md).
          expect(view.queryByRole('alert'), 'no error').toBeNull();
          expect(dialog().querySelector('[aria-busy="true"] .skeleton'), 'skeleton').not.toBeNull();
          return expect(view.queryByLabelText('Amount')).toBeNull();
        case 'limitsFailed':
          expect(errorLine()).toBe(errorText(context));
          return expect(view.getByRole('button', { name: 'Try again' })).toBeTruthy();
        case 'editing':
          expect((view.getByLabelText('Amount') as HTMLInputElement).value, 'amount field').toBe(context.amount);
          expect(errorLine(), 'error line').toBe(errorText(context));
          return expect(view.getByRole('button', { name: 'Continue' })).toBeTruthy();
        case 'confirming':
          expect(view.getByText(money(Number(context.amount)))).toBeTruthy();
          expect(view.getByRole('button', { name: 'Confirm withdrawal' }).hasAttribute('disabled')).toBe(false);
          return expect(view.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(false);
        case 'submitting':
          expect(view.getByRole('button', { name: 'Sending…' }).hasAttribute('disabled'), 'sending').toBe(true);
          return expect(view.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
        case 'succeeded':
          expect(view.getByRole('status').textContent).toBe('Withdrawal requested');
          expect(view.getByText(context.result!.transferId)).toBeTruthy();
          return expect(view.getByText(money(context.result!.wallet.amount))).toBeTruthy();
        case 'outcomeUnknown':
          return expectOutcomeUnknown(view, context.error, errorText(context));
        default:
          throw new Error(`No view for ${stateKey(after)}`);
      }
    },
  };
}

describe('withdraw modal', () => {
  // Besides: the connection coming back while the outcome is unknown (the modal asks the server by itself).
  for (const path of viewPaths(flow!, {
    edges: (edge) => edge.event.type === 'read.online' && stateKey(edge.source.snapshot) === 'outcomeUnknown' && edge.source.snapshot.context.error !== 'NOT_SEEN',
  })) {
    it(viewPathTitle(flow!, path), async () => {
      const api = newFakeApi();
      keyPrefix.current = WITHDRAW_KEY_PREFIX;
      await replayInView(flow!, path, driver(flow!.input as WithdrawInput, vi.fn()), api);
    });
  }
});
