import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

// Each spec file starts its own server in the worker (tests/browser/support),
// on a fresh database with the recording SMS adapter, serving the built SPA
// from dist/ (`npm test` and `npm run test:browser` build it first).
// Two workers, a spec file each: a test spends much of its time waiting (animations, the
// server's answers), so two share the machine's 2 cores with about a third less time overall.

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'th-TH',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The member app's service worker (docs/decisions/0142-installable-app-and-its-worker.md) is off: specs test
    // the app as pages from the server (page.route sees every request); app-install.spec.ts turns it on.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
