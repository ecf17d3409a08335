import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// Server suites run once on embedded PGlite and, when TEST_DATABASE_URL names a
// real PostgreSQL, once more on it (tests/server/helpers/app.ts reads TEST_DB).
const serverSuites = ['tests/server/**/*.test.ts'];

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'],
      environment: 'node',
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
  },
});
