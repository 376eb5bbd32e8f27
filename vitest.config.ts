import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
          // Migrations run once (globalSetup); each file builds its app on a fresh copy of that
          // database. Workers are reused across files (isolate: false) so PGlite and the modules
          // load once per worker, not once per file; two workers suit the 2-core machines.
          globalSetup: ['apps/server/test/global-setup.ts'],
          isolate: false,
          maxWorkers: 2,
          // Generous: the suite must pass on a busy machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ['apps/server/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'faults',
          include: ['apps/server/scripts/**/*.test.ts'],
          environment: 'node',
          // Each test runs a fault script: a real server (and a throwaway PostgreSQL cluster) under load, one at a time.
          fileParallelism: false,
          testTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One real server (child process, fresh data directory, demo seed) for every browser test file.
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Embedded databases only: a DATABASE_URL meant for the server suite does not reach the
          // apps these files build in process (security-headers.test.ts).
          env: { DATABASE_URL: '' },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
