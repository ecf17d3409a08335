/**
 * `npm run videos [-- <name> …]`: films the how-to videos /howto plays
 * (docs/decisions/0107-how-to-videos.md) in the real app and writes public/videos/<name>.mp4 with its
 * captions public/videos/<name>.<th|la|en>.vtt. No name: all five.
 *
 * The app runs in demo mode on a throw-away PGlite folder and a free port
 * (scripts/videos/app.ts), serving the last build (dist/: `npm run build`
 * first); Debian's Chromium plays each journey (scripts/videos/journeys/) as
 * the demo member on a 390 × 844 phone while Playwright records it, and
 * Debian's ffmpeg makes the clip. Nothing needs the network; a run replaces
 * the files of the films it makes and leaves nothing else behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOWTO_VIDEOS, type HowtoVideo } from '../src/features/howto/videos.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/browser/chromium.ts';
import { startFilmSet } from './videos/app.ts';
import { balance } from './videos/journeys/balance.ts';
import { bonusCancel } from './videos/journeys/bonus-cancel.ts';
import { bonus } from './videos/journeys/bonus.ts';
import { play } from './videos/journeys/play.ts';
import { wallet } from './videos/journeys/wallet.ts';
import { lendSystemFfmpegToPlaywright } from './videos/playwright-ffmpeg.ts';
import type { Journey } from './videos/scene.ts';
import { seconds, Shoot } from './videos/shoot.ts';

const JOURNEYS: Record<HowtoVideo, Journey> = { wallet, play, balance, bonus, 'bonus-cancel': bonusCancel };

function chosenFilms(args: string[]): HowtoVideo[] {
  const unknown = args.filter((arg) => !(HOWTO_VIDEOS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    console.error(`Unknown video ${unknown.join(', ')}; the videos are ${HOWTO_VIDEOS.join(', ')}.`);
    process.exit(1);
  }
  // Always in the page's order: each film starts where the one before it left the demo member.
  return HOWTO_VIDEOS.filter((name) => args.length === 0 || args.includes(name));
}

const films = chosenFilms(process.argv.slice(2));
ensureChromium();
const started = Date.now();
const returnFfmpeg = lendSystemFfmpegToPlaywright();
const workDir = mkdtempSync(path.join(tmpdir(), 'howto-videos-work-'));
let failed = false;
try {
  // After lendSystemFfmpegToPlaywright(): playwright-core reads PLAYWRIGHT_BROWSERS_PATH when it loads.
  const { chromium } = await import('playwright-core');
  const set = await startFilmSet();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      console.log(`The app and Chromium started in ${seconds(Date.now() - started)} s.`);
      const shoot = new Shoot(set, browser, workDir);
      for (const name of films) await shoot.film(JOURNEYS[name]);
    } finally {
      await browser.close();
    }
  } finally {
    await set.close();
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  returnFfmpeg();
  rmSync(workDir, { recursive: true, force: true });
}
console.log(`${failed ? 'Stopped' : 'Done'} after ${seconds(Date.now() - started)} s.`);
process.exit(failed ? 1 : 0);
