import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';

// Server suites run once on embedded PGlite and, when TEST_DATABASE_URL names a
// real PostgreSQL, once more on it (tests/server/helpers/app.ts reads TEST_DB).
const serverSuites = ['tests/server/**/*.test.ts'];
/**
 * Server suites that open no database through TEST_DB (tests/server/helpers/app.ts): they
 * run on PGlite of their own (migrations, the server processes of config) or on none. The
 * PostgreSQL project would only run them a second time, unchanged (~70 s of a CI run).
 */
const DRIVER_FREE_SUITES = ['config', 'group-commit', 'hub88-config', 'migrations', 'passwords'].map((name) => `tests/server/${name}.test.ts`);
// A suite on the list that starts to use the test database would lose its PostgreSQL run without a
// word: refuse it here (its helpers but production.ts all open the database through TEST_DB).
for (const suite of DRIVER_FREE_SUITES) {
  const text = readFileSync(path.resolve(import.meta.dirname, suite), 'utf8');
  if (/TEST_DB\b|from '\.\/helpers\/(?!production\.ts')/.test(text)) {
    throw new Error(`${suite} uses the test database now: take it off DRIVER_FREE_SUITES in vitest.config.ts`);
  }
}

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: ['tests/unit/**/*.test.ts'],
      environment: 'node',
    },
  },
  // The machines' models (tests/model, `npm run test:model`): one test per
  // state of each model, and each machine's coverage; the coverage printout
  // comes from the reporter below.
  {
    extends: true,
    test: {
      name: 'model',
      include: ['tests/model/**/*.test.ts'],
      environment: 'node',
      // The model tests keep no state between files: one worker runs several.
      isolate: false,
    },
  },
  // The money modals replaying their models' paths in the real components
  // (Testing Library on happy-dom), with the SPA's own transforms: Lingui's
  // macros and catalogues, React.
  {
    extends: true,
    plugins: [
      babel({ include: [/[\\/]src[\\/].*\.tsx?$/], presets: [linguiTransformerBabelPreset()] }),
      react(),
      lingui({ failOnMissing: true, failOnCompileError: true }),
    ],
    test: {
      name: 'model-components',
      include: ['tests/model/**/*.test.tsx'],
      environment: 'happy-dom',
      setupFiles: ['tests/model/components/setup.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'server',
      include: serverSuites,
      environment: 'node',
      env: { TEST_DB: 'pglite' },
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: 'server-pg',
      include: serverSuites,
      exclude: DRIVER_FREE_SUITES,
      environment: 'node',
      env: { TEST_DB: 'pg' },
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    // The model coverage printout after a run of the model tests (silent otherwise).
    reporters: ['./tests/model/support/coverage-reporter.ts', 'default'],
  },
});
