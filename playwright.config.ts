import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the production build, in Debian's Chromium (browser downloads are
 * impossible here). The server runs on its own database folder and Redis key prefix.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const PORT = E2E_PORT;
export const E2E_DATA_DIR = `tests/.tmp/e2e-${PORT}`;
export const E2E_REDIS_PREFIX = `e2e-${PORT}`;
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_SESSION_SECRET = 'e2e-session-secret-that-is-at-least-32-chars';

/** Specs that check the build output and start servers of their own, without a browser. */
const BUILD_SPECS = /(bundle|startup|http-server)\.spec\.ts$/;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A whole test's time (each step still waits at most expect's 10 s). On CI the two-core
  // machine's browser has run every test 2 to 3 times slower on some days (README, Testing):
  // workflows of 10–20 s there must not fail on the clock.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace costs every test about a fifth of its time, the whole suite on CI, where
    // nobody can open the trace; the failure's screenshot and error context stay.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // No animations to wait out before a click: the browser would otherwise draw every frame of
    // Radix's open and close transitions, and the tests are bound by the browser's CPU.
    reducedMotion: 'reduce',
    launchOptions: chromium,
  },
  projects: [
    // Checks of the build output itself; no browser needed.
    { name: 'build', testMatch: BUILD_SPECS },
    // Every workflow, with JavaScript; tests of what exists only without it (@no-js-only: the
    // "More" link, Move up / Move down) run in the no-js project alone.
    { name: 'js', testIgnore: BUILD_SPECS, grepInvert: /@no-js-only/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'no-js',
      testIgnore: BUILD_SPECS,
      // Without JavaScript only what differs: tests that post forms (@forms) or check behaviour
      // that exists for the no-JavaScript browser (@no-js). Pages that only read and render are
      // the same HTML in both, so the js project covers them once.
      grep: /@forms|@no-js/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && exec node build/server.js`,
    url: `http://127.0.0.1:${PORT}/healthcheck`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // The demo set-up (what `npm start` runs): demo data and logins, the outbox page.
      DEMO_MODE: 'on',
      DATA_DIR: E2E_DATA_DIR,
      REDIS_PREFIX: E2E_REDIS_PREFIX,
      SEED_DEMO_DATA: 'auto',
      SESSION_SECRET: E2E_SESSION_SECRET,
      SMTP_URL: '',
      FIREBASE_DATABASE_URL: '',
      FIREBASE_SERVICE_ACCOUNT: '',
      FIREBASE_DATABASE_EMULATOR_HOST: '',
      FIREBASE_STORAGE_BUCKET: '',
      // The AI services' offline defaults, whatever the machine's environment holds.
      OPENAI_API_KEY: '',
    },
  },
});
