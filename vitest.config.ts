import { defineConfig } from 'vitest/config';
import { localeSplitPlugin } from './apps/web/locale-split-plugin.ts';

/**
 * One Vitest configuration, one project per suite. `npm test` runs them in order (scripts/test.mjs);
 * `npx vitest run --project domain` runs one.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      // Orca Games, the provider process (decision 072): its journal, catalogue and words; its wallet side is tested
      // against the real server in the server project (apps/server/test/casino-provider.test.ts).
      { test: { name: 'provider', include: ['apps/provider/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Makes the run's migrated template database (a PGlite dump, and a PostgreSQL template database with
          // TEST_DATABASE_URL) that every test file's database is copied from.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // One worker process runs file after file (decision 082): each file still has its own database and app, but
          // the server's modules are imported once per run instead of once per file (~4 s of a file's ~6 s here).
          // Module state must therefore never mix databases: caches are kept per `Db` (WeakMap) or per app.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The locale plugin: the web code loads each catalogue in its two parts (decision 059), as the build cuts them.
      { plugins: [localeSplitPlugin()], test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // `npm test` runs two journey files at a time (scripts/test.mjs: --maxWorkers=2): each has its own server,
          // database and browser, and most of a journey's time is spent waiting on polls and the simulated feed.
          // A browser waits on a real server and real rendering: expect.poll may keep asking for up to 15 s (its
          // default of 1 s flakes on a loaded 2-core machine). This is a wait limit, not a speed assertion.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
