import { defineConfig } from 'vitest/config';

// One project per workspace; `npm test` runs them all (tools/run-tests.mjs).
export default defineConfig({
  test: {
    // both cores: Vitest's default on 2 cores is one worker (cores - 1), and the suite spends most
    // of its time importing and on I/O (the databases), which a second worker overlaps
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'detector', root: 'packages/detector', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // one module graph per worker, not per file: every file builds its own app and database
          // from factories, and re-importing the whole server for each of ~150 files was half the
          // suite's time
          isolate: false,
          // a lower password-hashing cost (src/test/setup.ts)
          setupFiles: ['src/test/setup.ts'],
        },
      },
      'apps/web/vite.config.ts',
      { test: { name: 'tools', root: 'tools', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
    ],
  },
});
