import { defineConfig } from 'vitest/config';

/**
 * One Vitest configuration, one project per suite. `npm test` runs them in order (scripts/test.mjs);
 * `npx vitest run --project domain` runs one.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser waits on a real server and real rendering: expect.poll may keep asking for up to 15 s (its
          // default of 1 s flakes on a loaded 2-core machine). This is a wait limit, not a speed assertion.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
