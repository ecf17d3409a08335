/**
 * The offer form's pieces: which of BonusDefinition's leaves are numbers or
 * instants, a new offer's defaults, and whether what marketing saves waits
 * for finance (docs/decisions/0120-offer-bounds.md, the server's own rule).
 */
import type { OperatorRole } from '../../src/contract/api.ts';
import type { BonusDefinition, OpsBonus, OpsOfferBounds } from '../../src/contract/bonus.ts';
import { toMinor } from '../../src/contract/money.ts';
import { aboveBounds, type Grant } from '../../src/contract/rules/bonuses.ts';
import { draftOf, type Draft, type DraftShape } from '../shared/form-draft.ts';

export const BONUS_SHAPE: DraftShape = {
  numbers: [/^(maxReceived|percentFail|turnoverMultiplier|endThreshold)$/, /^grant\.(percent|cap|minDeposit|amount)$/],
  optionalNumbers: [/^(withdrawCap|quota)$/],
  times: [/^(startsAt|endsAt)$/],
};

/** The contract's limit on an offer's banners. */
export const MAX_BANNERS = 10;

const localized = () => ({ th: '', la: '', en: '' });
export const NEW_BANNER: Draft = { image: '', html: localized() };

/** A new offer: a bonus in baht, once, paused until marketing says otherwise. */
const BLANK: BonusDefinition = {
  code: '',
  kind: 'bonus',
  type: 'limit',
  currency: 'BAHT',
  maxReceived: 1,
  percentFail: 0,
  banners: [],
  description: localized(),
  grant: { kind: 'fixed', amount: 0 },
  turnoverMultiplier: 2,
  withdrawCap: null,
  endThreshold: 0,
  quota: null,
  startsAt: null,
  endsAt: null,
  status: 'active',
};

/** The form of an offer: the one changed, or a new one's defaults (the grant's amount left empty). */
export function bonusDraftOf(bonus: OpsBonus | null): Draft {
  if (bonus === null) return { ...(draftOf(BLANK, BONUS_SHAPE) as Draft), grant: { kind: 'fixed', amount: '' } };
  const { id: _id, received: _received, updatedAt: _updatedAt, ...definition } = bonus;
  return draftOf(definition, BONUS_SHAPE) as Draft;
}

/** A grant of the other kind, empty, when the form switches kinds. */
export function grantDraftOf(kind: Grant['kind']): Draft {
  return kind === 'percent' ? { kind, percent: '', cap: '', minDeposit: '0' } : { kind, amount: '' };
}

/** The bounds as the rule reads them, for the offer's currency: a ceiling that is no amount counts as 0, as the server's does. */
function boundsFor(bounds: OpsOfferBounds, currency: BonusDefinition['currency']) {
  let ceiling = 0n;
  try {
    ceiling = bounds.ceiling[currency] >= 0 ? toMinor(bounds.ceiling[currency]) : 0n;
  } catch {
    ceiling = 0n;
  }
  return { ceiling, minTurnoverMultiplier: bounds.minTurnoverMultiplier ?? Number.POSITIVE_INFINITY };
}

/**
 * Marketing asked for an offer active above its bounds: the server would
 * refuse it (403 UNAUTHORIZED), so it is saved paused and waits for finance
 * or an admin, who may make it active themselves.
 */
export function waitsForFinance(offer: BonusDefinition, bounds: OpsOfferBounds, role: OperatorRole): boolean {
  if (offer.status !== 'active' || role !== 'marketing') return false;
  const grant: Grant =
    offer.grant.kind === 'percent'
      ? { kind: 'percent', percent: offer.grant.percent, cap: toMinor(offer.grant.cap), minDeposit: toMinor(offer.grant.minDeposit) }
      : { kind: 'fixed', amount: toMinor(offer.grant.amount) };
  return aboveBounds({ ...offer, grant }, boundsFor(bounds, offer.currency));
}

/** An offer as listed: above its bounds (so only finance or an admin makes it active). */
export function offerAboveBounds(offer: OpsBonus, bounds: OpsOfferBounds): boolean {
  return waitsForFinance({ ...offer, status: 'active' }, bounds, 'marketing');
}
