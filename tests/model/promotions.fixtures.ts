/** Offers and bounds for the console's promotions models (bonus-list, bonus-edit). */
import type { OpsBonus, OpsOfferBounds } from '../../src/contract/bonus.ts';

export const BOUNDS: OpsOfferBounds = { ceiling: { BAHT: 1_000, LAK: 500_000 }, minTurnoverMultiplier: 2 };

const text = (en: string) => ({ th: en, la: en, en });

/** Active, within the bounds: 100 baht once. */
export const WELCOME: OpsBonus = {
  id: '1',
  code: 'WELCOME100',
  kind: 'bonus',
  type: 'limit',
  currency: 'BAHT',
  maxReceived: 1,
  percentFail: 20,
  banners: [{ image: '/images/bonuses/welcome.svg', html: text('<p>Welcome</p>') }],
  description: text('<p>Welcome bonus</p>'),
  grant: { kind: 'fixed', amount: 100 },
  turnoverMultiplier: 3,
  withdrawCap: null,
  endThreshold: 5,
  quota: null,
  startsAt: null,
  endsAt: null,
  status: 'active',
  received: 4,
  updatedAt: '2026-11-28T03:00:00.000Z',
};

/** Paused above the bounds (1,000 baht a day, twice): it waits for finance. */
export const BIG_DAILY: OpsBonus = {
  ...WELCOME,
  id: '2',
  code: 'BIGDAILY',
  type: 'day',
  maxReceived: 2,
  grant: { kind: 'fixed', amount: 1_000 },
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2026-12-31T00:00:00.000Z',
  status: 'paused',
  received: 0,
};
