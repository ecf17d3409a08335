/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score, FCP, LCP,
 * TBT and CLS for /login served by the production server (built SPA), in
 * Debian's Chromium. Goal: score ≥ 95. `-- --save <file.json>` writes the
 * median run's full report, to see where the time goes.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/browser/chromium.ts';
import { startServerProcess } from './support/server-process.ts';

const GOAL = 95;
const RUNS = 3;
const { values: options } = parseArgs({ options: { save: { type: 'string' } } });

ensureChromium();
const build = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startServerProcess();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  const results: { score: number; fcp: number; lcp: number; tbt: number; cls: number; report: unknown }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const runnerResult = await lighthouse(`${server.url}/login`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      logLevel: 'error',
      output: 'json',
    });
    const lhr = runnerResult?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const result = {
      score,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      report: lhr,
    };
    results.push(result);
    console.log(`run ${run}: ${describe(result)}`);
  }
  const median = (pick: (r: (typeof results)[number]) => number) =>
    results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  const score = median((r) => r.score);
  const medians = { score, fcp: median((r) => r.fcp), lcp: median((r) => r.lcp), tbt: median((r) => r.tbt), cls: median((r) => r.cls) };
  console.log(`\n/login (Lighthouse mobile preset, median of ${RUNS}, goal ≥ ${GOAL}): ${describe(medians)}`);
  if (options.save) {
    writeFileSync(options.save, JSON.stringify(results.find((r) => r.score === score)!.report, null, 1));
    console.log(`median run's report: ${options.save}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}

function describe(r: { score: number; fcp: number; lcp: number; tbt: number; cls: number }): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `performance ${r.score}  FCP ${seconds(r.fcp)}  LCP ${seconds(r.lcp)}  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}`;
}
