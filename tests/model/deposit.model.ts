/**
 * The deposit modal as a test model: the member picks a way, the lookup
 * answers, fails or is read again, the QR payments, the link and the slip
 * upload tell of money (their machines have their own models), and the member closes it,
 * which the link's machine ends (or refuses: it does not end while a link
 * is on its way).
 */
import { depositMachine } from '../../machines/deposit/deposit.machine.ts';
import type { DepositLookupAnswer } from '../../machines/deposit/deposit.types.ts';
import type { TrueLinkOutput } from '../../machines/truelink/truelink.types.ts';
import type { DepositLookupResponse } from '../../src/contract/deposit.ts';
import { HOME_NEWS } from './home.model.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Deposit = typeof depositMachine;

export const DEPOSIT_KEY_PREFIX = 'model-deposit';

export const DEPOSIT_LOOKUP: DepositLookupResponse = {
  banks: [],
  wallets: [],
  isManual: false,
  qrMinutes: 15,
  slipClosingTime: '22:00',
  trueWalletMinimum: 2,
  qrMinimums: { KBANK: 20 },
  qrMaximum: 200_000,
};

const events = {
  'deposit.way': ({ context }) => (['bank', 'qr', 'link'] as const).filter((way) => way !== context.way).map((way) => ({ type: 'deposit.way', way })),
  'deposit.close': () => [{ type: 'deposit.close' }],
  'lookup.retry': () => [{ type: 'lookup.retry' }],
  'lookup.reload': () => [{ type: 'lookup.reload' }],
  // The shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
  'read.online': () => [{ type: 'read.online' }],
  'qr.paid': () => [{ type: 'qr.paid', amount: 100 }],
  'link.redeemed': () => [{ type: 'link.redeemed', amount: 50 }],
  'slip.credited': () => [{ type: 'slip.credited', amount: 500 }],
  'wallet.changed': () => [{ type: 'wallet.changed', news: HOME_NEWS }],
} satisfies EventFixtures<Deposit>;

export const depositModels: FlowModel<Deposit>[] = [
  {
    name: 'deposit modal',
    machine: depositMachine,
    input: { keyPrefix: DEPOSIT_KEY_PREFIX },
    events: offerAll(events),
    replies: {
      lookup: [{ ok: true, data: DEPOSIT_LOOKUP }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }, { ok: false, message: 'NETWORK_ERROR' }] satisfies DepositLookupAnswer[],
      // The QR payments run for the modal's life and never end.
      qr: [],
      // So does the slip upload.
      slipUpload: [],
      // The link's machine ends when the modal closes (the close event reaches it), saved or not.
      trueLink: [{ saved: false }, { saved: true }] satisfies TrueLinkOutput[],
    },
    // The way shown changes no rule: choosing one is an edge back to the same state.
    abstraction: ({ context }) => ({ 'lookup read': context.lookup !== null }),
  },
];
