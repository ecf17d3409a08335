/** The prize wheel's motion (src/features/wheel/wheel-motion.ts; spec 9). */
import { describe, expect, it } from 'vitest';
import {
  EXTRA_TURNS,
  FRAMES_PER_SECOND,
  FRICTION,
  labelTurn,
  landingRotation,
  normalizeAngle,
  planSpin,
  rotationAt,
  sliceUnderPointer,
  type SpinPlan,
} from '../../src/features/wheel/wheel-motion.ts';

const TAU = 2 * Math.PI;
/** Random draws at the ends and the middle of [0, 1): the slice's edges of the landing spread, 2 and 3 turns. */
const DRAWS = [0, 0.25, 0.5, 0.999999];

/** A fixed sequence of "random" numbers, repeated. */
function draws(...values: number[]) {
  let next = 0;
  return () => values[next++ % values.length]!;
}

/** The spec's friction frame by frame, as the old wheels did it: the angle moves by the velocity, then the velocity loses 0.9%. */
function simulateFrames(plan: SpinPlan): number {
  let rotation = plan.from;
  let velocity = plan.velocity;
  for (let frame = 0; frame < plan.frames; frame++) {
    rotation += velocity;
    velocity *= FRICTION;
  }
  return rotation;
}

const cases = Array.from({ length: 15 }, (_, at) => at + 2).flatMap((slices) =>
  Array.from({ length: slices }, (_, index) => ({ slices, index })),
);

describe('planSpin', () => {
  it.each(cases)('lands slice $index of $slices under the pointer, from anywhere, with any draw', ({ slices, index }) => {
    for (const from of [0, 1, -2.5, 7 * TAU + 0.3]) {
      for (const first of DRAWS) {
        for (const second of DRAWS) {
          const plan = planSpin({ from, index, slices, reducedMotion: false, random: draws(first, second) });
          expect(sliceUnderPointer(plan.to, slices)).toBe(index);
          // Inside the slice, not on its border: at least 15% of the slice from each edge.
          const arc = TAU / slices;
          const across = normalizeAngle(-Math.PI / 2 - plan.to) / arc - index;
          expect(across).toBeGreaterThanOrEqual(0.15 - 1e-9);
          expect(across).toBeLessThanOrEqual(0.85 + 1e-9);
        }
      }
    }
  });

  it.each(cases)('turns 2 or 3 extra full turns and ends, frame by frame with friction 0.991, on slice $index of $slices', ({ slices, index }) => {
    for (const first of DRAWS) {
      for (const second of DRAWS) {
        const plan = planSpin({ from: 1.234, index, slices, reducedMotion: false, random: draws(first, second) });
        expect(EXTRA_TURNS).toContain(plan.turns);
        const turned = (plan.to - plan.from) / TAU;
        expect(turned).toBeGreaterThanOrEqual(plan.turns);
        expect(turned).toBeLessThan(plan.turns + 1);
        const simulated = simulateFrames(plan);
        expect(Math.abs(simulated - plan.to)).toBeLessThan(1e-9);
        expect(sliceUnderPointer(simulated, slices)).toBe(index);
      }
    }
  });

  it('takes about 4 to 5 seconds a turn (spec 9)', () => {
    for (const second of DRAWS) {
      const plan = planSpin({ from: 0, index: 0, slices: 8, reducedMotion: false, random: draws(0.5, second) });
      expect(plan.durationMs).toBeGreaterThanOrEqual(4000 * plan.turns);
      expect(plan.durationMs).toBeLessThanOrEqual(5000 * plan.turns);
      expect(plan.frames).toBe(Math.round((plan.durationMs * FRAMES_PER_SECOND) / 1000));
    }
  });

  it('draws 2 turns for a low draw and 3 for a high one', () => {
    expect(planSpin({ from: 0, index: 0, slices: 6, reducedMotion: false, random: draws(0.5, 0.1) }).turns).toBe(2);
    expect(planSpin({ from: 0, index: 0, slices: 6, reducedMotion: false, random: draws(0.5, 0.9) }).turns).toBe(3);
  });

  it('jumps straight to the final angle under prefers-reduced-motion', () => {
    for (const { slices, index } of cases) {
      const plan = planSpin({ from: 2, index, slices, reducedMotion: true, random: draws(0.3) });
      expect([plan.turns, plan.frames, plan.durationMs]).toEqual([0, 0, 0]);
      expect(rotationAt(plan, 0)).toBe(plan.to);
      expect(sliceUnderPointer(plan.to, slices)).toBe(index);
    }
  });

  it('refuses a slice the wheel does not have', () => {
    expect(() => planSpin({ from: 0, index: 6, slices: 6, reducedMotion: false })).toThrow(RangeError);
    expect(() => planSpin({ from: 0, index: -1, slices: 6, reducedMotion: false })).toThrow(RangeError);
    expect(() => planSpin({ from: 0, index: 0, slices: 0, reducedMotion: false })).toThrow(RangeError);
  });
});

describe('rotationAt', () => {
  const plan = planSpin({ from: 0.5, index: 3, slices: 10, reducedMotion: false, random: draws(0.4, 0.7) });

  it('starts where the wheel was and agrees with the frames at every whole frame', () => {
    expect(rotationAt(plan, 0)).toBe(plan.from);
    let rotation = plan.from;
    let velocity = plan.velocity;
    for (let frame = 0; frame < plan.frames; frame++) {
      expect(Math.abs(rotationAt(plan, (frame * 1000) / FRAMES_PER_SECOND) - rotation)).toBeLessThan(1e-9);
      rotation += velocity;
      velocity *= FRICTION;
    }
  });

  it('only ever moves forward, slowing down, and ends on the final angle', () => {
    let last = plan.from;
    let lastStep = Infinity;
    for (let ms = 10; ms <= plan.durationMs; ms += 10) {
      const now = rotationAt(plan, ms);
      expect(now).toBeGreaterThanOrEqual(last);
      expect(now - last).toBeLessThanOrEqual(lastStep + 1e-12);
      lastStep = now - last;
      last = now;
    }
    expect(rotationAt(plan, plan.durationMs)).toBe(plan.to);
    expect(rotationAt(plan, plan.durationMs + 5000)).toBe(plan.to);
  });
});

describe('landingRotation and sliceUnderPointer', () => {
  it('agree for every slice of every wheel of 2 to 16 slices', () => {
    for (const { slices, index } of cases) {
      for (const within of [0.01, 0.5, 0.99]) expect(sliceUnderPointer(landingRotation(index, slices, within), slices)).toBe(index);
    }
  });

  it('put slice 0 clockwise from the pointer at rotation −π/2', () => {
    expect(sliceUnderPointer(-Math.PI / 2 - 0.01, 4)).toBe(0);
    expect(sliceUnderPointer(-Math.PI / 2 + 0.01, 4)).toBe(3);
  });
});

describe('labelTurn', () => {
  const slices = 8;
  const arc = TAU / slices;
  /** Every slice's middle at rest and at a few angles of a spin. */
  const middles = [0, 0.3, 1.9, 4.2].flatMap((rotation) => Array.from({ length: slices }, (_, index) => rotation + (index + 0.5) * arc));

  it('keeps every label upright: its text runs left to right wherever the slice stands', () => {
    // The text's direction on screen is the turned angle's: rightwards (cos ≥ 0) reads upright.
    expect(middles.filter((middle) => Math.cos(labelTurn(middle).angle) < -1e-9)).toEqual([]);
  });

  it('turns the labels on the left half by half a turn, and leaves those on the right half along their slice', () => {
    for (const middle of middles) {
      const { angle, flipped } = labelTurn(middle);
      const left = Math.cos(middle) < 0;
      expect([flipped, normalizeAngle(angle - (left ? Math.PI : 0))]).toEqual([left, expect.closeTo(normalizeAngle(middle), 9)]);
    }
  });
});
