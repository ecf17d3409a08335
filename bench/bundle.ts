/**
 * `npm run bench:bundle`: builds the SPA, opens /login in Chromium at a phone
 * viewport and adds up the gzip size of every script and stylesheet the page
 * loaded by the time its login form is interactive. Budget: 120 KB gzip JS.
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../tests/browser/chromium.ts';
import { startServerProcess } from './support/server-process.ts';

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

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  loaded.sort((a, b) => b.gzip - a.gzip);
  console.log('\nAssets /login loads before it is interactive (390x844):');
  for (const asset of loaded) console.log(`  ${asset.kind.padEnd(3)} ${kb(asset.gzip).padStart(7)} KB gzip  ${kb(asset.raw).padStart(7)} KB raw  ${asset.url}`);
  const total = (kind: 'js' | 'css') => loaded.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.gzip, 0);
  const js = total('js');
  console.log(`\nJS  ${kb(js)} KB gzip (budget ${JS_BUDGET_KB} KB) ${js / 1024 <= JS_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
  console.log(`CSS ${kb(total('css'))} KB gzip`);
  if (js / 1024 > JS_BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
