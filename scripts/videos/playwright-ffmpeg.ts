/**
 * Playwright's recordVideo pipes the screencast into an ffmpeg of its own
 * download (`npx playwright install ffmpeg`), which this machine cannot
 * fetch. Debian's ffmpeg reads the same Matroska stream and writes the same
 * VP9, so a private browsers folder (PLAYWRIGHT_BROWSERS_PATH, this process
 * only) names /usr/bin/ffmpeg where Playwright looks for its own. Chromium is
 * launched by path, so nothing else is looked up in that folder.
 * Call it before playwright-core is first imported: the folder is read once.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const FFMPEG_PATH = '/usr/bin/ffmpeg';

interface BrowsersJson {
  browsers: { name: string; revision: string }[];
}

/** Sets PLAYWRIGHT_BROWSERS_PATH to a folder holding Debian's ffmpeg; answers a function that removes it. */
export function lendSystemFfmpegToPlaywright(): () => void {
  const packageJson = createRequire(import.meta.url).resolve('playwright-core/package.json');
  const { browsers } = JSON.parse(readFileSync(path.join(path.dirname(packageJson), 'browsers.json'), 'utf8')) as BrowsersJson;
  const revision = browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
  if (!revision) throw new Error('playwright-core/browsers.json names no ffmpeg revision');
  const folder = mkdtempSync(path.join(tmpdir(), 'howto-videos-playwright-'));
  // The registry's layout: <folder>/ffmpeg-<revision>/ffmpeg-linux.
  mkdirSync(path.join(folder, `ffmpeg-${revision}`));
  symlinkSync(FFMPEG_PATH, path.join(folder, `ffmpeg-${revision}`, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
