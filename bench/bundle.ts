/**
 * `npm run bench:bundle`: builds the SPA, opens /login in Chromium at a phone
 * viewport and adds up the gzip size of every script and stylesheet the page
 * requested before its login form was interactive (the `login-interactive`
 * mark the form sets when React first commits it). Budget: 120 KB gzip JS.
 * What loads later, until the network is idle (the API client's ofetch, ...),
 * is printed beside it.
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/browser/chromium.ts';
import { startServerProcess } from './support/server-process.ts';
import { LOGIN_INTERACTIVE_MARK } from '../src/features/login/interactive-mark.ts';

const JS_BUDGET_KB = 120;

ensureChromium();
const build = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const loaded: { url: string; kind: 'js' | 'css'; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        loaded.push({
          url: new URL(response.url()).pathname,
          kind: type === 'script' ? 'js' : 'css',
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      }),
    );
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'load' });
  await page.locator('input[type="password"]').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  // When each asset was requested, against the moment the form became interactive.
  const timing = await page.evaluate((mark) => {
    const interactiveAt = performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? null;
    const requests = performance.getEntriesByType('resource').map((entry) => ({
      url: new URL(entry.name).pathname,
      startTime: entry.startTime,
    }));
    return { interactiveAt, requests };
  }, LOGIN_INTERACTIVE_MARK);
  if (timing.interactiveAt === null) throw new Error(`the login form set no '${LOGIN_INTERACTIVE_MARK}' mark`);
  const requestedAt = new Map(timing.requests.map((request) => [request.url, request.startTime]));
  const beforeInteractive = (url: string) => (requestedAt.get(url) ?? Infinity) < timing.interactiveAt!;

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const sum = (assets: typeof loaded) => assets.reduce((total, asset) => total + asset.gzip, 0);
  loaded.sort((a, b) => b.gzip - a.gzip);
  console.log(`\nAssets /login loads (390x844); interactive at ${Math.round(timing.interactiveAt)} ms:`);
  for (const asset of loaded) {
    const when = beforeInteractive(asset.url) ? 'before' : 'after ';
    console.log(`  ${when} ${asset.kind.padEnd(3)} ${kb(asset.gzip).padStart(7)} KB gzip  ${kb(asset.raw).padStart(7)} KB raw  ${asset.url}`);
  }
  const first = loaded.filter((asset) => beforeInteractive(asset.url));
  const js = sum(first.filter((asset) => asset.kind === 'js'));
  const verdict = js / 1024 <= JS_BUDGET_KB ? 'within budget' : 'OVER BUDGET';
  console.log(`\nBefore interactive: JS ${kb(js)} KB gzip (${js} bytes) (budget ${JS_BUDGET_KB} KB, ${verdict}), CSS ${kb(sum(first.filter((a) => a.kind === 'css')))} KB gzip`);
  console.log(`Until network idle: JS ${kb(sum(loaded.filter((a) => a.kind === 'js')))} KB gzip, CSS ${kb(sum(loaded.filter((a) => a.kind === 'css')))} KB gzip`);
  if (js / 1024 > JS_BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
