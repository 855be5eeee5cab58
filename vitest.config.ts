import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { radixThemesBundle } from './tests/setup/prebundle';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${here('./app')}/` },
      { find: /^@server\//, replacement: `${here('./server')}/` },
      { find: /^@jobs\//, replacement: `${here('./jobs')}/` },
      // One file instead of Radix Themes' hundreds (tests/setup/prebundle.ts).
      ...(process.env.NO_PREBUNDLE ? [] : [{ find: /^@radix-ui\/themes$/, replacement: radixThemesBundle() }]),
    ],
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
    // Vitest's default is one worker fewer than the cores, a single worker on the 2-core machine.
    // The files spend much of their time waiting on SQLite, Redis and the file system, so one
    // worker per core (at least two) finishes the suite sooner. Each file still runs in a fresh
    // process of its own (isolate), with its own database, folder and Redis prefix.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
