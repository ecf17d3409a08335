/**
 * The operator's side of the offers and of the texts members read
 * (docs/decisions/0096-operator-api-for-offers.md): create, change, pause
 * and resume an offer; write the agreements, the conditions, the notice and
 * the contact page. Each write is one transaction with its operator_changes
 * row (who, what, when, the value written). Reading offers for members is
 * offers.ts.
 *
 * Beyond the contract's schema, an offer must pass the rules below, each
 * a pure function on minor units answering KEY_INVALID or null; its HTML is
 * cleaned (html.ts) before it is checked and stored. An offer above its
 * bounds (what one member may receive from it in a period above the
 * offerGrantCeiling setting, or played through fewer times than the
 * offerMinTurnoverMultiplier setting) may be active only by finance or an
 * admin (ceilingError; docs/decisions/0120-offer-bounds.md): marketing writes
 * it paused.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { OperatorRole } from '../../contract/api.ts';
import { HTML_MAX_LENGTH, NOTICE_MAX_LENGTH, offerCode, type BonusDefinition, type OpsBonus, type OpsOfferBounds } from '../../contract/bonus.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { aboveBounds, largestGrant, type BoundedOffer, type Grant, type OfferBounds } from '../../contract/rules/bonuses.ts';
import { violatedUniqueConstraint, type Queryable } from '../db/client.ts';
import { bonuses, memberBonuses } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { Localized } from '../language.ts';
import { OPS_CHANGES_LIST_MAX } from '../policy.ts';
import { listChanges, recordAudit, type AuditAction, type OperatorChangeView } from '../repositories/audit.ts';
import { perCurrencyAmount } from '../money/per-currency.ts';
import { getSettings, putSetting, type Settings } from '../repositories/settings.ts';
import { cleanHtml, isBlankHtml, isImageUrl } from './html.ts';
import { grantOf, receiptCount, type Offer } from './offers.ts';

/** An offer with how many times members received it (member_bonuses rows). */
export type OfferView = Offer & { received: number };
type OfferStatus = Offer['status'];
type OfferValues = Omit<typeof bonuses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type Invalid = 'KEY_INVALID' | null;

/** Who writes: the operator and their role (the route's caller). */
export interface Writer {
  operatorId: number;
  role: OperatorRole;
}

// ---------------------------------------------------------------- rules

/** The roles that may make an offer above its bounds active: a second pair of eyes on what marketing wrote. */
export const ABOVE_CEILING_ROLES: readonly OperatorRole[] = ['finance', 'admin'];

/** The bounds for an offer in `currency` from the settings; a setting that is missing or not a number fails closed. */
export function boundsOf(settings: Pick<Settings, 'offerGrantCeiling' | 'offerMinTurnoverMultiplier'>, currency: Offer['currency']): OfferBounds {
  const minimum: unknown = settings.offerMinTurnoverMultiplier;
  return {
    ceiling: perCurrencyAmount(settings.offerGrantCeiling, currency),
    minTurnoverMultiplier: typeof minimum === 'number' && Number.isFinite(minimum) ? minimum : Number.POSITIVE_INFINITY,
  };
}

/** The bounds as the console reads them (contract OpsOfferBounds): major units; a broken minimum as null, not Infinity (JSON has none). */
export async function offerBoundsView(db: Queryable): Promise<OpsOfferBounds> {
  const settings = await getSettings(db, 'offerGrantCeiling', 'offerMinTurnoverMultiplier');
  const [baht, lak] = [boundsOf(settings, 'BAHT'), boundsOf(settings, 'LAK')];
  return {
    ceiling: { BAHT: toMajor(baht.ceiling), LAK: toMajor(lak.ceiling) },
    minTurnoverMultiplier: Number.isFinite(baht.minTurnoverMultiplier) ? baht.minTurnoverMultiplier : null,
  };
}

/**
 * An offer above its bounds may be active only by a role of
 * ABOVE_CEILING_ROLES (403 UNAUTHORIZED for another); paused, anyone who
 * may write offers writes it.
 */
export function ceilingError(offer: BoundedOffer, status: OfferStatus, bounds: OfferBounds, role: OperatorRole): 'UNAUTHORIZED' | null {
  return status === 'active' && aboveBounds(offer, bounds) && !ABOVE_CEILING_ROLES.includes(role) ? 'UNAUTHORIZED' : null;
}

/** A percent grant without a cap of at least one minor unit (0.01) would credit nothing, or know no ceiling. */
export function percentCapError(grant: Grant): Invalid {
  return grant.kind === 'percent' && grant.cap < 1n ? 'KEY_INVALID' : null;
}

/** A withdrawal cap below what the bonus credits would take the bonus itself back from a member who met its turnover. */
export function withdrawCapError(grant: Grant, withdrawCap: bigint | null): Invalid {
  return withdrawCap !== null && withdrawCap < largestGrant(grant) ? 'KEY_INVALID' : null;
}

/** An end threshold at or above what the bonus credits could end the bonus the moment it is credited. */
export function endThresholdError(grant: Grant, endThreshold: bigint): Invalid {
  return endThreshold >= largestGrant(grant) ? 'KEY_INVALID' : null;
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

/** A banner's image is an http(s) address or a path of this site: no `javascript:`, `data:` or another scheme. */
export function bannerImageError(image: string): Invalid {
  return isImageUrl(image) ? null : 'KEY_INVALID';
}

/** Cleaned HTML may be longer than what was sent (`&` is written `&amp;`): it must still fit the contract. */
export function htmlLengthError(html: string): Invalid {
  return html.length > HTML_MAX_LENGTH ? 'KEY_INVALID' : null;
}

const localized = <T>(texts: { th: T; la: T; en: T }) => [texts.th, texts.la, texts.en];

/** The contract's grant in minor units. */
function grantIn(grant: BonusDefinition['grant']): Grant {
  return grant.kind === 'percent'
    ? { kind: 'percent', percent: grant.percent, cap: toMinor(grant.cap), minDeposit: toMinor(grant.minDeposit) }
    : { kind: 'fixed', amount: toMinor(grant.amount) };
}

/** The offer with its banners' HTML and its description cleaned (html.ts). */
export function cleanOffer(offer: BonusDefinition): BonusDefinition {
  const clean = ({ th, la, en }: BonusDefinition['description']) => ({ th: cleanHtml(th), la: cleanHtml(la), en: cleanHtml(en) });
  return {
    ...offer,
    code: offerCode(offer.code),
    banners: offer.banners.map((banner) => ({ image: banner.image, html: clean(banner.html) })),
    description: clean(offer.description),
  };
}

/** The first rule an offer (as cleaned) breaks, or null. */
export function offerError(offer: BonusDefinition): Invalid {
  const grant = grantIn(offer.grant);
  const texts = [...localized(offer.description), ...offer.banners.flatMap((banner) => localized(banner.html))];
  return (
    offer.banners.map((banner) => bannerImageError(banner.image)).find(Boolean) ??
    texts.map(htmlLengthError).find(Boolean) ??
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

export function opsBonusOf(view: OfferView): OpsBonus {
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

const auditOf = (operatorId: number, action: AuditAction, offer: Offer, now: Date, before?: Offer) => ({
  operatorId,
  action,
  subject: offer.code,
  ...(before && { before: definitionOf(before) }),
  after: definitionOf(offer),
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

/** 403 UNAUTHORIZED when the writer's role may not make this offer active (ceilingError), the settings read in the write's transaction. */
async function checkCeiling(db: Queryable, writer: Writer, offer: BoundedOffer, currency: Offer['currency'], status: OfferStatus): Promise<void> {
  if (status !== 'active' || ABOVE_CEILING_ROLES.includes(writer.role)) return;
  const bounds = boundsOf(await getSettings(db, 'offerGrantCeiling', 'offerMinTurnoverMultiplier'), currency);
  const denied = ceilingError(offer, status, bounds, writer.role);
  if (denied) throw new ApiError(403, denied);
}

/** A written offer's bounded parts, its grant in minor units. */
const boundedOf = (offer: Pick<BonusDefinition, 'kind' | 'grant' | 'maxReceived' | 'quota' | 'turnoverMultiplier'>): BoundedOffer => ({
  kind: offer.kind,
  grant: grantIn(offer.grant),
  maxReceived: offer.maxReceived,
  quota: offer.quota,
  turnoverMultiplier: offer.turnoverMultiplier,
});

/**
 * A new offer, its HTML cleaned: 400 KEY_INVALID when it breaks a rule, 403
 * UNAUTHORIZED when it is active above the grant ceiling and the writer may
 * not make it so, 409 KEY_INVALID when its code is taken.
 */
export async function createOffer(db: Queryable, writer: Writer, definition: BonusDefinition, now: Date): Promise<OfferView> {
  const offer = cleanOffer(definition);
  const invalid = offerError(offer);
  if (invalid) throw new ApiError(400, invalid);
  try {
    return await db.transaction(async (tx) => {
      await checkCeiling(tx, writer, boundedOf(offer), offer.currency, offer.status);
      const row = await insertOffer(tx, valuesOf(offer), now);
      await recordAudit(tx, auditOf(writer.operatorId, 'bonus.create', row, now));
      return { ...row, received: 0 };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === CODE_UNIQUE) throw new ApiError(409, 'KEY_INVALID');
    throw error;
  }
}

/**
 * Rewrites the offer of `code` (a new status included), its HTML cleaned.
 * Its code, kind and currency stay (400 KEY_INVALID: receipts and members'
 * screens name them); 404 NO_DATA for an unknown code; 403 UNAUTHORIZED
 * when it would be active above the grant ceiling and the writer may not
 * make it so (even if it is active already: marketing may still pause it).
 * A change applies to later receipts only.
 */
export async function changeOffer(db: Queryable, writer: Writer, code: string, definition: BonusDefinition, now: Date): Promise<OfferView> {
  code = offerCode(code);
  if (offerCode(definition.code) !== code) throw new ApiError(400, 'KEY_INVALID');
  const offer = cleanOffer(definition);
  const invalid = offerError(offer);
  if (invalid) throw new ApiError(400, invalid);
  return db.transaction(async (tx) => {
    const current = await lockOfferByCode(tx, code);
    if (!current) throw new ApiError(404, 'NO_DATA');
    if (current.kind !== offer.kind || current.currency !== offer.currency) throw new ApiError(400, 'KEY_INVALID');
    await checkCeiling(tx, writer, boundedOf(offer), offer.currency, offer.status);
    const row = await updateOffer(tx, current.id, valuesOf(offer), now);
    await recordAudit(tx, auditOf(writer.operatorId, 'bonus.change', row, now, current));
    return { ...row, received: await receiptCount(tx, row.id) };
  });
}

/**
 * Pauses or resumes the offer of `code` (404 NO_DATA when unknown). Resuming
 * an offer above the grant ceiling is 403 UNAUTHORIZED for a writer who may
 * not make it active (whatever its status). An offer already in that status
 * is answered as it is: nothing is written, no change recorded.
 */
export async function setOfferStatus(db: Queryable, writer: Writer, code: string, status: OfferStatus, now: Date): Promise<OfferView> {
  code = offerCode(code);
  return db.transaction(async (tx) => {
    const current = await lockOfferByCode(tx, code);
    if (!current) throw new ApiError(404, 'NO_DATA');
    await checkCeiling(tx, writer, { ...current, grant: grantOf(current) }, current.currency, status);
    const row = current.status === status ? current : await updateOffer(tx, current.id, { status }, now);
    if (row !== current) await recordAudit(tx, auditOf(writer.operatorId, status === 'paused' ? 'bonus.paused' : 'bonus.active', row, now, current));
    return { ...row, received: await receiptCount(tx, row.id) };
  });
}

/** Stores one setting with its operator_changes row, in one transaction. */
async function writeSetting<K extends 'agreements' | 'conditions' | 'notice' | 'contact'>(db: Queryable, operatorId: number, key: K, value: Settings[K], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await putSetting(tx, key, value);
    await recordAudit(tx, { operatorId, action: `settings.${key}`, subject: key, after: value, createdAt: now });
  });
}

/**
 * Replaces the agreements or the conditions members read (GET
 * /api/lookup/agreements, /conditions), every language at once, each item
 * cleaned (html.ts; 400 KEY_INVALID when cleaning made one too long).
 * Answers the texts as stored.
 */
export async function putMemberTexts(
  db: Queryable,
  operatorId: number,
  key: 'agreements' | 'conditions',
  written: Localized<string[]>,
  now: Date,
): Promise<Localized<string[]>> {
  const texts = { th: written.th.map(cleanHtml), la: written.la.map(cleanHtml), en: written.en.map(cleanHtml) };
  if (localized(texts).flat().some(htmlLengthError)) throw new ApiError(400, 'KEY_INVALID');
  await writeSetting(db, operatorId, key, texts, now);
  return texts;
}

/** A notice in one language, cleaned (html.ts); one that shows nothing once cleaned is no notice (empty). */
function cleanNotice(html: string): string {
  const cleaned = cleanHtml(html);
  return isBlankHtml(cleaned) ? '' : cleaned;
}

/**
 * Replaces the notice members read above their home's widgets (GET
 * /api/lookup/notice), every language at once: HTML, cleaned as the
 * agreements are (400 KEY_INVALID when cleaning made one longer than
 * NOTICE_MAX_LENGTH). Answers the notice as stored.
 */
export async function putNotice(db: Queryable, operatorId: number, written: Localized, now: Date): Promise<Localized> {
  const notice = { th: cleanNotice(written.th), la: cleanNotice(written.la), en: cleanNotice(written.en) };
  if (localized(notice).some((text) => text.length > NOTICE_MAX_LENGTH)) throw new ApiError(400, 'KEY_INVALID');
  await writeSetting(db, operatorId, 'notice', notice, now);
  return notice;
}

/**
 * Replaces the contact page's texts and links (plain text: the page shows
 * it as text; the contract keeps the link https and the QR a picture of a
 * site). Answers the value as stored.
 */
export async function putContact(db: Queryable, operatorId: number, contact: Settings['contact'], now: Date): Promise<Settings['contact']> {
  await writeSetting(db, operatorId, 'contact', contact, now);
  return contact;
}

/** The latest operator changes, newest first (at most OPS_CHANGES_LIST_MAX). */
export function latestChanges(db: Queryable): Promise<OperatorChangeView[]> {
  return listChanges(db, OPS_CHANGES_LIST_MAX);
}
