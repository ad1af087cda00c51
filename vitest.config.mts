import { defineConfig } from 'vitest/config';

// The CLI runs in tests must not leave index caches in examples/ and test/fixtures/, which other tests copy.
const env = { TRAJECTORY_LENS_NO_CACHE: '1' };

export default defineConfig({
  test: {
    projects: [
      // Generous per-test time: a loaded 2-core CI machine runs some file-system-heavy unit tests 5-10x slower than idle.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', env, testTimeout: 30_000 } },
      {
        test: {
          name: 'webview',
          include: ['test/webview/**/*.test.ts'],
          environment: 'node',
          env,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          env,
          testTimeout: 240_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
