/**
 * The prize wheel on a canvas (spec 9: 350 px): the server's slices in their
 * colours and labels, a fixed pointer at 12 o'clock, and the spin's motion
 * (wheel-motion.ts). The canvas holds 350 × devicePixelRatio pixels, so it is
 * sharp on every screen; CSS shrinks it where a phone is narrower than the
 * wheel. When `turnTo` names a slice the wheel turns there from wherever it
 * stands and calls `onStopped` once it rests (at once under
 * prefers-reduced-motion). While it rests, the canvas's data-rotation holds
 * its angle (radians in [0, 2π), wheel-motion.ts's geometry), so a test
 * can read where it stopped.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { WheelSlice } from '../../contract/rewards.ts';
import { labelTurn, normalizeAngle, planSpin, POINTER_ANGLE, rotationAt } from './wheel-motion.ts';

/** spec 9: the canvas is 350 px. */
export const WHEEL_SIZE = 350;
const CENTER = WHEEL_SIZE / 2;
/** The slices' radius, inside the rim. */
const RADIUS = CENTER - 12;
const HUB_RADIUS = 26;
const RIM_COLOR = '#0a3d33';
const LIGHT_COLOR = '#ffe9a8';
const LABEL_MAX_FONT = 18;
const LABEL_MIN_FONT = 11;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The page's own font (Thai and Lao faces first), so labels read as the rest of the app does. */
function fontFamily(canvas: HTMLCanvasElement): string {
  return getComputedStyle(canvas).fontFamily || 'sans-serif';
}

/** A label in the widest font that fits `width`, or cut with an ellipsis at the smallest. */
function fitLabel(context: CanvasRenderingContext2D, label: string, width: number, family: string): string {
  for (let size = LABEL_MAX_FONT; size >= LABEL_MIN_FONT; size--) {
    context.font = `600 ${size}px ${family}`;
    if (context.measureText(label).width <= width) return label;
  }
  let cut = label;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function drawWheel(canvas: HTMLCanvasElement, slices: readonly WheelSlice[], rotation: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  const pixels = Math.round(WHEEL_SIZE * ratio);
  if (canvas.width !== pixels) {
    canvas.width = pixels;
    canvas.height = pixels;
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, WHEEL_SIZE, WHEEL_SIZE);

  // The rim.
  context.beginPath();
  context.arc(CENTER, CENTER, CENTER - 1, 0, 2 * Math.PI);
  context.fillStyle = RIM_COLOR;
  context.fill();

  const arc = (2 * Math.PI) / Math.max(1, slices.length);
  const family = fontFamily(canvas);
  slices.forEach((slice, index) => {
    const start = rotation + index * arc;
    context.beginPath();
    context.moveTo(CENTER, CENTER);
    context.arc(CENTER, CENTER, RADIUS, start, start + arc);
    context.closePath();
    context.fillStyle = slice.bgColor;
    context.fill();
    context.lineWidth = 2;
    context.strokeStyle = 'rgb(255 255 255 / 0.85)';
    context.stroke();

    // The label along the slice's middle, from the rim inwards; turned half a turn on the left half, so it never reads upside down.
    const turn = labelTurn(start + arc / 2);
    context.save();
    context.translate(CENTER, CENTER);
    context.rotate(turn.angle);
    context.textAlign = turn.flipped ? 'left' : 'right';
    context.textBaseline = 'middle';
    context.fillStyle = slice.textColor;
    const text = fitLabel(context, slice.label, RADIUS - HUB_RADIUS - 26, family);
    context.fillText(text, turn.flipped ? -(RADIUS - 14) : RADIUS - 14, 0);
    context.restore();

    // A light on the rim at each slice's edge.
    context.beginPath();
    context.arc(CENTER + (RADIUS + 6) * Math.cos(start), CENTER + (RADIUS + 6) * Math.sin(start), 3, 0, 2 * Math.PI);
    context.fillStyle = LIGHT_COLOR;
    context.fill();
  });

  // The hub.
  context.beginPath();
  context.arc(CENTER, CENTER, HUB_RADIUS, 0, 2 * Math.PI);
  context.fillStyle = '#ffffff';
  context.fill();
  context.lineWidth = 5;
  context.strokeStyle = RIM_COLOR;
  context.stroke();
}

interface Props {
  slices: readonly WheelSlice[];
  /** The slice to turn to (the spin's drawn index), while the wheel turns; null otherwise. */
  turnTo: number | null;
  onStopped: () => void;
}

export function WheelCanvas({ slices, turnTo, onStopped }: Props) {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Where the wheel stands: the next spin starts from here. Starts with slice 0's middle under the pointer.
  const rotationRef = useRef(POINTER_ANGLE - Math.PI / Math.max(1, slices.length));

  const draw = useCallback(() => {
    if (canvasRef.current) drawWheel(canvasRef.current, slices, rotationRef.current);
  }, [slices]);
  // Where the wheel rests, for tests (the attribute is absent while it turns).
  const rest = useCallback((resting: boolean) => {
    if (!canvasRef.current) return;
    if (resting) canvasRef.current.dataset.rotation = String(normalizeAngle(rotationRef.current));
    else delete canvasRef.current.dataset.rotation;
  }, []);

  // Drawn again when the slices change (a reload) and once the page's fonts have loaded (Thai, Lao).
  useEffect(() => {
    draw();
    rest(true);
    let current = true;
    void document.fonts?.ready.then(() => current && draw());
    return () => {
      current = false;
    };
  }, [draw, rest]);

  useEffect(() => {
    if (turnTo === null) return;
    rest(false);
    const plan = planSpin({ from: rotationRef.current, index: turnTo, slices: slices.length, reducedMotion: prefersReducedMotion() });
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const elapsed = now - started;
      rotationRef.current = rotationAt(plan, elapsed);
      draw();
      if (elapsed >= plan.durationMs) {
        rest(true);
        onStopped();
      } else frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [turnTo, slices.length, draw, rest, onStopped]);

  const labels = slices.map((slice) => slice.label).join(', ');
  return (
    <div className="wheel">
      <canvas ref={canvasRef} className="wheel__canvas" width={WHEEL_SIZE} height={WHEEL_SIZE} role="img" aria-label={t`Prize wheel: ${labels}`} />
      <svg className="wheel__pointer" viewBox="0 0 32 40" aria-hidden="true" focusable="false">
        <path d="M16 38 L3 8 A14 14 0 0 1 29 8 Z" />
        <circle cx="16" cy="12" r="4.5" />
      </svg>
    </div>
  );
}
