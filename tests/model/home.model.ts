/**
 * The member home's modals as a test model: what the member opens, and how
 * each modal ends. The transfer, withdraw and game account modals are
 * machines the home invokes (each with its own model), and so is the
 * deposit modal, which may also tell of a credit; so are the invite and
 * refund banners, the invite and refund modals, the receive-invite-bonus
 * dialog and the wheel modal. Here they end as their outputs say.
 */
import type { GameAccountItem } from '../../src/contract/api.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import type { GameAccountOutput } from '../../machines/game-account/game-account.types.ts';
import type { BannerThenModalOutput } from '../../machines/banner-then-modal/banner-then-modal.types.ts';
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

/** The wallet's invite figures the receive button passes. */
export const HOME_INVITE = { amount: 120, success: 3, fail: 1 };

/** The server's news of a deposit (docs/decisions/0141-wallet-news.md). */
export const HOME_NEWS: WalletChanged = {
  currency: 'BAHT',
  wallet: { amount: 1250 },
  slots: [],
  changes: [{ kind: 'deposit', amount: 500, direction: 'in' }],
  at: '2026-03-02T10:02:00.000Z',
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
  'invite.collect': () => [{ type: 'invite.collect', invite: HOME_INVITE }],
  'wheel.open': () => [{ type: 'wheel.open' }],
  'wallet.changed': () => [{ type: 'wallet.changed', news: HOME_NEWS }],
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
      banners: [{ open: true }, { open: false }] satisfies BannerThenModalOutput[],
      // The invite modal ends with nothing to tell.
      invite: [undefined],
      refund: modalEnds,
      inviteCollect: modalEnds,
      wheel: modalEnds,
    },
    // The game a game modal is for, where a transfer starts, and whether a money modal was opened before (its keys are new each time).
    abstraction: ({ context }) => ({
      game: context.game?.code ?? null,
      transfer: context.transfer ? JSON.stringify(context.transfer) : null,
      'opened before': context.openings > 1,
      invite: context.invite !== null,
    }),
  },
];
