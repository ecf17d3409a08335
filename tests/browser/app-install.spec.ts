/**
 * The installable member app (docs/decisions/0142-installable-app-and-its-worker.md):
 * Chromium's own installability check passes once a member is in; the
 * worker serves the app shell and its code when the server is gone, but
 * never an API answer, and leaves /ops to the server; a new deployment is
 * offered with a prompt and taken only when the member taps Reload.
 *
 * The server serves a copy of dist/, so that a test can deploy a "new
 * version" (another sw.js) without touching the other specs' files.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { newMember, registerViaApi } from './support/api.ts';
import { startBrowserServer, type BrowserServer } from './support/app-server.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { logInViaUi, main } from './support/ui.ts';

test.use({ serviceWorkers: 'allow' });

const { version } = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { version: string };

let distDir: string;
let server: BrowserServer | undefined;

test.beforeEach(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'wallet-dist-'));
  cpSync(path.resolve('dist'), distDir, { recursive: true });
  server = await startBrowserServer({ distDir });
});

test.afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(distDir, { recursive: true, force: true });
});

function running(): BrowserServer {
  if (!server) throw new Error('the server has stopped');
  return server;
}

/** A member logs in; the shell registers the worker once idle; a reload puts the page under it (no clientsClaim). */
async function memberUnderTheWorker(page: Page): Promise<void> {
  const member = newMember();
  await registerViaApi(running(), member);
  await logInViaUi(page, running(), member.phone, member.password);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(main(page).getByText(tr('Hello'))).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
}

test('Chromium finds the member app installable, from the manifest of the member language', async ({ playwright }) => {
  // Chromium installs no app from an incognito window, which every new Playwright context is: a profile on disk.
  const profile = mkdtempSync(path.join(tmpdir(), 'wallet-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
  try {
    await installable(page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(page: Page): Promise<void> {
  await memberUnderTheWorker(page);

  const devtools = await page.context().newCDPSession(page);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const { errors, data } = await devtools.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: 'Mekong Wallet', lang: 'th', start_url: '/user/home', display: 'standalone' });
}

test('without the server, the worker opens the app and its contact page with the version it serves, and no API answer comes from it', async ({ page }) => {
  await memberUnderTheWorker(page);
  // The contact page's code, not yet loaded by this page, is among what the worker keeps.
  await running().close();
  server = undefined;

  await page.goto(page.url().replace(/\/user\/home$/, '/user/contact'));
  await expect(page.getByText(`เวอร์ชัน ${version}`)).toBeVisible();

  const api = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/lookup/active', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return `answered ${response.status}`;
    } catch {
      return 'failed';
    }
  });
  expect(api, 'an API call with the server gone fails: nothing answers it from a cache').toBe('failed');

  // The console is the server's alone: without it, /ops does not open from the member's worker.
  await expect(page.goto(page.url().replace(/\/user\/contact$/, '/ops/login'))).rejects.toThrow(/ERR_/);
});

test('a new deployment is offered, and the app moves to it only when the member taps Reload', async ({ page }) => {
  await memberUnderTheWorker(page);
  // Gone when the page reloads.
  await page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));

  // The next deployment: another worker at the same address.
  appendFileSync(path.join(distDir, 'sw.js'), '\n// the next deployment\n');
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  const prompt = page.getByRole('status').filter({ hasText: tr('A new version is ready.') });
  await expect(prompt).toBeVisible();
  await expectAccessible(page, 'the new version prompt');
  // Waiting, not in control: the page stays on the version it runs until the member decides.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

  await prompt.getByRole('button', { name: tr('Reload') }).click();
  await expect(main(page).getByText(tr('Hello'))).toBeVisible();
  await expect(prompt).toBeHidden();
  await expect.poll(() => page.evaluate(() => 'beforeTheUpdate' in window), { message: 'the page reloaded' }).toBe(false);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null))
    .toBeNull();
});
