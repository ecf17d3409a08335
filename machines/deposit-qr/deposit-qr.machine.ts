/**
 * The QR payments of the deposit modal (spec 2): one child per provider
 * (machines/qr-countdown), all watched while the modal is open, and the
 * rule between them: a QR created on one provider makes the others read
 * theirs again (the server replaced them). A payment seen by any provider
 * is told to its parent (machines/deposit), which tells the member and the home.
 */
import { enqueueActions, sendParent, setup } from 'xstate';
import { QR_PROVIDERS, type QrProvider } from '../../src/contract/deposit.ts';
import { qrMinimum } from '../../src/contract/rules/money.ts';
import { qrCountdownMachine } from '../qr-countdown/qr-countdown.machine.ts';
import type { QrCountdownContext, QrCountdownEvent } from '../qr-countdown/qr-countdown.types.ts';
import type { DepositQrEvent, DepositQrInput } from './deposit-qr.types.ts';

/** How a provider child tells this machine what happened: its two hooks, wired to its parent. */
const providerHooks = {
  qrCreated: sendParent<QrCountdownContext, QrCountdownEvent, { provider: QrProvider }, DepositQrEvent, QrCountdownEvent>((_, params) => ({
    type: 'qr.created',
    provider: params.provider,
  })),
  paymentReceived: sendParent<QrCountdownContext, QrCountdownEvent, { amount: number }, DepositQrEvent, QrCountdownEvent>((_, params) => ({
    type: 'qr.paid',
    amount: params.amount,
  })),
};

/** A provider child with its I/O (the view's actors over the API client), wired to tell this machine. */
export function qrProvider(io: Parameters<typeof qrCountdownMachine.provide>[0]['actors'] = {}) {
  return qrCountdownMachine.provide({ actions: providerHooks, actors: io });
}

/** A provider child's input: its minimum is the client's floor or the server's setting (the shared rule). */
const providerInput = (provider: QrProvider, { serverMinimums, serverMaximum }: DepositQrInput) => ({
  provider,
  minimum: qrMinimum(provider, serverMinimums),
  maximum: serverMaximum ?? null,
});

export const depositQrMachine = setup({
  types: {
    context: {} as DepositQrInput,
    events: {} as DepositQrEvent,
    input: {} as DepositQrInput,
    children: {} as { KBANK: 'provider'; WW: 'provider'; E2P: 'provider' },
  },
  actors: {
    provider: qrProvider(),
  },
  guards: {
    depositArrived: ({ event }) => event.type === 'wallet.changed' && event.news.changes.some((change) => change.kind === 'deposit' && change.direction === 'in'),
  },
  actions: {
    refreshAll: enqueueActions(({ enqueue }) => {
      for (const provider of QR_PROVIDERS) enqueue.sendTo(provider, { type: 'qr.refresh' });
    }),
    refreshOthers: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'qr.created') return;
      for (const provider of QR_PROVIDERS) if (provider !== event.provider) enqueue.sendTo(provider, { type: 'qr.refresh' });
    }),
    // Provided by its parent (machines/deposit): money arrived.
    announcePaid: (_, _params: { amount: number }) => {},
  },
}).createMachine({
  id: 'depositQr',
  description:
    'The deposit modal\'s QR payments: one provider child each (KBANK, WW, E2P), watched while the modal is open. A QR created on one provider makes the others read theirs again (spec 2); a payment is told to the deposit modal. A deposit the server tells of makes every provider read its QR at once (the 5 s re-read is the fallback). A provider that fails (a bug) stops alone.',
  context: ({ input }) => input,
  invoke: [
    { id: 'KBANK', src: 'provider', input: ({ context }) => providerInput('KBANK', context), onError: { actions: [] } },
    { id: 'WW', src: 'provider', input: ({ context }) => providerInput('WW', context), onError: { actions: [] } },
    { id: 'E2P', src: 'provider', input: ({ context }) => providerInput('E2P', context), onError: { actions: [] } },
  ],
  initial: 'watching',
  states: {
    watching: {
      on: {
        'qr.created': { actions: 'refreshOthers' },
        'qr.paid': { actions: { type: 'announcePaid', params: ({ event }) => ({ amount: event.amount }) } },
        // A deposit told by the server (docs/decisions/0141-wallet-news.md): each provider reads its QR now; a QR paid shows at once.
        'wallet.changed': { guard: 'depositArrived', actions: 'refreshAll' },
      },
    },
  },
});
