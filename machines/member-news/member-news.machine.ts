/**
 * The signed-in member's socket (docs/decisions/0141-wallet-news.md): the
 * chat's socket link (machines/socket-link), opened with the member's
 * bearer token while they are signed in, whose `wallet.changed` news it
 * emits for the machines of the screens that show money, and announces
 * when it came from elsewhere (a deposit credited, a payout paid or
 * returned, an operator's adjustment); what the member did here (a
 * transfer, a bet, a payout they received) the screen already says. A link
 * that fails is opened again 5 s later; one refused for good (the session
 * is over) ends this machine: the session itself signs the member out.
 */
import { emit, setup } from 'xstate';
import { CHAT_SOCKET_CHECK_MS } from '../../src/contract/chat.ts';
import type { WalletChange, WalletChangeKind, WalletChanged } from '../../src/contract/wallet-news.ts';
import { actorOutput } from '../shared/actors.ts';
import { socketLinkFor } from '../socket-link/socket-link.machine.ts';
import type { SocketLinkOutput } from '../socket-link/socket-link.types.ts';
import type { MemberNewsEvent, MemberNewsTag, WalletNewsEmitted } from './member-news.types.ts';

/** The kinds of change the member did not do on this screen: they get a toast. */
const ANNOUNCED: readonly WalletChangeKind[] = ['deposit', 'withdrawalPaid', 'withdrawalReturned', 'adjustment'];

/** The change a toast tells of: the first one that came from elsewhere, or null. */
export function announcementOf(news: WalletChanged): WalletChange | null {
  return news.changes.find((change) => ANNOUNCED.includes(change.kind)) ?? null;
}

/** What the toast needs: the change and the member's currency. */
export interface Announcement {
  change: WalletChange;
  currency: WalletChanged['currency'];
}

const announcing = (news: WalletChanged): Announcement => ({ change: announcementOf(news)!, currency: news.currency });

const newsOf = ({ event }: { event: MemberNewsEvent }) => (event.type === 'socket.wallet' ? event.news : null);

export const memberNewsMachine = setup({
  types: {
    events: {} as MemberNewsEvent,
    emitted: {} as WalletNewsEmitted,
    tags: {} as MemberNewsTag,
  },
  actors: { link: socketLinkFor<MemberNewsEvent>() },
  actions: {
    tell: emit(({ event }): WalletNewsEmitted => ({ type: 'wallet.changed', news: newsOf({ event })! })),
    // Provided by the view: a toast in the member's language.
    announce: (_, _params: Announcement) => {},
  },
  guards: {
    announced: ({ event }) => {
      const news = newsOf({ event });
      return news !== null && announcementOf(news) !== null;
    },
    refused: (_, output: SocketLinkOutput) => output.outcome === 'refused',
  },
  delays: { retry: CHAT_SOCKET_CHECK_MS },
}).createMachine({
  id: 'memberNews',
  description:
    "The member's socket while signed in: the wallet's news passes on as it comes (emitted wallet.changed), with a toast when it came from elsewhere. A failed link is opened again 5 s later; a token refused for good ends it.",
  initial: 'linked',
  states: {
    linked: {
      tags: 'linked',
      invoke: {
        id: 'link',
        src: 'link',
        input: { guestToken: null, everyRefusalEnds: false },
        onDone: [{ guard: { type: 'refused', params: actorOutput }, target: 'ended' }, { target: 'resting' }],
        onError: 'resting',
      },
      on: {
        'socket.wallet': [
          { guard: 'announced', actions: ['tell', { type: 'announce', params: ({ event }) => announcing(newsOf({ event })!) }] },
          { actions: 'tell' },
        ],
      },
    },
    resting: {
      tags: 'resting',
      description: 'The link failed (too many sockets, a broken socket): 5 s later another.',
      after: { retry: 'linked' },
    },
    ended: {
      type: 'final',
      description: 'The token was refused for good: the session is over.',
    },
  },
});
