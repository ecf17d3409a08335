/**
 * The invite modal as a test model: the rule read or not, the invites table
 * a page at a time (12 invites: two pages), a failed page keeping what
 * showed, and closing.
 */
import type { SnapshotFrom } from 'xstate';
import { invitesMachine } from '../../machines/invites/invites.machine.ts';
import type { InviteRuleAnswer, InvitesAnswer } from '../../machines/invites/invites.types.ts';
import type { InviteItem } from '../../src/contract/rewards.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Invites = typeof invitesMachine;

export const INVITE_RULE = { active: true, percent: 10, minimumDeposit: 100, turnoverMultiplier: 2, windowDays: 30 };
export const INVITES_TOTAL = 12;

export function inviteRow(index: number): InviteItem {
  return {
    _id: String(index + 1),
    from: { name: `Friend ${index + 1}` },
    amount: index % 2 === 0 ? 50 : 0,
    status: index % 2 === 0 ? 'success' : 'waiting',
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

const FIRST_PAGE = Array.from({ length: 10 }, (_, index) => inviteRow(index));

const events = {
  'invites.page': () => [
    { type: 'invites.page', page: 1 },
    { type: 'invites.page', page: 2 },
  ],
  'modal.close': () => [{ type: 'modal.close' }],
  // The shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
  'read.online': () => [{ type: 'read.online' }],
} satisfies EventFixtures<Invites>;

const replies = {
  readRule: [{ ok: true, data: INVITE_RULE }, { ok: false, message: 'INVITE_INACTIVE' }] satisfies InviteRuleAnswer[],
  // The page asked for, as the server would answer it; an empty list; a refusal.
  loadPage: (snapshot: SnapshotFrom<Invites>) => {
    const page = snapshot.context.page;
    const rows = page === 1 ? FIRST_PAGE : [inviteRow(10), inviteRow(11)];
    return [
      { ok: true, data: { invites: rows, total: INVITES_TOTAL } },
      { ok: true, data: { invites: [], total: 0 } },
      { ok: false, message: 'INTERNAL_SERVER_ERROR' },
      // No answer (a gateway's 502, 503 or 504 without a message, or past the time limit): the page waits.
      { ok: false, message: 'NETWORK_ERROR' },
    ] satisfies InvitesAnswer[];
  },
};

export const invitesModels: FlowModel<Invites>[] = [
  {
    name: 'invite modal',
    machine: invitesMachine,
    input: undefined,
    events: offerAll(events),
    replies,
    // Whether the rule shows, whether a page shows (with rows or empty), and whether another page than it was asked for.
    abstraction: ({ context }) => ({
      rule: context.rule !== null,
      rows: context.shownPage === null ? null : context.rows.length > 0 ? 'some' : 'none',
      'another page': context.shownPage !== null && context.page !== context.shownPage,
    }),
  },
];
