/**
 * The QR payment's model paths replayed in the real QrPanel, on KBANK and on
 * WW (the deposit lookup lists only that provider; the panel's other
 * providers ask for their QR too, and are left waiting), with the QR
 * payments' machine as the deposit modal runs it: one shortest path to every
 * state, countdown phase and error the model can show, and every answer of a
 * check (a payment told to the deposit modal, an expiry). Time is vitest's fake
 * clock: each tick of the model is a second on it. A refresh comes from
 * another provider's new QR, not from the member: paths with one are not
 * walked here.
 */
import { i18n } from '@lingui/core';
import { fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { depositQrActors } from '../../../machines/deposit-qr/deposit-qr.actors.ts';
import { depositQrMachine } from '../../../machines/deposit-qr/deposit-qr.machine.ts';
import { countdownText, createDisabled } from '../../../machines/qr-countdown/qr-countdown.selectors.ts';
import type { QrCountdownContext, QrCountdownInput } from '../../../machines/qr-countdown/qr-countdown.types.ts';
import type { DepositLookupResponse, QrProvider } from '../../../src/contract/deposit.ts';
import { QrPanel } from '../../../src/features/deposit/QrPanel.tsx';
import { messageText } from '../../../src/features/errors/messages.ts';
import { formatMoney } from '../../../src/features/ui/money.ts';
import { countdownPhase, QR_MODEL_MAXIMUM, qrCountdownModels } from '../qr-countdown.model.ts';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, newFakeApi } from '../support/fake-api.ts';
import { renderModal } from '../support/modal-harness.tsx';
import { stateKey, type FlowModel, type ModelEdge } from '../support/flow-model.ts';
import { expect } from '../support/step-expect.ts';

const LABELS: Record<QrProvider, string> = { KBANK: 'KBANK QR', WW: 'WW', E2P: 'E2P' };
const money = (amount: number) => formatMoney(amount, 'BAHT');

function lookupFor(provider: QrProvider): DepositLookupResponse {
  return {
    banks: [
      {
        bankCode: provider,
        bankType: provider === 'KBANK' ? 'BANK' : 'PAYMENT',
        mode: 'AUTO',
        bankAccountName: 'MEKONG WALLET CO LTD',
        bankAccountNo: '0418812345',
        currency: 'BAHT',
        bank: { nameTH: provider, nameEN: provider },
      },
    ],
    wallets: [],
    isManual: false,
    qrMinutes: 15,
    slipClosingTime: '22:00',
    trueWalletMinimum: 2,
    qrMinimums: {},
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function driver(provider: QrProvider, paymentTold: (params: { amount: number }) => void): ViewDriver {
  const panel = () => within(document.body);
  const button = (name: string) => panel().getByRole('button', { name });
  // The QR payments as the deposit modal runs them: payments told through the hook it wires.
  const logic = depositQrMachine.provide({
    actors: depositQrActors(fakeApiClient()),
    actions: { announcePaid: (_, params) => paymentTold(params) },
  });
  return {
    render: () =>
      renderModal({
        logic,
        input: { serverMinimums: {}, serverMaximum: QR_MODEL_MAXIMUM },
        onEnd: () => {},
        children: (machine) => <QrPanel machine={machine} lookup={lookupFor(provider)} currency="BAHT" shown />,
      }),
    perform(event: AnyEventObject) {
      switch (event.type) {
        case 'amount.change':
          return void fireEvent.change(panel().getByLabelText('Amount'), { target: { value: event.value } });
        case 'amount.quick':
          return void fireEvent.click(within(panel().getByRole('group', { name: LABELS[provider] })).getByRole('button', { name: money(event.amount) }));
        case 'qr.create':
          return void fireEvent.click(button('Create QR code'));
        case 'qr.cancel':
          return void fireEvent.click(button('Cancel QR code'));
        case 'qr.new':
          return void fireEvent.click(panel().getByRole('button', { name: /Make (a new|another) QR code/ }));
        default:
          throw new Error(`No gesture for ${event.type}`);
      }
    },
    apiCall: ({ actor, input }) => {
      const { provider: bankCode, amount, qrcodeId } = input as { provider: QrProvider; amount?: number; qrcodeId?: string };
      if (actor === 'createQr') return { name: 'qrCreate', args: [{ amount }, { params: { bankCode } }] };
      if (actor === 'cancelQr') return { name: 'qrCancel', args: [{ params: { qrcodeId } }] };
      return { name: 'qrGet', args: [{ params: { bankCode } }] };
    },
    ignores: ({ name, args }) => name === 'qrGet' && (args[0] as { params: { bankCode: string } }).params.bankCode !== provider,
    expectView({ after, actions }) {
      const context = after.context as QrCountdownContext;
      const paid = actions.filter((action) => action.type === 'paymentReceived').map((action) => (action.params as { amount: number }).amount);
      expect(vi.mocked(paymentTold).mock.calls, 'payment told to the deposit modal').toEqual(paid.map((amount) => [{ amount }]));
      vi.mocked(paymentTold).mockClear();
      const errorText = context.error === null ? '' : messageText(i18n, context.error);
      switch (stateKey(after)) {
        case 'loading':
          expect(document.querySelector('.deposit-qr__placeholder[aria-busy="true"]'), 'placeholder').not.toBeNull();
          return expect(panel().queryByLabelText('Amount')).toBeNull();
        case 'none':
        case 'creating': {
          const busy = after.hasTag('busy');
          expect((panel().getByLabelText('Amount') as HTMLInputElement).value, 'amount field').toBe(context.amount);
          expect(panel().getByRole('alert').textContent, 'error line').toBe(errorText);
          const create = button(busy ? 'Creating the QR code…' : 'Create QR code');
          // spec 5: disabled below the provider's minimum.
          return expect(create.hasAttribute('disabled'), 'create disabled').toBe(busy || createDisabled(context));
        }
        case 'open.waiting.second':
        case 'open.checking.second':
        case 'open.cancelling.second': {
          const cancelling = stateKey(after) === 'open.cancelling.second';
          expect(panel().getByRole('timer').textContent, `countdown (${countdownPhase(context.secondsLeft)})`).toBe(countdownText(context.secondsLeft));
          expect(panel().getByRole('img', { name: `${LABELS[provider]} QR code for ${money(context.qr!.amount)}` })).toBeTruthy();
          expect(panel().getByRole('alert').textContent, 'error line').toBe(errorText);
          return expect(button(cancelling ? 'Cancelling…' : 'Cancel QR code').hasAttribute('disabled'), 'cancel disabled').toBe(cancelling);
        }
        case 'discarded':
          expect(
            panel().getByText(
              context.discarded === 'cancelled'
                ? 'You cancelled this QR code. Do not pay it any more.'
                : 'This QR code has expired (00:00). Do not pay it any more.',
            ),
          ).toBeTruthy();
          return expect(button('Make a new QR code')).toBeTruthy();
        case 'paid':
          expect(panel().getByText('Payment received')).toBeTruthy();
          expect(panel().getByText(money(context.qr!.amount))).toBeTruthy();
          return expect(button('Make another QR code')).toBeTruthy();
        default:
          throw new Error(`No view for ${stateKey(after)}`);
      }
    },
  };
}

const offers = (event: AnyEventObject) => event.type !== 'qr.refresh';
const outcome = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as QrCountdownContext;
  return `${stateKey(snapshot)} | ${context.qr ? countdownPhase(context.secondsLeft) : ''} | ${context.discarded ?? ''} | ${context.error ?? ''}`;
};
// Every answer of a check: still open, paid, expired, or no answer.
const edges = (edge: ModelEdge) => /^xstate\.(done|error)\.actor\.checkQr/.test(edge.event.type);

for (const flow of qrCountdownModels as FlowModel[]) {
  const { provider } = flow.input as QrCountdownInput;
  describe(flow.name, () => {
    for (const path of viewPaths(flow, { outcome, offers, edges })) {
      it(viewPathTitle(flow, path), async () => {
        const api = newFakeApi();
        await replayInView(flow, path, driver(provider, vi.fn()), api);
      });
    }
  });
}
