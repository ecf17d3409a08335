/**
 * The loss refund (spec 2 refund modal, spec 3
 * refund log item, spec 7 /api/refund*; docs/decisions/0099-loss-refund.md):
 * a percentage of a member's net game loss in each closed day or week of the
 * variant's zone, computed once per (member, period) from the ledger and
 * received into the wallet by one ledger transfer from the refund account.
 *
 * Periods are computed lazily, when the member checks, lists or receives
 * (the last REFUND_LOOKBACK_PERIODS closed ones), and by accrueLastPeriod
 * for every member, which a scheduler may run as often as it likes: every
 * computation writes a row at most once (insertRefunds).
 */
import type * as v from 'valibot';
import { toMajor, toMinor } from '../../contract/money.ts';
import type { RefundCheckResponse, RefundItem } from '../../contract/rewards.ts';
import { closedPeriods, type Span } from '../../contract/rules/refund-periods.ts';
import { refundFor, refundRefusal } from '../../contract/rules/refunds.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { Language } from '../language.ts';
import { ensureSystemAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { inMovement, type MovementContext } from '../money/movement.ts';
import { REFUND_LOOKBACK_PERIODS } from '../policy.ts';
import { heldBonus } from '../promotions/ending.ts';
import { lockHoldings } from '../promotions/ledger-reads.ts';
import { currentBonus } from '../promotions/member-view.ts';
import { insertRefunds, lockUnreceived, markReceived, playIn, refundPage, refundTotals, type RefundRow } from '../repositories/refunds.ts';
import { getSetting, type Settings } from '../repositories/settings.ts';
import { memberCurrency } from '../repositories/users.ts';

type RefundSettings = Settings['refund'];

export interface RefundContext extends Pick<MovementContext, 'userId' | 'now' | 'log'> {
  /** The variant's time zone: days and weeks are counted in it. */
  zone: string;
}

/**
 * Computes the refund of each of these periods for the member (`userId`) or
 * for every member (null) who bet, won or had a bet rolled back in it and
 * has no row for it yet, at today's percent. Answers how many rows were
 * written.
 */
async function accrue(db: Queryable, settings: RefundSettings, periods: readonly Span[], userId: number | null, now: Date): Promise<number> {
  const played = await playIn(db, periods, userId);
  return insertRefunds(
    db,
    played.map(({ userId: member, periodStart, periodEnd, bets, returned }) => {
      const loss = bets - returned;
      return { userId: member, periodStart, periodEnd, loss, percent: settings.percent, amount: refundFor(loss, settings.percent) };
    }),
    now,
  );
}

/** The member's closed periods of the lookback window, computed where missing; nothing while the refund is off. */
async function accrueForMember(db: Queryable, settings: RefundSettings, context: RefundContext): Promise<void> {
  if (!settings.active) return;
  const periods = closedPeriods(settings.period, context.now, context.zone, REFUND_LOOKBACK_PERIODS[settings.period]);
  await accrue(db, settings, periods, context.userId, context.now);
}

/**
 * The scheduler's batch: every member's refund of the last closed period,
 * where missing. Safe to run twice, or from two processes at once: each
 * (member, period) gets one row. Answers how many rows were written.
 */
export async function accrueLastPeriod(db: Queryable, now: Date, zone: string): Promise<number> {
  const settings = await getSetting(db, 'refund');
  if (!settings.active) return 0;
  return accrue(db, settings, closedPeriods(settings.period, now, zone, 1), null, now);
}

/** GET /api/refund/check: the offer, whether a bonus blocks receiving, and the member's refunds so far. */
export async function refundCheck(db: Queryable, context: RefundContext, language: Language): Promise<v.InferOutput<typeof RefundCheckResponse>> {
  const settings = await getSetting(db, 'refund');
  await accrueForMember(db, settings, context);
  const [held, totals] = await Promise.all([currentBonus(db, context.userId, context.now), refundTotals(db, context.userId)]);
  return {
    result: settings.active,
    bonus: held !== undefined,
    info: settings.info[language],
    refundAmount: toMajor(totals.unreceived),
    refundSuccess: totals.earned,
    refundFail: totals.earnedNothing,
    percent: settings.percent,
    period: settings.period,
    minimum: settings.minimum,
  };
}

function refundItem(row: RefundRow): v.InferOutput<typeof RefundItem> {
  return {
    _id: String(row.id),
    refundAmount: toMajor(row.amount),
    loss: toMajor(row.loss),
    periodStart: row.periodStart.toISOString(),
    received: row.transferId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /api/refund: one page of the member's refunds, newest period first. */
export async function refundLog(db: Queryable, context: RefundContext, page: { page: number; limit: number }) {
  await accrueForMember(db, await getSetting(db, 'refund'), context);
  const { rows, total } = await refundPage(db, context.userId, (page.page - 1) * page.limit, page.limit);
  return { refunds: rows.map(refundItem), total };
}

/**
 * GET /api/refund/receive (and /addWallet): everything accrued and not
 * received moves to the wallet as one `refund` transfer, or the refusal's
 * code (contract/rules/refunds.ts refundRefusal): REFUND_INACTIVE,
 * REFUND_CONDITION (a bonus is held), NO_REFUND (nothing accrued),
 * REFUND_MINIMUM (not above the minimum). With an Idempotency-Key `db` is
 * its transaction, so a retry answers the first receive. Under the
 * member's holdings' locks (every movement takes them first), then the
 * rows', so two receives take turns and the second finds nothing left.
 * Answers what reached the wallet (minor units).
 */
export async function receiveRefund(db: Queryable, context: RefundContext): Promise<bigint> {
  const { userId, now } = context;
  const settings = await getSetting(db, 'refund');
  await accrueForMember(db, settings, context);
  const currency = await memberCurrency(db, userId);
  return inMovement(db, context.log, async (tx) => {
    const holdings = await lockHoldings(tx, userId, currency, now);
    // spec 2: receiving is refused while a bonus is held; it waits until the bonus ends.
    const bonusHeld = (await heldBonus(tx, userId, holdings, now)) !== undefined;
    const rows = await lockUnreceived(tx, userId);
    const amount = rows.reduce((sum, row) => sum + row.amount, 0n);
    // The modal's button follows the same rule (contract/rules/refunds.ts).
    const refusal = refundRefusal({ active: settings.active, bonusHeld, amount, minimum: toMinor(settings.minimum) });
    if (refusal !== null) throw new ApiError(400, refusal);

    const refundAccount = await ensureSystemAccount(tx, 'refund', currency, now);
    const first = rows[0]!.id;
    const written = await postTransfer(
      tx,
      { debitAccountId: refundAccount.id, creditAccountId: holdings.wallet.id, amount, kind: 'refund', reference: `refund:${first}`, idempotencyKey: `refund:${userId}:${first}` },
      now,
    );
    await markReceived(tx, rows.map((row) => row.id), written.transfer.id, now);
    return amount;
  });
}
