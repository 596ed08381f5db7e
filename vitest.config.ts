import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// Server suites run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set
// (.ci/run starts a throwaway cluster for that).
const serverProject = (db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: db === 'pglite' ? 'server' : 'server-pg',
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { CHE_TEST_DB: db },
    // The migrated database each test's copy starts from, made once per run rather than once
    // per file: a PGlite dump (decision 046) or a PostgreSQL template database (decision 059).
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share their worker's module graph instead of importing the server's ≈ 1,000 modules
    // afresh each (113 s of a 367 s run went to imports). Each test still builds its own app on
    // its own database; no server test mocks modules (decision 059).
    isolate: false,
  },
})

// One runner for the whole repository. Each project is one layer; `npm test` runs them all.
// The e2e project drives the built SPA in Debian's Chromium (see e2e/README section in README.md).
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker (cores − 1), which left a core idle
    // while a server file waited on PostgreSQL or a jsdom file on timers. Two workers run the
    // core, server, server-pg, web and tools files two at a time (each file has its own database);
    // the e2e files still run one after another, alone, at the end (fileParallelism: false).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'tools',
          root: 'tools',
          include: ['**/*.test.ts'],
          environment: 'node',
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Tests a file marks concurrent (accessibility.spec.ts) run two at a time: one per core.
          maxConcurrency: 2,
        },
      },
    ],
  },
})
