import { assertEvent, assign, setup } from 'xstate';
import { WALLET } from '../../src/contract/api.ts';
import type { HomeContext, HomeEvent, HomeTag } from './home.types.ts';

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    tags: {} as HomeTag,
  },
  actions: {
    setTransfer: assign(({ event }) => {
      assertEvent(event, 'transfer.open');
      return { transfer: event.start };
    }),
    setSlot: assign(({ event }) => {
      assertEvent(event, 'game.open');
      return { gameCode: event.gameCode };
    }),
    // The game account modal's button moves that game's money back to the wallet.
    transferFromGame: assign(({ event }) => {
      assertEvent(event, 'game.transfer');
      return { gameCode: null, transfer: { from: event.gameCode, to: WALLET } };
    }),
    forgetModal: assign({ gameCode: null, transfer: null }),
    // Provided by the view layer: the wallet machine reads the wallet again.
    reloadWallet: () => {},
  },
  guards: {
    saved: ({ event }) => event.type === 'modal.close' && event.saved,
  },
}).createMachine({
  id: 'home',
  description:
    'The member home\'s modals, one at a time (spec 2 Member home). Transfer, withdraw and game-account modals that close with saved=true refresh the wallet; so does a credit in the deposit modal.',
  context: { gameCode: null, transfer: null },
  initial: 'browsing',
  states: {
    browsing: {
      description: 'No modal is open.',
      on: {
        'deposit.open': 'depositing',
        'withdraw.open': 'withdrawing',
        'transfer.open': { target: 'transferring', actions: 'setTransfer' },
        'game.open': { target: 'gameAccount', actions: 'setSlot' },
        'invite.open': 'inviteInfo',
        'refund.open': 'refundInfo',
      },
    },
    depositing: {
      tags: 'modal:deposit',
      description: 'The deposit modal: bank transfer, QR payments and the mobile-wallet link. A credit seen there (a QR paid, a link redeemed) reads the wallet at once.',
      on: {
        'deposit.credited': { actions: 'reloadWallet' },
        // Closed while a link's answer never came: it may have been credited.
        'modal.close': [{ guard: 'saved', target: 'browsing', actions: 'reloadWallet' }, { target: 'browsing' }],
      },
    },
    withdrawing: {
      tags: 'modal:withdraw',
      on: {
        'modal.close': [{ guard: 'saved', target: 'browsing', actions: 'reloadWallet' }, { target: 'browsing' }],
      },
    },
    transferring: {
      tags: 'modal:transfer',
      on: {
        'modal.close': [
          { guard: 'saved', target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
          { target: 'browsing', actions: 'forgetModal' },
        ],
      },
    },
    gameAccount: {
      tags: 'modal:game',
      on: {
        'modal.close': [
          { guard: 'saved', target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
          { target: 'browsing', actions: 'forgetModal' },
        ],
        // The game modal gives way to the transfer modal; the wallet is read again
        // in case the game modal activated the account just before.
        'game.transfer': { target: 'transferring', actions: ['transferFromGame', 'reloadWallet'] },
      },
    },
    inviteInfo: {
      tags: 'modal:invite',
      description: 'Until invites arrive (next issue): a coming-soon sheet.',
      on: { 'modal.close': 'browsing' },
    },
    refundInfo: {
      tags: 'modal:refund',
      description: 'Until refunds arrive (next issue): a coming-soon sheet.',
      on: { 'modal.close': 'browsing' },
    },
  },
});
