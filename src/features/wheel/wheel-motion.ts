/**
 * How the prize wheel turns (spec 9: canvas 350 px, friction 0.991, spin
 * duration about 4 to 5 seconds times the rotations, 2 to 3 extra full
 * turns). Pure: no DOM and no clock; the canvas asks where the wheel is at a
 * given time, and tests read the final angle.
 *
 * Geometry, in canvas angles (radians, clockwise from 3 o'clock, as the
 * canvas's y axis points down): a wheel at rotation r draws slice i from
 * r + i·arc to r + (i + 1)·arc, arc = 2π / slices. The pointer stands at
 * 12 o'clock, angle −π/2.
 *
 * Motion: friction multiplies the angular velocity by 0.991 every frame, at
 * 60 frames a second. Starting at v₀, after n frames the wheel has turned
 * v₀·(1 − fⁿ)/(1 − f). The spin's duration fixes the number of frames N, and
 * v₀ = D·(1 − f)/(1 − fᴺ) makes frame N end exactly on the landing angle D
 * away: no easing curve and no correction at the end. At frame N the
 * velocity left is v₀·fᴺ (under 1% of v₀ after 9 s), too slow to see stop.
 * Between frames the same formula holds for a fractional n, so a 90 or
 * 120 Hz screen shows the same motion, only smoother.
 *
 * Duration: we read spec 9's "rotations" as the extra full turns (2 or 3)
 * and take 4.5 s a turn, the middle of "about 4 to 5 seconds": 9 s for 2
 * turns, 13.5 s for 3. Friction does most of the turning in the first few
 * seconds; the rest is the slow crawl onto the slice, the wheel's suspense.
 * Under prefers-reduced-motion the wheel is at its final angle at once.
 */

export const FRICTION = 0.991;
export const FRAMES_PER_SECOND = 60;
/** spec 9: "about 4 to 5 seconds" a rotation; see above. */
const SECONDS_PER_TURN = 4.5;
/** spec 9: 2 to 3 extra full turns. */
export const EXTRA_TURNS = [2, 3] as const;
/** The pointer at 12 o'clock, in canvas angles. */
export const POINTER_ANGLE = -Math.PI / 2;
/**
 * Where in its slice the wheel stops: anywhere in the middle 70%, so it
 * looks like chance, never on a border a member could read either way.
 */
export const LANDING_SPREAD = 0.7;

const TAU = 2 * Math.PI;

/** An angle in [0, 2π). */
export function normalizeAngle(angle: number): number {
  return ((angle % TAU) + TAU) % TAU;
}

/**
 * How a slice's label turns so it reads upright: along the slice's middle
 * (`middle`, the canvas's angle: 0 points right, clockwise), from the rim
 * inwards on the right half; on the left half that would read upside down,
 * so it turns half a turn more and runs from the rim inwards the other way.
 */
export function labelTurn(middle: number): { angle: number; flipped: boolean } {
  const angle = normalizeAngle(middle);
  const flipped = Math.cos(angle) < -1e-9;
  return { angle: flipped ? angle + Math.PI : angle, flipped };
}

/** The index of the slice under the pointer when the wheel is at `rotation`. */
export function sliceUnderPointer(rotation: number, slices: number): number {
  const arc = TAU / slices;
  return Math.floor(normalizeAngle(POINTER_ANGLE - rotation) / arc) % slices;
}

/**
 * The rotation (in [0, 2π)) that puts slice `index` under the pointer, the
 * pointer `within` of the way across it (0.5: its middle).
 */
export function landingRotation(index: number, slices: number, within = 0.5): number {
  const arc = TAU / slices;
  return normalizeAngle(POINTER_ANGLE - (index + within) * arc);
}

export interface SpinPlan {
  /** The rotation the spin starts from, in [0, 2π). */
  from: number;
  /** The rotation it ends on: `from` plus every radian turned. */
  to: number;
  /** Extra full turns (spec 9: 2 or 3); 0 when the wheel jumps. */
  turns: number;
  /** Frames at 60 a second; 0 when the wheel jumps. */
  frames: number;
  /** The first frame's angular velocity (radians a frame), friction slowing every next one. */
  velocity: number;
  durationMs: number;
}

export interface SpinRequest {
  /** Where the wheel is now (any angle). */
  from: number;
  /** The slice the server drew. */
  index: number;
  slices: number;
  /** prefers-reduced-motion: reduce — the wheel is at its final angle at once. */
  reducedMotion: boolean;
  /** A number in [0, 1): which of 2 or 3 turns, where in the slice. Math.random unless a test fixes it. */
  random?: () => number;
}

/** Plans a spin that stops with slice `index` under the pointer. */
export function planSpin({ from, index, slices, reducedMotion, random = Math.random }: SpinRequest): SpinPlan {
  if (!Number.isInteger(slices) || slices < 1) throw new RangeError(`a wheel of ${slices} slices`);
  if (!Number.isInteger(index) || index < 0 || index >= slices) throw new RangeError(`slice ${index} of ${slices}`);
  const start = normalizeAngle(from);
  const within = 0.5 + (random() - 0.5) * LANDING_SPREAD;
  const offset = normalizeAngle(landingRotation(index, slices, within) - start);
  if (reducedMotion) return { from: start, to: start + offset, turns: 0, frames: 0, velocity: 0, durationMs: 0 };

  const turns = random() < 0.5 ? EXTRA_TURNS[0] : EXTRA_TURNS[1];
  const distance = turns * TAU + offset;
  const frames = Math.round(turns * SECONDS_PER_TURN * FRAMES_PER_SECOND);
  // Σ_{k<N} v₀·fᵏ = D: the frames' steps add up to the distance exactly.
  const velocity = (distance * (1 - FRICTION)) / (1 - FRICTION ** frames);
  return { from: start, to: start + distance, turns, frames, velocity, durationMs: (frames * 1000) / FRAMES_PER_SECOND };
}

/** The wheel's rotation `elapsedMs` after the spin started; the final rotation once the duration has passed. */
export function rotationAt(plan: SpinPlan, elapsedMs: number): number {
  if (elapsedMs >= plan.durationMs) return plan.to;
  const frames = Math.max(0, (elapsedMs * FRAMES_PER_SECOND) / 1000);
  return plan.from + (plan.velocity * (1 - FRICTION ** frames)) / (1 - FRICTION);
}
