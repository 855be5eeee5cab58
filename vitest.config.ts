import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '~': here('./app'),
      '@server': here('./server'),
      '@jobs': here('./jobs'),
    },
  },
  test: {
    // Playwright specs live in tests/e2e and never run under vitest.
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'jobs/**/*.test.ts',
      'firebase/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/permission-matrix/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['./tests/setup/global-setup.ts'],
    setupFiles: ['./tests/setup/per-file.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
