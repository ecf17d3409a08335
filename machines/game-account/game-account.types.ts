/** Game account modal (spec 2 Game account modal, spec 4 Game account, spec 7 wallet and autoLogin calls). */
import type { GameCredentialsResponse, GameEntry } from '../../src/contract/api.ts';
import type { Output } from '../../src/contract/common.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import type { RetryContext } from '../shared/read-retry.ts';

export type GameCredentials = Output<typeof GameCredentialsResponse>;
export type { GameEntry };

/** The entries the view opens at once; app links are shown for the member to choose. */
export type OpenedEntry = Exclude<GameEntry, { kind: 'apps' }>;
export type AppsEntry = Extract<GameEntry, { kind: 'apps' }>;

export interface GameAccountInput {
  /** The card the member tapped (a game account item of the wallet answer). */
  card: { code: string; isActive: boolean; amount: number };
}

export interface GameAccountContext extends RetryContext {
  gameCode: string;
  /** What the card said when the modal opened: active cards read their account at once. */
  cardActive: boolean;
  /** The game balance when the modal opened; the transfer-only button needs more than 0 (spec 2). */
  balance: number;
  /** Null until loaded, and while a reset password is read again. */
  credentials: GameCredentials | null;
  passwordShown: boolean;
  /** App links to choose from (state choosingApp). */
  apps: AppsEntry | null;
  /**
   * A catalogue code or NETWORK_ERROR: SLOT_ACTIVATE_FAIL (inactive),
   * SLOT_NO_ACCOUNT (inactive: open one), SLOT_RESET_PASSWORD_FAIL (active), ...
   */
  error: string | null;
  /** 'PASSWORD_RESET' after a reset password was read again. */
  notice: 'PASSWORD_RESET' | null;
  /** The account was opened here: the home reads the wallet again when the modal closes. */
  saved: boolean;
  /** The transfer-only button ended the modal. */
  transferRequested: boolean;
}

/** How the modal ended: saved (the home reads the wallet again), and the game to transfer from when transfer-only ended it. */
export interface GameAccountOutput {
  saved: boolean;
  transferFrom: string | null;
}

/** Emitted for the view: open the game's entry. */
export interface GameAccountEmitted {
  type: 'openGame';
  entry: OpenedEntry;
}

export type GameAccountEvent =
  | { type: 'account.activate' }
  /** The connection is back (the shell's connectivity actor): an account waiting for it is read now. */
  | { type: 'read.online' }
  /** Read the account again after it failed to load. */
  | { type: 'account.reload' }
  | { type: 'password.toggle' }
  | { type: 'password.reset' }
  | { type: 'game.enter' }
  /** Back from the app links. */
  | { type: 'apps.dismiss' }
  /** The transfer-only button: the modal ends and the home opens the transfer modal preset to this game. */
  | { type: 'game.transfer' }
  | { type: 'modal.close' }
  /** The server told the member's socket that their money moved (the home passes it on; docs/decisions/0141-wallet-news.md): this game's balance, when it names it. */
  | { type: 'wallet.changed'; news: WalletChanged };

/**
 * Actors the view provides (each → Result<…>):
 *   activateAccount ({ gameCode } → unknown; GET /api/wallet/activate/{gameCode}),
 *   loadAccount ({ gameCode } → GameCredentials; GET /api/wallet/account/{gameCode}),
 *   resetPassword ({ gameCode } → unknown; GET /api/wallet/resetpassword/{gameCode}),
 *   autoLogin ({ provider, username } → GameEntry; GET /api/autoLogin/{provider}/{username}).
 * Emitted for the view: openGame ({ entry }: a link or a login form).
 * Output (the home reads it): { saved, transferFrom }; the transfer-only
 *   button ends the modal with transferFrom set to this game.
 * The view reads `snapshot.can({ type: 'game.transfer' })` to enable the transfer-only button.
 * Tags: 'inactive', 'loading' (the account is read), 'offline' (with 'loading':
 *   no answer came, it is read again by itself), 'failed' (refused: retry), 'active', 'busy' (a call in flight: buttons disabled),
 *   'writing' (opening the account or resetting its password: the modal cannot
 *   close), 'resetting' (the password), 'entering' (the game), 'choosingApp', 'closed'.
 */
export type GameAccountTag =
  | 'inactive'
  | 'loading'
  | 'offline'
  | 'failed'
  | 'active'
  | 'busy'
  | 'writing'
  | 'resetting'
  | 'entering'
  | 'choosingApp'
  | 'closed';
