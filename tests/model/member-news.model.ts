/**
 * The member's socket as a test model (docs/decisions/0141-wallet-news.md):
 * its link reports the wallet's news (a deposit from elsewhere, a transfer
 * the member made), news of the chat it does not hear, and ends refused for
 * good or failed.
 */
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import { memberNewsMachine } from '../../machines/member-news/member-news.machine.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';
import { WALLET_NEWS } from './socket-link.model.ts';

type MemberNews = typeof memberNewsMachine;

/** A transfer the member made into a game: no toast. */
export const TRANSFER_NEWS: WalletChanged = {
  currency: 'BAHT',
  wallet: { amount: 560 },
  slots: [{ code: 'SLOT1', amount: 40 }],
  changes: [{ kind: 'transfer', amount: 40, direction: 'out' }],
  at: '2026-03-02T10:03:00.000Z',
};

type Snapshot = Parameters<FlowModel<MemberNews>['events']>[0];
const linked = (snapshot: Snapshot) => snapshot.matches('linked');
const none = () => [];

const events = {
  'socket.wallet': (snapshot) =>
    linked(snapshot)
      ? [
          { type: 'socket.wallet', news: WALLET_NEWS },
          { type: 'socket.wallet', news: TRANSFER_NEWS },
        ]
      : [],
  // What the link says of itself and of the chat: nothing here.
  'link.up': (snapshot) => (linked(snapshot) ? [{ type: 'link.up' }] : []),
  'socket.presence': (snapshot) => (linked(snapshot) ? [{ type: 'socket.presence', agents: 1 }] : []),
  'link.down': none,
  'socket.message': none,
  'socket.typing': none,
  'socket.read': none,
  'socket.inbox': none,
  'socket.joined': none,
  'socket.joinRefused': none,
  'socket.refused': none,
  'socket.ended': none,
} satisfies EventFixtures<MemberNews>;

export const memberNewsModels: FlowModel<MemberNews>[] = [
  {
    name: "a member's socket",
    machine: memberNewsMachine,
    input: undefined,
    events: offerAll(events),
    replies: {
      link: [
        { outcome: 'refused', message: 'invalid-token' },
        { outcome: 'failed', message: 'REQUEST_LIMIT' },
      ],
    },
    abstraction: () => ({}),
  },
];
