/**
 * The signed-in member's own socket (docs/decisions/0141-wallet-news.md): it
 * lives while they are signed in, hears what their money did and passes it
 * on; what the toast says is the view's.
 */
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import type { SocketLinkReport } from '../socket-link/socket-link.types.ts';

/** What the link reports (only the wallet's news is heard here). */
export type MemberNewsEvent = SocketLinkReport;

/** Emitted for whoever shows the member's screens (src/app/wallet-news.ts passes it to the home's machines). */
export interface WalletNewsEmitted {
  type: 'wallet.changed';
  news: WalletChanged;
}

/**
 * Actors the view provides: link (machines/socket-link with the chat's
 * socket adapter: socketLinkFor). Actions the view provides: announce
 * ({ change, currency }) — a toast saying what happened, in the member's language.
 * Emitted: wallet.changed ({ news }).
 * Tags: 'linked' (a socket is open or on its way), 'resting' (5 s before
 * the next), none once the session's token is refused.
 */
export type MemberNewsTag = 'linked' | 'resting';

