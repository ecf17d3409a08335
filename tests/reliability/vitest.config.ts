import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// The money reliability suites (concurrent load, crash) run once on PGlite and,
// when TEST_DATABASE_URL names a real PostgreSQL, once more on it. They are a
// step of their own in `npm test` (tests/run-all.ts): minutes of load that
// should not share the CPU with the fast suites.
const suite = (name: string, db: 'pglite' | 'pg'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    projects: [suite('reliability', 'pglite'), ...(process.env.TEST_DATABASE_URL ? [suite('reliability-pg', 'pg')] : [])],
    // One database at a time: the load wants both cores.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
