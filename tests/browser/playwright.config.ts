import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

// Each spec file starts its own server in the worker (tests/browser/support),
// on a fresh database with the recording SMS adapter, serving the built SPA
// from dist/ (`npm test` builds it first; global-setup serves a private copy
// so a rebuild during the run cannot pull chunks from under open pages).
// One worker: the machine has 2 cores.
//
// Every run writes its artifacts to its own folder: Playwright empties its
// outputDir when a run starts, and a second run in the same tree (another
// terminal, `npm test`) would otherwise delete the traces this run is writing.
// The workers load this file too and inherit the runner's environment.
process.env.BROWSER_RUN_ID ??= String(process.pid);

export default defineConfig({
  testDir: '.',
  globalSetup: './support/global-setup.ts',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `../../test-results/browser-${process.env.BROWSER_RUN_ID}`,
  use: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'th-TH',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
