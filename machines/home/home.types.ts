/**
 * The member home's modals (spec 2 Member home): one at a time. The
 * transfer, withdraw and game account modals are machines the home invokes;
 * it reads how they ended (their output).
 */
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import type { GameAccountItem } from '../../src/contract/api.ts';
import type { InviteSummary } from '../invite-collect/invite-collect.types.ts';

/** How the transfer modal opens: from and to are WALLET or a game code; all = transfer everything to `to`. */
export interface TransferStart {
  from?: string;
  to?: string;
  all?: boolean;
}

export interface HomeInput {
  /** Random per home (the SPA passes crypto.randomUUID()): each opening of a money modal gets its own key prefix from it. */
  keySeed: string;
}

export interface HomeContext {
  keySeed: string;
  /** Keyed modals (deposit, transfer, withdraw, wheel, refund, invite bonus) opened so far: the n-th opening's keys start `{keySeed}-{n}`. */
  openings: number;
  /** Account codes a transfer may use (WALLET and the active game accounts), as the wallet said when a modal opened. */
  accounts: string[];
  /** What can be withdrawn, when the withdraw modal opened. */
  withdraw: { balance: number } | null;
  /** How the transfer modal starts (state transferring). */
  transfer: TransferStart | null;
  /** The card of the game whose account modal is open (state gameAccount). */
  game: GameAccountItem | null;
  /** The wallet's invite figures when the receive dialog opened (state collectingInvite). */
  invite: InviteSummary | null;
}

/** The wallet's news as the home's modals hear it. */
export interface WalletNewsEvent {
  type: 'wallet.changed';
  news: WalletChanged;
}

export type HomeEvent =
  | { type: 'deposit.open' }
  /** The deposit modal saw money arrive (a QR paid, a mobile-wallet link redeemed): read the wallet now. Its machine tells. */
  | { type: 'deposit.credited' }
  | { type: 'withdraw.open'; balance: number }
  | { type: 'transfer.open'; start: TransferStart; accounts: string[] }
  /** A game card was chosen: its account modal (an inactive one offers activation). `accounts` serve a transfer-only that follows. */
  | { type: 'game.open'; card: GameAccountItem; accounts: string[] }
  /** The game left the wallet's list (a reload) while its modal was open: give the home back. */
  | { type: 'game.gone' }
  /** The invite modal, after its banners (if any). */
  | { type: 'invite.open' }
  /** The refund modal, after its banners (if any). */
  | { type: 'refund.open' }
  /** The referral amount's receive button: the confirm dialog, with the wallet's invite figures. */
  | { type: 'invite.collect'; invite: InviteSummary }
  /** The spin wheel widget: the wheel modal (machines/spin-wheel). */
  | { type: 'wheel.open' }
  /**
   * The server told the member's socket that their money moved
   * (docs/decisions/0141-wallet-news.md; the balance hears it too): the
   * deposit or game account modal open now hears it.
   */
  | WalletNewsEvent;

/**
 * Actors: deposit, transfer, withdraw and gameAccount, the modals' machines;
 * banners (machines/banner-then-modal: the invite or refund banners first),
 * invite (machines/invites), refund (machines/refund-receive),
 * inviteCollect (machines/invite-collect) and wheel (machines/spin-wheel);
 * their I/O provided by the view (machines/home/home.actors.ts).
 * Action the view provides: reloadWallet — the balance machine reads the
 * wallet again (spec 2: transfer, withdraw and game changes refresh it; so
 * do credits in the deposit modal).
 * Tags: 'modal:deposit', 'modal:withdraw', 'modal:transfer', 'modal:game',
 * 'modal:banners' (the invite or refund banners, child 'banners'),
 * 'modal:invite', 'modal:refund', 'modal:invite-collect', 'modal:wheel';
 * 'browsing' while no modal is open.
 */
export type HomeTag =
  | 'browsing'
  | 'modal:deposit'
  | 'modal:withdraw'
  | 'modal:transfer'
  | 'modal:game'
  | 'modal:banners'
  | 'modal:invite'
  | 'modal:refund'
  | 'modal:invite-collect'
  | 'modal:wheel';
