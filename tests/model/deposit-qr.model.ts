/**
 * The deposit modal's QR payments as a test model: the machine only
 * coordinates its three provider children (each has its own model), so
 * what the children may tell it is all that is offered: a QR created on
 * each provider, and a payment.
 */
import { depositQrMachine } from '../../machines/deposit-qr/deposit-qr.machine.ts';
import { QR_PROVIDERS } from '../../src/contract/deposit.ts';
import { HOME_NEWS } from './home.model.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type DepositQr = typeof depositQrMachine;

const events = {
  'qr.created': () => QR_PROVIDERS.map((provider) => ({ type: 'qr.created', provider }) as const),
  'qr.paid': () => [{ type: 'qr.paid', amount: 100 }],
  // The server's news (docs/decisions/0141-wallet-news.md): a deposit, which makes every provider look again, and a transfer, which does not.
  'wallet.changed': () => [
    { type: 'wallet.changed', news: { ...HOME_NEWS } },
    { type: 'wallet.changed', news: { ...HOME_NEWS, changes: [{ kind: 'transfer', amount: 40, direction: 'out' }] } },
  ],
} satisfies EventFixtures<DepositQr>;

export const SERVER_MINIMUMS = { KBANK: 20, WW: 50 };
export const SERVER_MAXIMUM = 200_000;

export const depositQrModels: FlowModel<DepositQr>[] = [
  {
    name: 'deposit QR payments',
    machine: depositQrMachine,
    input: { serverMinimums: SERVER_MINIMUMS, serverMaximum: SERVER_MAXIMUM },
    events: offerAll(events),
    // The children run for the machine's life and never answer; a failing one stops alone.
    replies: { provider: [] },
    abstraction: () => ({}),
  },
];
