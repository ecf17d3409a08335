import { defineConfig } from 'vitest/config';

// The scale-out test (tests/scale/scale.test.ts): three server processes behind nginx on
// PostgreSQL and Redis. A step of its own in `npm test` (tests/run-all.ts), after the
// reliability suites: its processes want both cores.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: 'pg' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
