/**
 * `npm run bench:bundle`: builds the SPA, opens /login in Chromium at a phone
 * viewport and adds up the gzip size of every script and stylesheet the page
 * requested before its login form was interactive (the `login-interactive`
 * mark the form sets when React first commits it). Budget: 120 KB gzip JS.
 * What loads later, until the network is idle (the API client's ofetch, ...),
 * is printed beside it.
 *
 * Then the operator console's own first load (docs/decisions/0125-operator-console.md):
 * a fresh browser at 1280x800 opens /ops/login, the demo admin logs in, and
 * everything loaded until the first area's page is shown and the network is
 * idle is added up, with what of it /login had loaded too (the shared
 * entry). /login must load none of the console's chunks.
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/browser/chromium.ts';
import { startServerProcess } from './support/server-process.ts';
import type { Page } from 'playwright-core';
import { LOGIN_INTERACTIVE_MARK } from '../src/features/login/interactive-mark.ts';
import { DEMO_OPERATOR } from '../src/server/db/seed-data.ts';

const JS_BUDGET_KB = 120;

interface Asset {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

/** Every script and stylesheet `page` receives from now on, with its gzip size (await `settled()` before reading). */
function recordAssets(page: Page) {
  const loaded: Asset[] = [];
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
  return { loaded, settled: () => Promise.all(pending) };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (assets: readonly Asset[]) => assets.reduce((total, asset) => total + asset.gzip, 0);
/** The console's chunks by their modules' names (the bundler names a chunk after its first module). */
const CONSOLE_CHUNK = /\/(OpsArea|ConsoleLayout|OpsChatPage|AgentInbox)[-.]/;

ensureChromium();
const build = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const { loaded, settled } = recordAssets(page);
  await page.goto(`${server.url}/login`, { waitUntil: 'load' });
  await page.locator('input[type="password"]').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await settled();

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
  const consoleOnLogin = loaded.filter((asset) => CONSOLE_CHUNK.test(asset.url));
  console.log(`Console chunks /login loaded: ${consoleOnLogin.length === 0 ? 'none' : consoleOnLogin.map((asset) => asset.url).join(', ')}`);
  if (js / 1024 > JS_BUDGET_KB || consoleOnLogin.length > 0) process.exitCode = 1;

  // The console: a browser of its own (nothing cached), the login, then the first area.
  const desk = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const opened = recordAssets(desk);
  await desk.goto(`${server.url}/ops/login`, { waitUntil: 'load' });
  await desk.locator('input[type="password"]').waitFor({ state: 'visible' });
  await desk.waitForLoadState('networkidle');
  await opened.settled();
  const loginAssets = [...opened.loaded];
  await desk.locator('input[name="username"]').fill(DEMO_OPERATOR.phone);
  await desk.locator('input[type="password"]').fill(DEMO_OPERATOR.password);
  await desk.locator('form button[type="submit"]').click();
  await desk.getByRole('navigation').first().waitFor({ state: 'visible' });
  await desk.waitForLoadState('networkidle');
  await opened.settled();
  const memberUrls = new Set(loaded.map((asset) => asset.url));
  const afterLogin = opened.loaded.filter((asset) => !loginAssets.includes(asset));
  const consoleOwn = opened.loaded.filter((asset) => !memberUrls.has(asset.url));
  const js1 = (assets: readonly Asset[]) => kb(sum(assets.filter((asset) => asset.kind === 'js')));
  const css1 = (assets: readonly Asset[]) => kb(sum(assets.filter((asset) => asset.kind === 'css')));
  console.log(`\nThe console's first load (1280x800, ${new URL(desk.url()).pathname} after the login):`);
  console.log(`  /ops/login:            JS ${js1(loginAssets)} KB gzip, CSS ${css1(loginAssets)} KB gzip`);
  console.log(`  then the first area:   JS ${js1(afterLogin)} KB gzip, CSS ${css1(afterLogin)} KB gzip`);
  console.log(`  in all:                JS ${js1(opened.loaded)} KB gzip, CSS ${css1(opened.loaded)} KB gzip`);
  console.log(`  of which not on /login: JS ${js1(consoleOwn)} KB gzip, CSS ${css1(consoleOwn)} KB gzip (${consoleOwn.length} files)`);
} finally {
  await browser.close();
  await server.stop();
}
