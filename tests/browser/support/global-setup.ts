/**
 * The suite serves a private copy of the built SPA. Lazy chunks have hashed
 * names: a `vite build` run while the suite runs (a second terminal, a watch
 * build) would delete the chunks the open pages still load, and pages would
 * crash for reasons that have nothing to do with the app. The copy is taken
 * when dist/ is stable (same files before and after copying).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessRunning } from '../../../src/server/process-alive.ts';

const SOURCE = path.resolve('dist');

/** Every file with its size and time, or '' while a build is deleting and writing files. */
function listing(dir: string): string {
  try {
    return snapshot(dir);
  } catch {
    return '';
  }
}

function snapshot(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = statSync(file);
      return `${path.relative(dir, file)}:${stat.size}:${stat.mtimeMs}`;
    })
    .sort()
    .join('\n');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Artifacts of earlier runs (test-results/browser-<pid>) whose process is gone. */
function removeStaleRunFolders(): void {
  const results = path.resolve('test-results');
  if (!existsSync(results)) return;
  for (const name of readdirSync(results)) {
    const pid = Number(/^browser-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isProcessRunning(pid)) continue;
    rmSync(path.join(results, name), { recursive: true, force: true });
  }
}


export default async function globalSetup(): Promise<() => void> {
  removeStaleRunFolders();
  const index = path.join(SOURCE, 'index.html');
  // A build empties dist/ first and writes index.html last: give a running build a moment.
  for (let waited = 0; !existsSync(index); waited += 500) {
    if (waited >= 30_000) throw new Error('dist/index.html is missing: build the SPA first (npx vite build).');
    await pause(500);
  }
  const target = mkdtempSync(path.join(os.tmpdir(), 'wallet-browser-dist-'));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = existsSync(index) ? listing(SOURCE) : '';
    rmSync(target, { recursive: true, force: true });
    if (before !== '') {
      try {
        cpSync(SOURCE, target, { recursive: true });
        if (listing(SOURCE) === before && existsSync(path.join(target, 'index.html'))) break;
      } catch {
        // a file vanished while copying: a build is running
      }
    }
    if (Date.now() > deadline) throw new Error('dist/ kept changing for a minute: is a build running in watch mode?');
    // A build is writing dist/ right now: let it finish, then copy again.
    await pause(500);
  }
  process.env.BROWSER_DIST_DIR = target;
  return () => rmSync(target, { recursive: true, force: true });
}
