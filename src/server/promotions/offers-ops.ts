/**
 * The operator's side of the offers and of the texts members read
 * (docs/decisions/0096-operator-api-for-offers.md): create, change, pause
 * and resume an offer; write the agreements and the conditions. Each write
 * is one transaction with its operator_changes row (who, what, when, the
 * value written). Reading offers for members is offers.ts.
 *
 * Beyond the contract's schema, an offer must pass the rules below, each
 * a pure function on minor units answering KEY_INVALID or null.
 */
import { asc, count, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { BonusDefinition, OpsBonus } from '../../contract/bonus.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import type { Grant } from '../../contract/rules/bonuses.ts';
import { violatedUniqueConstraint, type Queryable } from '../db/client.ts';
import { bonuses, memberBonuses } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { Localized } from '../language.ts';
import { OPS_CHANGES_LIST_MAX } from '../policy.ts';
import { listChanges, recordChange, type OperatorAction, type OperatorChangeView } from '../repositories/operator-changes.ts';
import { putSetting } from '../repositories/settings.ts';
import { grantOf, receiptCount, type Offer } from './offers.ts';

/** An offer with how many times members received it (member_bonuses rows). */
export type OfferView = Offer & { received: number };
type OfferStatus = Offer['status'];
type OfferValues = Omit<typeof bonuses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type Invalid = 'KEY_INVALID' | null;

// ---------------------------------------------------------------- rules

/** The most one receipt credits: a percent grant's cap, a fixed grant's amount. */
export function grantCeiling(grant: Grant): bigint {
  return grant.kind === 'percent' ? grant.cap : grant.amount;
}

/** A percent grant without a cap of at least one minor unit (0.01) would credit nothing, or know no ceiling. */
export function percentCapError(grant: Grant): Invalid {
  return grant.kind === 'percent' && grant.cap < 1n ? 'KEY_INVALID' : null;
}

/** A withdrawal cap below what the bonus credits would take the bonus itself back from a member who met its turnover. */
export function withdrawCapError(grant: Grant, withdrawCap: bigint | null): Invalid {
  return withdrawCap !== null && withdrawCap < grantCeiling(grant) ? 'KEY_INVALID' : null;
}

/** An end threshold at or above what the bonus credits could end the bonus the moment it is credited. */
export function endThresholdError(grant: Grant, endThreshold: bigint): Invalid {
  return endThreshold >= grantCeiling(grant) ? 'KEY_INVALID' : null;
}

/** A time must name an instant: JavaScript must read it (not `+07` alone) and its day must exist (not 30 February). */
export function instantError(text: string | null): Invalid {
  if (text === null) return null;
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(text) ?? [];
  if (Number.isNaN(Date.parse(text)) || day === undefined) return 'KEY_INVALID';
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDate() === Number(day) ? null : 'KEY_INVALID';
}

/** An offer that ends before it starts would never be offered (instants compared, whatever their offsets). */
export function windowError(startsAt: string | null, endsAt: string | null): Invalid {
  return startsAt !== null && endsAt !== null && !(Date.parse(startsAt) < Date.parse(endsAt)) ? 'KEY_INVALID' : null;
}

/** The contract's grant in minor units. */
function grantIn(grant: BonusDefinition['grant']): Grant {
  return grant.kind === 'percent'
    ? { kind: 'percent', percent: grant.percent, cap: toMinor(grant.cap), minDeposit: toMinor(grant.minDeposit) }
    : { kind: 'fixed', amount: toMinor(grant.amount) };
}

/** The first rule an offer breaks, or null. */
export function offerError(offer: BonusDefinition): Invalid {
  const grant = grantIn(offer.grant);
  return (
    percentCapError(grant) ??
    withdrawCapError(grant, offer.withdrawCap === null ? null : toMinor(offer.withdrawCap)) ??
    endThresholdError(grant, toMinor(offer.endThreshold)) ??
    instantError(offer.startsAt) ??
    instantError(offer.endsAt) ??
    windowError(offer.startsAt, offer.endsAt)
  );
}

// ---------------------------------------------------------------- rows ↔ contract

/** An offer as its columns hold it (call after offerError). */
function valuesOf(offer: BonusDefinition): OfferValues {
  const grant = grantIn(offer.grant);
  return {
    code: offer.code,
    kind: offer.kind,
    bonusType: offer.type,
    currency: offer.currency,
    maxReceived: offer.maxReceived,
    percentFail: offer.percentFail,
    banners: offer.banners,
    description: offer.description,
    grantKind: grant.kind,
    grantPercent: grant.kind === 'percent' ? grant.percent : null,
    grantCap: grant.kind === 'percent' ? grant.cap : null,
    minDeposit: grant.kind === 'percent' ? grant.minDeposit : null,
    grantAmount: grant.kind === 'fixed' ? grant.amount : null,
    turnoverMultiplier: offer.turnoverMultiplier,
    withdrawCap: offer.withdrawCap === null ? null : toMinor(offer.withdrawCap),
    endThreshold: toMinor(offer.endThreshold),
    quota: offer.quota,
    startsAt: offer.startsAt === null ? null : new Date(offer.startsAt),
    endsAt: offer.endsAt === null ? null : new Date(offer.endsAt),
    status: offer.status,
  };
}

/** An offer's row as the contract writes it: major units, ISO times. */
export function definitionOf(offer: Offer): BonusDefinition {
  const grant = grantOf(offer);
  return {
    code: offer.code,
    kind: offer.kind,
    type: offer.bonusType,
    currency: offer.currency,
    maxReceived: offer.maxReceived,
    percentFail: offer.percentFail,
    banners: offer.banners,
    description: offer.description,
    grant:
      grant.kind === 'percent'
        ? { kind: 'percent', percent: grant.percent, cap: toMajor(grant.cap), minDeposit: toMajor(grant.minDeposit) }
        : { kind: 'fixed', amount: toMajor(grant.amount) },
    turnoverMultiplier: offer.turnoverMultiplier,
    withdrawCap: offer.withdrawCap === null ? null : toMajor(offer.withdrawCap),
    endThreshold: toMajor(offer.endThreshold),
    quota: offer.quota,
    startsAt: offer.startsAt?.toISOString() ?? null,
    endsAt: offer.endsAt?.toISOString() ?? null,
    status: offer.status,
  };
}

export function opsBonusOf(view: OfferView): v.InferOutput<typeof OpsBonus> {
  return { id: String(view.id), ...definitionOf(view), received: view.received, updatedAt: view.updatedAt.toISOString() };
}

// ---------------------------------------------------------------- SQL

/** The unique constraint a taken code violates. */
const CODE_UNIQUE = 'bonuses_code_unique';

async function insertOffer(db: Queryable, values: OfferValues, now: Date): Promise<Offer> {
  const [row] = await db
    .insert(bonuses)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Locks an offer by its code: of two operators at once, the second changes what the first wrote. */
async function lockOfferByCode(db: Queryable, code: string): Promise<Offer | undefined> {
  const [row] = await db.select().from(bonuses).where(eq(bonuses.code, code)).for('update');
  return row;
}

async function updateOffer(db: Queryable, id: number, values: Partial<OfferValues>, now: Date): Promise<Offer> {
  const [row] = await db
    .update(bonuses)
    .set({ ...values, updatedAt: now })
    .where(eq(bonuses.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------- services

const auditOf = (operatorId: number, action: OperatorAction, offer: Offer, now: Date) => ({
  operatorId,
  action,
  subject: offer.code,
  value: definitionOf(offer),
  createdAt: now,
});

/** Every offer, oldest first, with its receipts. */
export async function listOffers(db: Queryable): Promise<OfferView[]> {
  // A join, not a correlated subquery: drizzle leaves a one-table select's columns unqualified, and `id` would be member_bonuses'.
  const rows = await db
    .select({ offer: bonuses, received: count(memberBonuses.id) })
    .from(bonuses)
    .leftJoin(memberBonuses, eq(memberBonuses.bonusId, bonuses.id))
    .groupBy(bonuses.id)
    .orderBy(asc(bonuses.id));
  return rows.map((row) => ({ ...row.offer, received: row.received }));
}

/** A new offer: 400 KEY_INVALID when it breaks a rule, 409 KEY_INVALID when its code is taken. */
export async function createOffer(db: Queryable, operatorId: number, offer: BonusDefinition, now: Date): Promise<OfferView> {
  const invalid = offerError(offer);
  if (invalid) throw new ApiError(400, invalid);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertOffer(tx, valuesOf(offer), now);
      await recordChange(tx, auditOf(operatorId, 'bonus.create', row, now));
      return { ...row, received: 0 };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === CODE_UNIQUE) throw new ApiError(409, 'KEY_INVALID');
    throw error;
  }
}

/**
 * Rewrites the offer of `code` (a new status included). Its code, kind and
 * currency stay (400 KEY_INVALID: receipts and members' screens name them);
 * 404 NO_DATA for an unknown code. A change applies to later receipts only.
 */
export async function changeOffer(db: Queryable, operatorId: number, code: string, offer: BonusDefinition, now: Date): Promise<OfferView> {
  if (offer.code !== code) throw new ApiError(400, 'KEY_INVALID');
  const invalid = offerError(offer);
  if (invalid) throw new ApiError(400, invalid);
  return db.transaction(async (tx) => {
    const current = await lockOfferByCode(tx, code);
    if (!current) throw new ApiError(404, 'NO_DATA');
    if (current.kind !== offer.kind || current.currency !== offer.currency) throw new ApiError(400, 'KEY_INVALID');
    const row = await updateOffer(tx, current.id, valuesOf(offer), now);
    await recordChange(tx, auditOf(operatorId, 'bonus.change', row, now));
    return { ...row, received: await receiptCount(tx, row.id) };
  });
}

/**
 * Pauses or resumes the offer of `code` (404 NO_DATA when unknown). An offer
 * already in that status is answered as it is: nothing is written, no
 * change recorded.
 */
export async function setOfferStatus(db: Queryable, operatorId: number, code: string, status: OfferStatus, now: Date): Promise<OfferView> {
  return db.transaction(async (tx) => {
    const current = await lockOfferByCode(tx, code);
    if (!current) throw new ApiError(404, 'NO_DATA');
    const row = current.status === status ? current : await updateOffer(tx, current.id, { status }, now);
    if (row !== current) await recordChange(tx, auditOf(operatorId, status === 'paused' ? 'bonus.paused' : 'bonus.active', row, now));
    return { ...row, received: await receiptCount(tx, row.id) };
  });
}

/** Replaces the agreements or the conditions members read (GET /api/lookup/agreements, /conditions), every language at once. */
export async function putMemberTexts(
  db: Queryable,
  operatorId: number,
  key: 'agreements' | 'conditions',
  texts: Localized<string[]>,
  now: Date,
): Promise<Localized<string[]>> {
  await db.transaction(async (tx) => {
    await putSetting(tx, key, texts);
    await recordChange(tx, { operatorId, action: `settings.${key}`, subject: key, value: texts, createdAt: now });
  });
  return texts;
}

/** The latest operator changes, newest first (at most OPS_CHANGES_LIST_MAX). */
export function latestChanges(db: Queryable): Promise<OperatorChangeView[]> {
  return listChanges(db, OPS_CHANGES_LIST_MAX);
}
