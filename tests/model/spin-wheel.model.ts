/**
 * The prize wheel modal as a test model: the first read (a wheel with coins
 * and two pages of coupons, the last coin, no active wheel, a failure), spins
 * that land on the wheel shown, on a slice it no longer shows, are refused or
 * get no answer, and the coupon list's pages and claims (the claim is a
 * child whose ends the model answers). The model knows the coins as some or
 * none, not their number.
 */
import { spinWheelMachine } from '../../machines/spin-wheel/spin-wheel.machine.ts';
import type { SpinAnswer, SpinWheelContext, WheelData, WheelRead } from '../../machines/spin-wheel/spin-wheel.types.ts';
import type { CouponClaimOutput } from '../../machines/coupon-claim/coupon-claim.types.ts';
import type { Coupon, WheelSlice } from '../../src/contract/rewards.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type SpinWheel = typeof spinWheelMachine;

export const SPIN_KEY_PREFIX = 'model-wheel';

const slice = (code: string, label: string, bgColor: string): WheelSlice => ({
  code,
  label,
  bgColor,
  textColor: '#ffffff',
  htmlDescription: `<p>${label}</p>`,
});

export const WHEEL_SLICES = [
  slice('B100', '฿100', '#0d6b58'),
  slice('NONE', 'Try again', '#4b5a56'),
  slice('B20', '฿20', '#b3261e'),
  slice('GIFT', 'Gift', '#1a5fd0'),
];

export function coupon(id: string, type: Coupon['type'], status: Coupon['status'], amount: number): Coupon {
  return {
    _id: id,
    prize: { name: `Prize ${id}`, slice: 'B20' },
    type,
    amount,
    status,
    expiresAt: '2025-07-01T10:00:00.000Z',
    createdAt: '2025-06-01T10:00:00.000Z',
  };
}

/** Two pages: a coupon to claim, an item (not claimable here), a claimed one, and one more to claim on page 2. */
export const COUPONS = [coupon('1', 'credit', 'open', 20), coupon('2', 'item', 'open', 0), coupon('3', 'credit', 'claimed', 100), coupon('4', 'credit', 'open', 100)];

const read = (data: WheelData): WheelRead => ({ ok: true, data });

const events = {
  'wheel.spin': () => [{ type: 'wheel.spin' }],
  'wheel.stopped': () => [{ type: 'wheel.stopped' }],
  'prize.close': () => [{ type: 'prize.close' }],
  'wheel.retry': () => [{ type: 'wheel.retry' }],
  // Page 2 of two, page 1 back, and a page past the end.
  'coupons.page': () => [
    { type: 'coupons.page', page: 1 },
    { type: 'coupons.page', page: 2 },
    { type: 'coupons.page', page: 3 },
  ],
  // A coupon to claim, and an item the list shows without a claim.
  'coupon.claim': () => [
    { type: 'coupon.claim', coupon: '1' },
    { type: 'coupon.claim', coupon: '2' },
  ],
  'wheel.close': () => [{ type: 'wheel.close' }],
  // The shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
  'read.online': () => [{ type: 'read.online' }],
} satisfies EventFixtures<SpinWheel>;

const spun = (index: number, code: string, remainingCoin: number): SpinAnswer => ({
  ok: true,
  data: { code, label: code, index, remainingCoin, coupon: '9', seedHash: 'ab'.repeat(32), clientSeed: 'member-seed', nonce: 3 },
});

const replies = {
  load: [
    read({ wheel: { name: 'Lucky wheel', slices: WHEEL_SLICES }, coins: 2, coupons: COUPONS }),
    // The last coin spent, one coupon left.
    read({ wheel: { name: 'Lucky wheel', slices: WHEEL_SLICES }, coins: 0, coupons: COUPONS.slice(0, 1) }),
    // The operator closed the wheel.
    read({ wheel: null, coins: 1, coupons: [] }),
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
    // A gateway's 502, 503 or 504 without a message, or past the time limit (src/api/answer.ts): no answer.
    { ok: false, message: 'NETWORK_ERROR' },
  ] satisfies WheelRead[],
  spin: [
    spun(2, 'B20', 1),
    // A slice the wheel shown does not have at that place (the wheel changed).
    spun(1, 'B500', 0),
    { ok: false, message: 'NO_COIN' },
    { ok: false, message: 'SPIN_INACTIVE' },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies SpinAnswer[],
  couponClaim: [
    { outcome: 'cancelled' },
    { outcome: 'claimed' },
    { outcome: 'refused' },
    { outcome: 'unknown' },
  ] satisfies CouponClaimOutput[],
};

/**
 * What of the context decides behaviour: coins some or none, a wheel or not,
 * the coupon pages and the page shown, saved (the output). The error only
 * shows: it is checked on every step, not part of the state.
 */
export function spinWheelAbstraction({ context }: { context: SpinWheelContext }) {
  const { data } = context;
  return {
    coins: data === null ? null : data.coins > 0 ? 'some' : 'none',
    wheel: data === null ? null : data.wheel ? 'active' : 'none',
    pages: data === null ? null : Math.ceil(data.coupons.length / 3),
    page: context.couponPage,
    saved: context.saved,
  };
}

export const spinWheelModels: FlowModel<SpinWheel>[] = [
  {
    name: 'wheel modal',
    machine: spinWheelMachine,
    input: { keyPrefix: SPIN_KEY_PREFIX },
    events: offerAll(events),
    replies,
    abstraction: spinWheelAbstraction,
  },
];
