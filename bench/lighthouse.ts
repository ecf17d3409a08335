/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score, FCP, LCP,
 * TBT and CLS for /login served by the production server (built SPA), in
 * Debian's Chromium. Goal: score ≥ 95. `-- --save <file.json>` writes the
 * median run's full report, to see where the time goes. `-- --path /user/home`
 * measures a member page instead: the demo member is logged in first (their
 * token in the page's storage, as remember-me keeps it), and each run starts
 * without the service worker, its caches or the browser's HTTP cache, as a
 * member's first visit does.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/browser/chromium.ts';
import { startServerProcess } from './support/server-process.ts';

const GOAL = 95;
const RUNS = 3;
const { values: options } = parseArgs({ options: { save: { type: 'string' }, path: { type: 'string', default: '/login' } } });
const path = options.path;
const memberPage = path.startsWith('/user');
/** The demo member of demo mode (src/server/config.ts). */
const DEMO = { username: '0812345678', password: 'demo-pass-1234' };

async function demoToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(DEMO),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`the demo member's login failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** The member's storage before a run: their token and accepted agreement, and no worker, cache or HTTP cache from the last run. */
async function memberStorage(url: string, port: number, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  // And no HTTP cache: a run after the first would otherwise get every file from the disk cache.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.goto(`${url}/favicon.svg`);
  await page.evaluate(async (value) => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
    localStorage.setItem('token', value);
    localStorage.setItem('remember-agreement', 'true');
  }, token);
  await page.close();
}

ensureChromium();
const build = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startServerProcess();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  const results: { score: number; fcp: number; lcp: number; tbt: number; cls: number; report: unknown }[] = [];
  const token = memberPage ? await demoToken(server.url) : '';
  for (let run = 1; run <= RUNS; run++) {
    if (memberPage) await memberStorage(server.url, chrome.port, token);
    const runnerResult = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      // Lighthouse would clear the origin's storage, the member's token with it.
      disableStorageReset: memberPage,
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      logLevel: 'error',
      output: 'json',
    });
    const lhr = runnerResult?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    // A run Lighthouse could not measure (the page did not paint in time on a busy machine) says why.
    if (lhr.runtimeError) console.log(`run ${run}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
  console.log(`\n${path} (Lighthouse mobile preset, median of ${RUNS}, goal ≥ ${GOAL}): ${describe(medians)}`);
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
