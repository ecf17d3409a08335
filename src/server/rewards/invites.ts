/**
 * The invite-friend bonus (docs/decisions/0098-invite-bonus.md).
 * A member who registers with another's code (PR{id}) is their invitee.
 * The invite waits until the invitee's first deposit and their bets inside
 * the window decide it: success earns the inviter percent of that deposit,
 * otherwise it fails. Invites are settled when the inviter reads them
 * (wallet, list, collect), from the ledger alone, and collected into the
 * wallet as one ledger transfer from the invite account.
 */
import type * as v from 'valibot';
import { toMajor, toMinor } from '../../contract/money.ts';
import type { InviteRuleResponse, InvitesResponse } from '../../contract/rewards.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { ensureSystemAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { inMovement, type MovementContext } from '../money/movement.ts';
import { heldBonus } from '../promotions/ending.ts';
import { lockHoldings } from '../promotions/ledger-reads.ts';
import {
  addMissingInvites,
  inviteCounts,
  invitePage,
  inviterAncestors,
  lockCollectable,
  markCollected,
  settleInvite,
  waitingInvites,
  type Settlement,
  type WaitingInvite,
} from '../repositories/invites.ts';
import { getSetting, type Settings } from '../repositories/settings.ts';
import { memberCurrency } from '../repositories/users.ts';

type InviteRule = Settings['invite'];

/** Why an invite earns nothing (stored in invites.reason). */
export const FAIL_REASONS = {
  /** The invitee is the inviter's inviter, or further up their chain. */
  cycle: 'cycle',
  /** The invitee's bank account number is the inviter's. */
  sameBank: 'same_bank',
  /** The invitee's bank account holder name is the inviter's: the inviter's own second account. */
  sameName: 'same_name',
  /** The two hold different currencies: a percent of kip is not baht. */
  currency: 'currency',
  /** The first deposit was below the minimum: only the first counts. */
  deposit: 'deposit',
  /** The percent of the first deposit is less than one satang (att). */
  nothing: 'nothing',
  /** The window ended before the turnover was met. */
  window: 'window',
} as const;

/**
 * How a waiting invite stands by the rule and the ledger: settled
 * (success or fail), or still waiting (undefined). What can never earn
 * fails at once; the turnover, once met inside the window, succeeds
 * whenever it is read.
 */
export function settlementOf(invite: WaitingInvite, cycle: boolean, rule: InviteRule): Settlement | undefined {
  const fail = (reason: string): Settlement => ({ status: 'fail', reason, depositTransferId: invite.deposit?.id ?? null });
  if (cycle) return fail(FAIL_REASONS.cycle);
  if (invite.sameAccountNumber) return fail(FAIL_REASONS.sameBank);
  if (invite.sameHolderName) return fail(FAIL_REASONS.sameName);
  if (invite.inviterCurrency !== invite.inviteeCurrency) return fail(FAIL_REASONS.currency);
  const { deposit } = invite;
  if (deposit === null || !deposit.inWindow) return invite.windowClosed ? fail(FAIL_REASONS.window) : undefined;
  if (deposit.amount < toMinor(rule.minimumDeposit)) return fail(FAIL_REASONS.deposit);
  const amount = (deposit.amount * BigInt(rule.percent)) / 100n;
  if (amount <= 0n) return fail(FAIL_REASONS.nothing);
  if (invite.bets >= BigInt(rule.turnoverMultiplier) * deposit.amount) return { status: 'success', amount, depositTransferId: deposit.id };
  return invite.windowClosed ? fail(FAIL_REASONS.window) : undefined;
}

/**
 * Adds the inviter's missing invites and, while the bonus is active,
 * settles those the ledger decides now. Each settles by a conditional
 * UPDATE, so concurrent readers settle it once. Inactive, nothing is
 * decided: an operator's pause must not fail invites under the paused
 * numbers (percent 0 by default).
 */
export async function settleInvites(db: Queryable, inviterId: number, rule: InviteRule, now: Date): Promise<void> {
  await addMissingInvites(db, inviterId);
  if (!rule.active) return;
  const waiting = await waitingInvites(db, inviterId, rule.windowDays, now);
  if (waiting.length === 0) return;
  const ancestors = await inviterAncestors(db, inviterId);
  for (const invite of waiting) {
    const settlement = settlementOf(invite, ancestors.has(invite.inviteeId), rule);
    if (settlement) await settleInvite(db, invite.id, settlement, now);
  }
}

/** The wallet's `invite` (spec 3): what can be collected (major units), invites that earned, invites that failed. */
export async function inviteSummary(db: Queryable, userId: number, now: Date): Promise<{ amount: number; success: number; fail: number }> {
  await settleInvites(db, userId, await getSetting(db, 'invite'), now);
  const counts = await inviteCounts(db, userId);
  return { amount: toMajor(counts.collectable), success: counts.success + counts.collected, fail: counts.fail };
}

/** GET /api/invite/rule: the numbers the invite modal and the receive dialog explain. */
export async function inviteRule(db: Queryable): Promise<v.InferOutput<typeof InviteRuleResponse>> {
  const { active, percent, minimumDeposit, turnoverMultiplier, windowDays } = await getSetting(db, 'invite');
  return { active, percent, minimumDeposit, turnoverMultiplier, windowDays };
}

/**
 * Thai and Lao vowels written before the consonant they follow in speech
 * (เ แ โ ใ ไ, ເ ແ ໂ ໃ ໄ): an initial is that consonant, as in กทม.
 */
const LEADING_VOWEL = /[\u0E40-\u0E44\u0EC0-\u0EC4]/u;

function initialOf(word: string): string {
  for (const char of word) if (/\p{L}/u.test(char) && !LEADING_VOWEL.test(char)) return char;
  return [...word][0] ?? '';
}

/**
 * An invitee's name as the inviter sees it: the first word and the first
 * letter of the last, "Somsak Rakdee" → "Somsak R.", so the list does not
 * hand out members' full names.
 */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => word !== '');
  const [first] = words;
  if (first === undefined) return '';
  if (words.length === 1) return first;
  return `${first} ${initialOf(words.at(-1)!)}.`;
}

/** POST /api/invite: one page of the caller's invites, newest first, settled as of now. */
export async function listInvites(
  db: Queryable,
  userId: number,
  { page, limit }: { page: number; limit: number },
  now: Date,
): Promise<v.InferOutput<typeof InvitesResponse>> {
  await settleInvites(db, userId, await getSetting(db, 'invite'), now);
  const { rows, total } = await invitePage(db, userId, page, limit);
  return {
    invites: rows.map((row) => ({
      _id: String(row.id),
      from: { name: shortName(row.inviteeName) },
      amount: toMajor(row.amount),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}

/**
 * GET /api/invite/bonus: everything the caller's invites earned, into the
 * wallet as one `invite → wallet` ledger transfer. The member's holdings
 * are locked first (the order every movement locks in), so collects by one
 * member take turns and the second finds nothing left (NO_INVITE_BONUS).
 * Nothing earned yet: NO_INVITEE_PLAY_INFO while an invite still waits on
 * its invitee's play, else NO_INVITE_BONUS. Earned but a bonus is held:
 * BONUS_REMAINING, as a coupon's claim and a refund are refused, because
 * money credited during a bonus would count into its end (its own money
 * and its withdraw cap, promotions/ending.ts). Answers what moved (minor units).
 */
export async function collectInviteBonus(db: Queryable, context: Pick<MovementContext, 'userId' | 'now' | 'log'>): Promise<bigint> {
  const { userId, now } = context;
  const currency = await memberCurrency(db, userId);
  return inMovement(db, context.log, async (tx) => {
    const holdings = await lockHoldings(tx, userId, currency, now);
    // Read under the lock: a pause that came first wins.
    const rule = await getSetting(tx, 'invite');
    if (!rule.active) throw new ApiError(400, 'INVITE_INACTIVE');
    await settleInvites(tx, userId, rule, now);
    const earned = await lockCollectable(tx, userId);
    if (earned.length === 0) {
      throw new ApiError(400, (await inviteCounts(tx, userId)).waiting > 0 ? 'NO_INVITEE_PLAY_INFO' : 'NO_INVITE_BONUS');
    }
    // Under the holdings' locks, so a bonus received at the same moment waits for this collect or refuses it.
    if (await heldBonus(tx, userId, holdings, now)) throw new ApiError(400, 'BONUS_REMAINING');
    const amount = earned.reduce((total, invite) => total + invite.amount, 0n);
    const inviteAccount = await ensureSystemAccount(tx, 'invite', currency, now);
    const written = await postTransfer(
      tx,
      {
        debitAccountId: inviteAccount.id,
        creditAccountId: holdings.wallet.id,
        amount,
        kind: 'invite',
        reference: 'invite',
        // An invite is collected once, so the batch's oldest invite names the batch for good.
        idempotencyKey: `invite:${userId}:${earned[0]!.id}`,
      },
      now,
    );
    await markCollected(tx, earned.map((invite) => invite.id), written.transfer.id, now);
    return amount;
  });
}
