/**
 * One how-to film being shot: the page Playwright records, paced for a
 * viewer (a moment to read each caption before its action, a moment to see
 * what the action did), a touch mark where a finger taps, and the film's own
 * clock, from which the captions are timed: each step's caption starts when
 * the step starts and lasts until the next one.
 *
 * The pauses are the film's pacing, not waits for the app: every action still
 * waits for what it expects to see (Playwright's auto-waiting and
 * expectations), so a slow machine makes a longer film, never a wrong one.
 */
import type { Locator, Page } from 'playwright-core';
import type { AppLocale } from '../../src/i18n/locale.ts';

/** A caption in every language of the app. */
export type Caption = Record<AppLocale, string>;

/** A caption on the film's clock, in ms from the first frame kept. */
export interface Cue {
  startMs: number;
  endMs: number;
  caption: Caption;
}

/** What the recording holds, on the recorder's clock (ms since it started). */
export interface Footage {
  /** The first frame kept: before it, the page was still loading. */
  fromMs: number;
  toMs: number;
  cues: Cue[];
}

/** Time to read a caption before its action starts. */
const READ_MS = 1_000;
/** Time to see what an action did before the next caption. */
const HOLD_MS = 1_400;
/** The touch mark shows this long before the tap lands. */
const TOUCH_LEAD_MS = 350;
/** Delay between typed characters: a person typing, not a paste. */
const TYPE_DELAY_MS = 70;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Film {
  private rolling: number | null = null;
  private readonly steps: { atMs: number; caption: Caption }[] = [];

  /** `recorderStartedAt`: Date.now() when the recorder started (the page's creation), the recording's zero. */
  constructor(
    readonly page: Page,
    private readonly recorderStartedAt: number,
  ) {}

  private now(): number {
    return Date.now() - this.recorderStartedAt;
  }

  /** The first frame worth keeping: call it once the first screen has painted. */
  roll(): void {
    this.rolling = this.now();
  }

  /** One step of the film: its caption shows, the viewer reads it, the action runs, the viewer sees the result. */
  async step(caption: Caption, action: () => Promise<void> = async () => {}): Promise<void> {
    if (this.rolling === null) throw new Error('roll() the film before its first step');
    this.steps.push({ atMs: this.now(), caption });
    await pause(READ_MS);
    await action();
    await pause(HOLD_MS);
  }

  /** A finger on `target`: a mark where it lands, then the tap. */
  async tap(target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (box) await this.page.evaluate(showTouch, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    await pause(TOUCH_LEAD_MS);
    await target.click();
  }

  /** Taps a field and types into it, a character at a time. */
  async type(field: Locator, text: string): Promise<void> {
    await this.tap(field);
    await field.pressSequentially(text, { delay: TYPE_DELAY_MS });
  }

  /** Scrolls `target` smoothly to the middle of its scroller, as a thumb would. */
  async reveal(target: Locator): Promise<void> {
    await target.evaluate((element) => element.scrollIntoView({ behavior: 'smooth', block: 'center' }));
    await pause(900);
  }

  /** Ends the film: the captions stop here. */
  cut(): Footage {
    if (this.rolling === null || this.steps.length === 0) throw new Error('a film needs roll() and at least one step');
    const toMs = this.now();
    const fromMs = this.rolling;
    const cues = this.steps.map((step, index) => ({
      startMs: step.atMs - fromMs,
      endMs: (this.steps[index + 1]?.atMs ?? toMs) - fromMs,
      caption: step.caption,
    }));
    return { fromMs, toMs, cues };
  }
}

/** Runs in the page: a ring where the finger lands, fading out; hidden from assistive technology and from the pointer. */
function showTouch({ x, y }: { x: number; y: number }): void {
  const ring = document.createElement('div');
  ring.setAttribute('aria-hidden', 'true');
  Object.assign(ring.style, {
    position: 'fixed',
    left: `${x - 24}px`,
    top: `${y - 24}px`,
    width: '48px',
    height: '48px',
    borderRadius: '50%',
    background: 'rgba(255, 196, 0, 0.45)',
    border: '3px solid rgba(230, 150, 0, 0.95)',
    boxSizing: 'border-box',
    pointerEvents: 'none',
    zIndex: '2147483647',
    transition: 'transform 600ms ease-out, opacity 600ms ease-out',
  });
  document.body.append(ring);
  setTimeout(() => {
    ring.style.transform = 'scale(1.6)';
    ring.style.opacity = '0';
  }, 450);
  setTimeout(() => ring.remove(), 1_200);
}
