/**
 * One run of `npm run videos` (scripts/videos.ts): films journeys on the set,
 * each in a fresh phone (a browser context recording its one page), and
 * turns each recording into public/videos/<name>.mp4 and its captions.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { CAPTION_LOCALES } from '../../src/features/howto/videos.ts';
import type { FilmSet } from './app.ts';
import { AppApi } from './app-api.ts';
import { toWebVtt } from './captions.ts';
import { encodeClip } from './encode.ts';
import { Film } from './film.ts';
import { FILM_LOCALE, main, type Journey, type Scene } from './scene.ts';
import { uiTexts } from './ui-texts.ts';

const OUT_DIR = path.resolve('public/videos');

/** The browser suite's phone (tests/browser/playwright.config.ts). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'th-TH', timezoneId: 'Asia/Bangkok' };
/** Chromium's screencast sends frames in CSS pixels whatever the device scale: recorded 1:1 (Playwright's default would shrink them to fit 800 × 800). */
const RECORDING_SIZE = PHONE.viewport;

export const seconds = (ms: number) => (ms / 1000).toFixed(0);

/** Every page of a film: the film's language, and the agreement already accepted on this phone (it would cover the home). */
function onThisPhone(locale: string): void {
  localStorage.setItem('locale', locale);
  localStorage.setItem('remember-agreement', 'true');
}

/** The films of one run: shot on the set in the browser, recorded into the work folder (the caller owns and removes all three). */
export class Shoot {
  readonly scene: Scene;
  private memberToken: Promise<string> | undefined;
  private operatorToken: Promise<string> | undefined;

  constructor(
    private readonly set: FilmSet,
    private readonly browser: Browser,
    private readonly workDir: string,
  ) {
    const api = new AppApi(set.url);
    this.scene = {
      url: set.url,
      api,
      demo: set.demo,
      memberToken: () => (this.memberToken ??= api.logIn(set.demo)),
      operatorToken: () => (this.operatorToken ??= api.logIn(set.operator)),
      t: uiTexts(FILM_LOCALE),
    };
  }

  /** A phone of the film set: its language set, the agreement accepted, and no request leaving for anywhere but the app. */
  private async phone(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext({ ...PHONE, ...options });
    await context.addInitScript(onThisPhone, FILM_LOCALE);
    const app = new URL(this.set.url).origin;
    await context.route((url) => url.origin !== app, (route) => route.abort('blockedbyclient'));
    return context;
  }

  /** The demo member's session for a film that starts logged in, made through the login page off camera. */
  private async loggedIn(): Promise<BrowserContextOptions['storageState']> {
    const { t } = this.scene;
    const context = await this.phone();
    const page = await context.newPage();
    await page.goto(`${this.set.url}/login`);
    const form = main(page);
    await form.getByLabel(t('Phone number'), { exact: true }).fill(this.set.demo.phone);
    await form.getByLabel(t('Password'), { exact: true }).fill(this.set.demo.password);
    // Remembered: the token goes to localStorage, which storageState() carries (sessionStorage it does not).
    await form.getByLabel(t('Remember me on this device')).check();
    await form.getByRole('button', { name: t('Log in'), exact: true }).click();
    await page.waitForURL(/\/user\/home$/);
    const state = await context.storageState();
    await context.close();
    return state;
  }

  async film(journey: Journey): Promise<void> {
    const began = Date.now();
    await journey.prepare?.(this.scene);
    const storageState = journey.startsLoggedIn ? await this.loggedIn() : undefined;
    const context = await this.phone({ storageState, recordVideo: { dir: this.workDir, size: RECORDING_SIZE } });
    const page = await context.newPage();
    // The recorder starts inside newPage(); its first frame is within about 0.1 s of newPage() returning (measured here).
    const film = new Film(page, Date.now());
    let footage;
    try {
      await journey.shoot(film, this.scene);
      footage = film.cut();
    } finally {
      await context.close();
    }
    const recording = await page.video()!.path();
    const shot = Date.now();

    // Written beside the work first: a failed encode leaves the last good clip in public/.
    const mp4 = path.join(this.workDir, `${journey.name}.mp4`);
    const clip = encodeClip(recording, mp4, footage);
    mkdirSync(OUT_DIR, { recursive: true });
    copyFileSync(mp4, path.join(OUT_DIR, `${journey.name}.mp4`));
    // The clip ends with its last whole frame: the last caption ends there too.
    const cues = footage.cues.map((cue) => ({ ...cue, endMs: Math.min(cue.endMs, Math.floor(clip.seconds * 1000)) }));
    for (const locale of CAPTION_LOCALES) writeFileSync(path.join(OUT_DIR, `${journey.name}.${locale}.vtt`), toWebVtt(cues, locale));
    console.log(
      `${journey.name}.mp4: ${clip.seconds.toFixed(1)} s, ${(clip.bytes / 1_000_000).toFixed(2)} MB, ${clip.codec} ${clip.width}×${clip.height}, ` +
        `${cues.length} captions × ${CAPTION_LOCALES.length} languages (set up and shot in ${seconds(shot - began)} s, encoded in ${seconds(Date.now() - shot)} s)`,
    );
  }
}

