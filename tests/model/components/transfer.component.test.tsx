/**
 * The transfer modal's model paths replayed in the real TransferModal, for
 * each of its openings (from the wallet, preset to transfer all into a game,
 * preset from a game): one shortest path to every state, mode and error the
 * model can show. The wallet lists the model's accounts (PG and JOKER
 * active); a choice the form does not list (the wallet as the destination
 * of a transfer-all) is not a path the member can walk.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MoneyActionInput } from '../../../machines/money-action/money-action.types.ts';
import type { TransferContext, TransferInput, TransferOrder } from '../../../machines/transfer/transfer.types.ts';
import type { GameAccountItem, WalletResponse } from '../../../src/contract/api.ts';
import { messageText } from '../../../src/features/errors/messages.ts';
import { formatMoney } from '../../../src/features/ui/money.ts';
import { TransferModal } from '../../../src/features/transfer/TransferModal.tsx';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, keyPrefix, newFakeApi } from '../support/fake-api.ts';
import { backOnline, renderModal } from '../support/modal-harness.tsx';
import { transferActors } from '../../../machines/transfer/transfer.actors.ts';
import { transferMachine } from '../../../machines/transfer/transfer.machine.ts';
import { apiAnswerOf, askCall, expectOutcomeUnknown, moneyActionFollowUps, retryButton } from '../support/money-action.ts';
import { stateKey, type FlowModel } from '../support/flow-model.ts';
import { expect } from '../support/step-expect.ts';
import { TRANSFER_KEY_PREFIX, transferModels } from '../transfer.model.ts';
import { slot, walletAnswer } from '../balance.model.ts';

const game = (code: string, name: string, amount: number): GameAccountItem => ({ ...slot(code, 'slot', amount, true), name });

/** The model's accounts: the wallet, PG and JOKER. */
const WALLET: WalletResponse = {
  ...walletAnswer(500, '2025-06-01T10:00:00.000Z'),
  slots: [game('PG', 'PG Soft', 50), game('JOKER', 'Joker Gaming', 0)],
};
const money = (amount: number) => formatMoney(amount, 'BAHT');
const accountName = (code: string) => (code === 'WALLET' ? 'Wallet' : (WALLET.slots.find((slot) => slot.code === code)?.name ?? code));

/** The form's texts of its own codes (TransferModal), the catalogue's for the server's. */
function errorText({ error }: TransferContext): string {
  switch (error) {
    case null:
      return '';
    case 'ACCOUNT_INCORRECT':
      return 'Please select correct account';
    case 'SAME_ACCOUNT':
      return 'Cannot transfer to or from same account';
    case 'AMOUNT_INVALID':
      return 'Enter the amount in numbers, with at most 2 decimals.';
    case 'TRANSFER_MINIMUM':
      return `Minimum amount is ${money(1)}`;
    default:
      return messageText(i18n, error);
  }
}

/** The form lists the wallet as a destination only for an amount. */
function offers(event: AnyEventObject, before: AnyMachineSnapshot): boolean {
  const context = before.context as TransferContext;
  return !(event.type === 'field.change' && event.field === 'to' && event.value === 'WALLET' && context.mode === 'all');
}

function driver(input: TransferInput, onClose: (saved: boolean) => void): ViewDriver {
  const dialog = () => screen.getByRole('dialog');
  const view = () => within(dialog());
  const button = (name: string) => view().getByRole('button', { name });
  const select = (label: string) => view().getByRole('combobox', { name: label }) as HTMLSelectElement;
  return {
    render: () =>
      renderModal({
        logic: transferMachine.provide({ actors: transferActors(fakeApiClient()) }),
        input,
        onEnd: (output) => onClose(output.saved),
        children: (machine) => <TransferModal machine={machine} wallet={WALLET} />,
      }),
    perform(event: AnyEventObject, before: AnyMachineSnapshot) {
      switch (event.type) {
        case 'field.change':
          if (event.field === 'amount') return void fireEvent.change(view().getByLabelText('Amount'), { target: { value: event.value } });
          return void fireEvent.change(select(event.field === 'from' ? 'From' : 'To'), { target: { value: event.value } });
        case 'mode.change':
          return void fireEvent.click(view().getByRole('radio', { name: event.mode === 'all' ? 'All to a game' : 'An amount' }));
        case 'transfer.submit':
          return void fireEvent.click(button('Continue'));
        case 'transfer.confirm':
          return void fireEvent.click(button('Confirm transfer'));
        case 'transfer.edit':
          return void fireEvent.click(button('Back'));
        case 'transfer.retry':
          return void fireEvent.click(button(retryButton((before.context as TransferContext).error)));
        case 'connectivity.online':
          return backOnline();
        case 'modal.close':
          return void fireEvent.click(view().getAllByRole('button', { name: 'Close' })[0]!);
        default:
          throw new Error(`No gesture for ${event.type}`);
      }
    },
    apiAnswer: apiAnswerOf,
    followUps: moneyActionFollowUps,
    apiCall: ({ input }) => {
      const { request: order, idempotencyKey, start } = input as MoneyActionInput<TransferOrder>;
      if (start === 'asking') return askCall(idempotencyKey);
      return order.kind === 'all'
        ? { name: 'transferAll', args: [{ to: order.to }, { idempotencyKey }] }
        : { name: 'transfer', args: [{ from: order.from, to: order.to, amount: order.amount }, { idempotencyKey }] };
    },
    expectView({ after, actions }) {
      const context = after.context as TransferContext;
      // The home hears how the modal ended: saved or not.
      expect(vi.mocked(onClose).mock.calls, 'onClose').toEqual(after.status === 'done' ? [[(after.output as { saved: boolean }).saved]] : []);
      if (after.status === 'done') return expect(screen.queryByRole('dialog'), 'the dialog closes').toBeNull();
      const all = context.mode === 'all';
      switch (stateKey(after)) {
        case 'editing': {
          const checked = (name: string) => (view().getByRole('radio', { name }) as HTMLInputElement).checked;
          expect([checked('An amount'), checked('All to a game')], 'mode').toEqual([!all, all]);
          if (all) expect(view().queryByRole('combobox', { name: 'From' }), 'no choice of the source').toBeNull();
          else expect(select('From').value, 'from').toBe(context.from);
          expect(select('To').value, 'to').toBe(context.to);
          if (all) expect(view().queryByLabelText('Amount'), 'no amount field').toBeNull();
          else expect((view().getByLabelText('Amount') as HTMLInputElement).value, 'amount field').toBe(context.amount);
          return expect(view().getByRole('alert').textContent, 'error line').toBe(errorText(context));
        }
        case 'confirming':
        case 'submitting': {
          const busy = after.hasTag('busy');
          const amount = all ? `All of your wallet (${money(WALLET.wallet.amount)})` : money(Number(context.amount));
          const rows = [...dialog().querySelectorAll('.money-summary dd')].map((row) => row.textContent);
          expect(rows, 'review').toEqual([amount, accountName(context.from), accountName(context.to)]);
          expect(button(busy ? 'Transferring…' : 'Confirm transfer').hasAttribute('disabled'), 'confirm disabled').toBe(busy);
          return expect(button('Back').hasAttribute('disabled'), 'back disabled').toBe(busy);
        }
        case 'succeeded':
          expect(view().getByRole('status').textContent).toBe('Transfer complete');
          return expect(view().getByText(context.result!.transferId)).toBeTruthy();
        case 'outcomeUnknown':
          return expectOutcomeUnknown(view(), context.error, errorText(context));
        default:
          throw new Error(`No view for ${stateKey(after)}`);
      }
    },
  };
}

for (const flow of transferModels as FlowModel[]) {
  describe(flow.name, () => {
    const outcome = (snapshot: AnyMachineSnapshot) =>
      `${stateKey(snapshot)} | ${(snapshot.context as TransferContext).mode} | ${(snapshot.context as TransferContext).error ?? ''}`;
    for (const path of viewPaths(flow, { outcome, offers })) {
      it(viewPathTitle(flow, path), async () => {
        const api = newFakeApi();
        keyPrefix.current = TRANSFER_KEY_PREFIX;
        await replayInView(flow, path, driver(flow.input as TransferInput, vi.fn()), api);
      });
    }
  });
}
