/**
 * The receive-invite-bonus dialog as a test model: the conditions read or
 * not, a bonus held or not (confirm is not offered while one is), cancel, confirm, what collecting answers (collected, refused, no
 * answer or a 5xx without one), and the retry with the same key.
 */
import { inviteCollectMachine } from '../../machines/invite-collect/invite-collect.machine.ts';
import type { BonusActiveAnswer, InviteCollected, InviteRuleAnswer } from '../../machines/invite-collect/invite-collect.types.ts';
import { INVITE_RULE } from './invites.model.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type InviteCollect = typeof inviteCollectMachine;

export const COLLECT_INVITE = { amount: 150, success: 3, fail: 1 };
/** The home's prefix for this opening. */
export const COLLECT_KEY_PREFIX = 'model-home-2';

const events = {
  'collect.confirm': () => [{ type: 'collect.confirm' }],
  'collect.retry': () => [{ type: 'collect.retry' }],
  'collect.cancel': () => [{ type: 'collect.cancel' }],
} satisfies EventFixtures<InviteCollect>;

const replies = {
  readRule: [{ ok: true, data: INVITE_RULE }, { ok: false, message: 'INVITE_INACTIVE' }] satisfies InviteRuleAnswer[],
  // No bonus held, or one held (the collect would be refused with BONUS_REMAINING).
  checkBonus: [
    { ok: true, data: { status: false, type: null } },
    { ok: true, data: { status: true, type: 'limit' } },
  ] satisfies BonusActiveAnswer[],
  collect: [
    { ok: true, data: { message: 'INVITE_COLLECT', amount: 150 } },
    { ok: false, message: 'NO_INVITE_BONUS' },
    // A 5xx without a body: perhaps collected.
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies InviteCollected[],
};

export const inviteCollectModels: FlowModel<InviteCollect>[] = [
  {
    name: 'receive invite bonus',
    machine: inviteCollectMachine,
    input: { invite: COLLECT_INVITE, keyPrefix: COLLECT_KEY_PREFIX },
    events: offerAll(events),
    replies,
    // The error only shows (no answer, or a 5xx without one): it is checked on every step, not part of the state.
    abstraction: ({ context }) => ({ conditions: context.rule !== null, bonusHeld: context.bonusHeld, saved: context.saved }),
  },
];
