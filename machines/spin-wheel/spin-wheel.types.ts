/**
 * The prize wheel modal (spec 2 Spin wheel; docs/decisions/0100-prize-wheel.md):
 * the wheel and the member's coins, a spin (one coin, drawn by the server),
 * the wheel turning to the drawn slice, the prize, then the setup read again;
 * beside it the coupon list, 3 a page, whose claims are a child machine
 * (machines/coupon-claim).
 */
import type { Coupon, SpinResponse, WheelSlice } from '../../src/contract/rewards.ts';
import type { RetryContext } from '../shared/read-retry.ts';
import type { Result } from '../shared/result.ts';

export interface SpinWheelInput {
  /** The home's prefix for this opening (`{keySeed}-{n}`, machines/home), new each opening: the n-th spin's Idempotency-Key is `{keyPrefix}.{n}`. */
  keyPrefix: string;
}

/** The active wheel as the member sees it (spec 3 spin setup). */
export interface Wheel {
  name: string;
  slices: WheelSlice[];
}

/** What the modal reads when it opens and after every prize or claim: the setup and the coupons. */
export interface WheelData {
  /** null: no wheel is active (SPIN_INACTIVE). */
  wheel: Wheel | null;
  coins: number;
  coupons: Coupon[];
}

/** A spin's answer (spec 3 spin result, with the slice's index and the fairness record). */
export type SpinResult = SpinResponse['result'];

export type WheelRead = Result<WheelData>;
export type SpinAnswer = Result<SpinResult>;

export interface SpinWheelContext extends RetryContext {
  keyPrefix: string;
  /** Spins the member asked for in this opening (each a new key; a retry keeps it). */
  spins: number;
  /** The key of the spin on its way, or kept for a retry after no answer; null otherwise. */
  idempotencyKey: string | null;
  /** The last read; null until the first one answered. */
  data: WheelData | null;
  /** The coupon list's page, from 1 (spec 9: 3 coupons a page). */
  couponPage: number;
  /** The last spin's result: the slice the wheel turns to and the prize shown. */
  prize: SpinResult | null;
  /** The last spin's refusal (NO_COIN, SPIN_INACTIVE, …), NETWORK_ERROR, or a failed first read's message. */
  error: string | null;
  /** A coupon was claimed (or may have been): the home reads the wallet again when the modal closes. */
  saved: boolean;
}

export type SpinWheelEvent =
  /** The connection is back (the shell's connectivity actor): a wheel waiting for it is read now. */
  | { type: 'read.online' }
  /** Spin: refused (no transition) at 0 coins, without a wheel, or while a spin is on its way or turning. */
  | { type: 'wheel.spin' }
  /** The view's animation reached the drawn slice (at once under prefers-reduced-motion). */
  | { type: 'wheel.stopped' }
  /** The member closed the prize. */
  | { type: 'prize.close' }
  /** Read again after the first read failed; or send the unanswered spin again with the same key. */
  | { type: 'wheel.retry' }
  /** Show another page of coupons. */
  | { type: 'coupons.page'; page: number }
  /** Claim a coupon of the list: opens its confirm dialog (machines/coupon-claim). */
  | { type: 'coupon.claim'; coupon: string }
  /** Close the modal (not while a spin is on its way): the machine ends, and the home reads its output. */
  | { type: 'wheel.close' };

export interface SpinWheelOutput {
  /** A coupon was claimed, or may have been: the wallet must be read again. */
  saved: boolean;
}

/**
 * The home invokes this machine (machines/home, child 'wheel') with its
 * actors from homeActors(api) (spinWheelActors(api)): load (() → WheelRead),
 * spin ({ idempotencyKey } → SpinAnswer), couponClaim (machines/coupon-claim
 * with its claim); and the action logFailure ({ message }: a failed read is
 * only logged, spec 7).
 * Tags: 'loading' (the first read), 'skeleton' (it is slower than the loader
 * delay), 'failed' (nothing read: offer a retry), 'ready' (the wheel waits
 * for a spin: `snapshot.can({ type: 'wheel.spin' })` says whether one may
 * start), 'spinning' (a spin is on its way or the wheel turns: the button
 * is disabled), 'turning' (the view animates to `context.prize.index`),
 * 'busy' (the modal does not close), 'prize' (the prize modal), 'uncertain'
 * (no answer to a spin: retry with the same key, or close), 'reloading',
 * 'claiming' (the coupon's dialogs, the child 'couponClaim' in
 * `snapshot.children`).
 */
export type SpinWheelTag =
  | 'loading'
  | 'skeleton'
  | 'offline'
  | 'failed'
  | 'ready'
  | 'spinning'
  | 'turning'
  | 'busy'
  | 'prize'
  | 'uncertain'
  | 'reloading'
  | 'claiming';
