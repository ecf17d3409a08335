import { assertEvent, assign, sendParent, sendTo, setup } from 'xstate';
import { WALLET } from '../../src/contract/api.ts';
import { TRANSFER_MIN_DEFAULT } from '../../src/contract/rules/money.ts';
import { depositMachine } from '../deposit/deposit.machine.ts';
import type { DepositContext, DepositEvent } from '../deposit/deposit.types.ts';
import type { GameAccountOutput } from '../game-account/game-account.types.ts';
import { gameAccountMachine } from '../game-account/game-account.machine.ts';
import { bannerThenModalMachine } from '../banner-then-modal/banner-then-modal.machine.ts';
import type { BannerThenModalOutput } from '../banner-then-modal/banner-then-modal.types.ts';
import { inviteCollectMachine } from '../invite-collect/invite-collect.machine.ts';
import { invitesMachine } from '../invites/invites.machine.ts';
import { refundReceiveMachine } from '../refund-receive/refund-receive.machine.ts';
import { actorOutput } from '../shared/actors.ts';
import { spinWheelMachine } from '../spin-wheel/spin-wheel.machine.ts';
import { transferMachine } from '../transfer/transfer.machine.ts';
import { withdrawMachine } from '../withdraw/withdraw.machine.ts';
import type { HomeContext, HomeEvent, HomeInput, HomeTag } from './home.types.ts';

/** The key prefix of the current opening: unique per home and opening. */
const keyPrefix = ({ keySeed, openings }: HomeContext) => `${keySeed}-${openings}`;

const savedOutput = (_: unknown, output: { saved: boolean }) => output.saved;

/** The deposit modal with its I/O (the view's actors over the API client), wired to tell the home of a credit. */
export function depositModal(io: Parameters<typeof depositMachine.provide>[0]['actors'] = {}) {
  return depositMachine.provide({
    actors: io,
    actions: { credited: sendParent<DepositContext, DepositEvent, unknown, HomeEvent, DepositEvent>({ type: 'deposit.credited' }) },
  });
}

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
    tags: {} as HomeTag,
    children: {} as {
      deposit: 'deposit';
      transfer: 'transfer';
      withdraw: 'withdraw';
      gameAccount: 'gameAccount';
      banners: 'banners';
      invite: 'invite';
      refund: 'refund';
      inviteCollect: 'inviteCollect';
      wheel: 'wheel';
    },
  },
  actors: {
    deposit: depositModal(),
    transfer: transferMachine,
    withdraw: withdrawMachine,
    gameAccount: gameAccountMachine,
    banners: bannerThenModalMachine,
    invite: invitesMachine,
    refund: refundReceiveMachine,
    inviteCollect: inviteCollectMachine,
    wheel: spinWheelMachine,
  },
  actions: {
    countOpening: assign(({ context }) => ({ openings: context.openings + 1 })),
    openWithdraw: assign(({ context, event }) => {
      assertEvent(event, 'withdraw.open');
      return { openings: context.openings + 1, withdraw: { balance: event.balance } };
    }),
    openTransfer: assign(({ context, event }) => {
      assertEvent(event, 'transfer.open');
      return { openings: context.openings + 1, transfer: event.start, accounts: event.accounts };
    }),
    openGame: assign(({ context, event }) => {
      assertEvent(event, 'game.open');
      return { openings: context.openings + 1, game: event.card, accounts: event.accounts };
    }),
    // The game account modal's transfer-only: that game's money back to the wallet.
    transferFromGame: assign(({ context }, output: GameAccountOutput) => ({
      openings: context.openings + 1,
      game: null,
      transfer: { from: output.transferFrom ?? undefined, to: WALLET },
    })),
    openInviteCollect: assign(({ context, event }) => {
      assertEvent(event, 'invite.collect');
      return { openings: context.openings + 1, invite: event.invite };
    }),
    forgetModal: assign({ withdraw: null, transfer: null, game: null, invite: null }),
    // Provided by the view layer: the balance machine reads the wallet again.
    reloadWallet: () => {},
  },
  guards: {
    saved: savedOutput,
    transferRequested: (_, output: GameAccountOutput) => output.transferFrom !== null,
    modalOpens: (_, output: BannerThenModalOutput) => output.open,
  },
}).createMachine({
  id: 'home',
  description:
    'The member home\'s modals, one at a time (spec 2 Member home). Every modal is a machine the home invokes, a fresh one per opening; one that ends saved refreshes the wallet, and the game account modal may end asking for a transfer from its game. A modal machine that fails (a bug) gives the home back and reads the wallet again. A credit the deposit modal sees refreshes the wallet while it stays open. The wallet\'s news from the server goes to the deposit or game account modal open then (docs/decisions/0141-wallet-news.md). Invite and refund show their banners first (when there are some); the refund modal, the receive-invite-bonus dialog and the wheel modal refresh the wallet when they end saved.',
  context: ({ input }) => ({ keySeed: input.keySeed, openings: 0, accounts: [], withdraw: null, transfer: null, game: null, invite: null }),
  initial: 'browsing',
  states: {
    browsing: {
      tags: 'browsing',
      description: 'No modal is open.',
      on: {
        'deposit.open': { target: 'depositing', actions: 'countOpening' },
        'withdraw.open': { target: 'withdrawing', actions: 'openWithdraw' },
        'transfer.open': { target: 'transferring', actions: 'openTransfer' },
        'game.open': { target: 'gameAccount', actions: 'openGame' },
        'invite.open': 'inviteBanners',
        'refund.open': { target: 'refundBanners', actions: 'countOpening' },
        'invite.collect': { target: 'collectingInvite', actions: 'openInviteCollect' },
        'wheel.open': { target: 'wheel', actions: 'countOpening' },
      },
    },
    depositing: {
      tags: 'modal:deposit',
      description: 'The deposit modal: bank transfer, QR payments and the mobile-wallet link. A credit seen there (a QR paid, a link redeemed) reads the wallet at once.',
      invoke: {
        id: 'deposit',
        src: 'deposit',
        input: ({ context }) => ({ keyPrefix: keyPrefix(context) }),
        onDone: [
          { guard: { type: 'saved', params: actorOutput }, target: 'browsing', actions: 'reloadWallet' },
          { target: 'browsing' },
        ],
        onError: { target: 'browsing', actions: 'reloadWallet' },
      },
      on: {
        'deposit.credited': { actions: 'reloadWallet' },
        'wallet.changed': { actions: sendTo('deposit', ({ event }) => event) },
      },
    },
    withdrawing: {
      tags: 'modal:withdraw',
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({ ...context.withdraw!, keyPrefix: keyPrefix(context) }),
        onDone: [
          { guard: { type: 'saved', params: actorOutput }, target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
          { target: 'browsing', actions: 'forgetModal' },
        ],
        onError: { target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
      },
    },
    transferring: {
      tags: 'modal:transfer',
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({
          accounts: context.accounts,
          minimum: TRANSFER_MIN_DEFAULT,
          initial: context.transfer ?? undefined,
          keyPrefix: keyPrefix(context),
        }),
        onDone: [
          { guard: { type: 'saved', params: actorOutput }, target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
          { target: 'browsing', actions: 'forgetModal' },
        ],
        onError: { target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
      },
    },
    gameAccount: {
      tags: 'modal:game',
      invoke: {
        id: 'gameAccount',
        src: 'gameAccount',
        input: ({ context }) => ({ card: context.game! }),
        onDone: [
          // The game modal gives way to the transfer modal; the wallet is read again
          // in case the game modal activated the account just before.
          {
            guard: { type: 'transferRequested', params: actorOutput },
            target: 'transferring',
            actions: [{ type: 'transferFromGame', params: actorOutput }, 'reloadWallet'],
          },
          { guard: { type: 'saved', params: actorOutput }, target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
          { target: 'browsing', actions: 'forgetModal' },
        ],
        onError: { target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
      },
      on: {
        'game.gone': { target: 'browsing', actions: 'forgetModal' },
        'wallet.changed': { actions: sendTo('gameAccount', ({ event }) => event) },
      },
    },
    inviteBanners: {
      tags: 'modal:banners',
      description: 'The invite banners first (machines/banner-then-modal): closing their carousel, or none to show, opens the invite modal.',
      invoke: {
        id: 'banners',
        src: 'banners',
        input: { area: 'invite' },
        onDone: [{ guard: { type: 'modalOpens', params: actorOutput }, target: 'inviting' }, { target: 'browsing' }],
        onError: 'browsing',
      },
    },
    inviting: {
      tags: 'modal:invite',
      description: 'The invite modal: the member\'s invite link with copy and share, and the invites table.',
      invoke: {
        id: 'invite',
        src: 'invite',
        onDone: 'browsing',
        onError: 'browsing',
      },
    },
    refundBanners: {
      tags: 'modal:banners',
      description: 'The refund banners first: closing their carousel, or none to show, opens the refund modal.',
      invoke: {
        id: 'banners',
        src: 'banners',
        input: { area: 'refund' },
        onDone: [{ guard: { type: 'modalOpens', params: actorOutput }, target: 'refunding' }, { target: 'browsing' }],
        onError: 'browsing',
      },
    },
    refunding: {
      tags: 'modal:refund',
      description: 'The refund modal; a refund received (or perhaps received) refreshes the wallet when it closes.',
      invoke: {
        id: 'refund',
        src: 'refund',
        input: ({ context }) => ({ keyPrefix: keyPrefix(context) }),
        onDone: [
          { guard: { type: 'saved', params: actorOutput }, target: 'browsing', actions: 'reloadWallet' },
          { target: 'browsing' },
        ],
        onError: { target: 'browsing', actions: 'reloadWallet' },
      },
    },
    collectingInvite: {
      tags: 'modal:invite-collect',
      description: 'The receive-invite-bonus confirm dialog; a bonus collected (or perhaps collected) refreshes the wallet.',
      invoke: {
        id: 'inviteCollect',
        src: 'inviteCollect',
        input: ({ context }) => ({ invite: context.invite!, keyPrefix: keyPrefix(context) }),
        onDone: [
          { guard: { type: 'saved', params: actorOutput }, target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
          { target: 'browsing', actions: 'forgetModal' },
        ],
        onError: { target: 'browsing', actions: ['forgetModal', 'reloadWallet'] },
      },
    },
    wheel: {
      tags: 'modal:wheel',
      description: 'The spin wheel modal (machines/spin-wheel): its spins are keyed by this opening\'s prefix; it ends saved when a coupon credited the wallet (or may have).',
      invoke: {
        id: 'wheel',
        src: 'wheel',
        input: ({ context }) => ({ keyPrefix: keyPrefix(context) }),
        onDone: [
          { guard: { type: 'saved', params: actorOutput }, target: 'browsing', actions: 'reloadWallet' },
          { target: 'browsing' },
        ],
        onError: { target: 'browsing', actions: 'reloadWallet' },
      },
    },
  },
});
