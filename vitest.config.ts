import { defineConfig } from 'vitest/config';

// One project per workspace; `npm test` runs them all (tools/run-tests.mjs).
export default defineConfig({
  test: {
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
        },
      },
      'apps/web/vite.config.ts',
      { test: { name: 'tools', root: 'tools', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
    ],
  },
});
