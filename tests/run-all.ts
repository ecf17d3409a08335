/**
 * `npm test`: every suite, in the order that fails fastest. Each step is a
 * child process; the first failure stops the run with its exit code.
 *
 *   types → unused exports → i18n catalogs → statechart diagrams → unit and model tests
 *   (the models' tests and component replays, and the coverage per machine:
 *   100% and within each model's edge budget, or the step fails) → server
 *   suites (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) → money
 *   reliability (concurrent load and crash, on the same databases) → scale-out
 *   (three processes behind nginx on PostgreSQL and Redis, one killed mid-load;
 *   with TEST_DATABASE_URL and TEST_REDIS_URL) → SPA build → browser suite in Chromium
 */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './browser/chromium.ts';
import { ensureNginx } from './scale/nginx.ts';

interface Step {
  name: string;
  command: string;
  args: string[];
}

/**
 * Vitest's default is one worker less than the cores: one on this 2-core machine. The suites' files
 * share nothing (each has its own database, folders and Redis keys) and much of their time is spent
 * waiting on a database or a socket, so two at once take about half the time.
 */
const BOTH_CORES = ['--maxWorkers', '2'];

/** `npm run test:scale`, where it can run: PostgreSQL and Redis to share, and nginx (installed here when missing on Debian as root). */
function scaleOut(): Step[] {
  const why = !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL ? 'it needs TEST_DATABASE_URL and TEST_REDIS_URL' : ensureNginx();
  if (why) {
    console.log(`The scale-out test (three processes behind nginx) is skipped: ${why}`);
    return [];
  }
  return [{ name: 'scale-out behind nginx, a process killed mid-load', command: 'vitest', args: ['run', '--config', 'tests/scale/vitest.config.ts'] }];
}

const steps: Step[] = [
  { name: 'type check', command: 'tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'no unused files or exports', command: 'knip', args: ['--include', 'exports,types,files'] },
  { name: 'i18n catalogs complete and current', command: 'node', args: ['--import', 'tsx', 'scripts/i18n-check.ts'] },
  { name: 'statechart diagrams current', command: 'node', args: ['--import', 'tsx', 'scripts/diagrams.ts', '--check'] },
  // `npm run test:unit` and `npm run test:model` in one run.
  {
    name: 'unit and model tests, model coverage',
    command: 'vitest',
    args: ['run', '--project', 'unit', '--project', 'model', '--project', 'model-components', ...BOTH_CORES],
  },
  {
    name: 'server suites',
    command: 'vitest',
    args: ['run', '--project', 'server', ...(process.env.TEST_DATABASE_URL ? ['--project', 'server-pg'] : []), ...BOTH_CORES],
  },
  { name: 'money under load and crash', command: 'vitest', args: ['run', '--config', 'tests/reliability/vitest.config.ts'] },
  ...scaleOut(),
  { name: 'SPA build', command: 'vite', args: ['build', '--logLevel', 'warn'] },
  { name: 'browser suite', command: 'playwright', args: ['test', '--config', 'tests/browser/playwright.config.ts'] },
];

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the server suites run on PGlite only.');
}
if (!process.env.TEST_REDIS_URL) {
  console.log('TEST_REDIS_URL is not set: the rate limits are tested on the database store only.');
}

ensureChromium();

const started = Date.now();
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const stepStarted = Date.now();
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  // Each step's time, so a slow suite is seen (CI stops at 90 minutes).
  console.log(`✓ ${step.name} in ${Math.round((Date.now() - stepStarted) / 1000)} s`);
}
console.log(`\n✔ all suites passed in ${Math.round((Date.now() - started) / 1000)} s`);
