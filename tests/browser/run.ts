/**
 * `npm run test:browser`: the browser suite on its own. Builds the SPA it
 * serves (as `npm test` does before this step), then runs Playwright; extra
 * arguments go to Playwright (a file name, `-g <title>`, `--repeat-each 3`).
 */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.ts';

ensureChromium();

const steps: [string, string[]][] = [
  ['vite', ['build', '--logLevel', 'warn']],
  ['playwright', ['test', '--config', 'tests/browser/playwright.config.ts', ...process.argv.slice(2)]],
];
for (const [command, args] of steps) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
