/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score, LCP and
 * TBT for /login served by the production server (built SPA), in Debian's
 * Chromium. Goal: score ≥ 95.
 */
import { spawnSync } from 'node:child_process';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/browser/chromium.ts';
import { startServerProcess } from './support/server-process.ts';

const GOAL = 95;
const RUNS = 3;

ensureChromium();
const build = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startServerProcess();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  const results: { score: number; lcp: number; tbt: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouse(`${server.url}/login`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      logLevel: 'error',
      output: 'json',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
    const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
    results.push({ score, lcp, tbt });
    console.log(`run ${run}: performance ${score}  LCP ${(lcp / 1000).toFixed(2)} s  TBT ${Math.round(tbt)} ms`);
  }
  const median = <T>(values: T[], pick: (v: T) => number) => values.map(pick).sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const score = median(results, (r) => r.score);
  console.log(
    `\n/login (Lighthouse mobile preset, median of ${RUNS}): performance ${score} (goal ≥ ${GOAL})  ` +
      `LCP ${(median(results, (r) => r.lcp) / 1000).toFixed(2)} s  TBT ${Math.round(median(results, (r) => r.tbt))} ms`,
  );
} finally {
  chrome.kill();
  await server.stop();
}
