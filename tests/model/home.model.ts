/**
 * The member home's modals as a test model: what the member opens, and how
 * each modal ends. The transfer, withdraw and game account modals are
 * machines the home invokes (each with its own model), and so is the
 * deposit modal, which may also tell of a credit; here they end as their
 * outputs say.
 */
import type { GameAccountItem } from '../../src/contract/api.ts';
import type { GameAccountOutput } from '../../machines/game-account/game-account.types.ts';
import { homeMachine } from '../../machines/home/home.machine.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

export const HOME_KEY_SEED = 'model-home';
export const HOME_ACCOUNTS = ['WALLET', 'SLOT1'];
export const HOME_CARD: GameAccountItem = {
  code: 'SLOT1',
  name: 'Slot one',
  category: 'slot',
  isActive: true,
  amount: 250,
  ftWalletSlot: 1,
  logo: '',
  background: '',
  web: null,
  android: null,
  ios: null,
};

const events = {
  'deposit.open': () => [{ type: 'deposit.open' }],
  'deposit.credited': () => [{ type: 'deposit.credited' }],
  'withdraw.open': () => [{ type: 'withdraw.open', balance: 750 }],
  'transfer.open': () => [{ type: 'transfer.open', start: { from: 'WALLET' }, accounts: HOME_ACCOUNTS }],
  'game.open': () => [{ type: 'game.open', card: HOME_CARD, accounts: HOME_ACCOUNTS }],
  'game.gone': () => [{ type: 'game.gone' }],
  'invite.open': () => [{ type: 'invite.open' }],
  'refund.open': () => [{ type: 'refund.open' }],
  'sheet.close': () => [{ type: 'sheet.close' }],
} satisfies EventFixtures<typeof homeMachine>;

const modalEnds = [{ saved: false }, { saved: true }];

export const homeModels: FlowModel<typeof homeMachine>[] = [
  {
    name: 'home modals',
    machine: homeMachine,
    input: { keySeed: HOME_KEY_SEED },
    events: offerAll(events),
    replies: {
      deposit: modalEnds,
      transfer: modalEnds,
      withdraw: modalEnds,
      gameAccount: [
        { saved: false, transferFrom: null },
        { saved: true, transferFrom: null },
        { saved: false, transferFrom: 'SLOT1' },
      ] satisfies GameAccountOutput[],
    },
    // The game a game modal is for, where a transfer starts, and whether a money modal was opened before (its keys are new each time).
    abstraction: ({ context }) => ({
      game: context.game?.code ?? null,
      transfer: context.transfer ? JSON.stringify(context.transfer) : null,
      'opened before': context.openings > 1,
    }),
  },
];
