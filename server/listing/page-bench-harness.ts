/**
 * What the page benchmarks share (`npm run bench`, after `npm run build`): an empty database of
 * their own in a temporary folder, the production build's Remix request handler, a signed-in
 * editor of a community, timing a whole document and the median of the runs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Services } from '@server/services';

const BUILD = resolve('build/index.js');
const SECRET = 'bench-session-secret-that-is-at-least-32-characters';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface PageBench {
  services: Services;
  /** Makes `uid` an editor of `community` (whose record is written too) and returns their session cookie. */
  signInEditor(community: string, uid: string, record: Record<string, unknown>): Promise<string>;
  /** Milliseconds to answer and read the whole document at `path`; throws when it is not a 200 holding `expected`. */
  render(path: string, cookie: string, expected: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts a benchmark on the production build, or says why not and returns null when there is no
 * build (the benchmark then skips). The environment is set before the services are first loaded.
 */
export async function startPageBench(name: string): Promise<PageBench | null> {
  if (!existsSync(BUILD)) {
    console.log(`${name} benchmark skipped: run \`npm run build\` first.`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'page-bench-'));
  Object.assign(process.env, {
    NODE_ENV: 'production',
    DATA_DIR: dir,
    DEMO_MODE: 'off',
    SEED_DEMO_DATA: 'off',
    WORKERS: 'off',
    SESSION_SECRET: SECRET,
    REDIS_PREFIX: `bench-${process.pid}`,
    SMTP_URL: '',
    FIREBASE_DATABASE_URL: '',
    FIREBASE_SERVICE_ACCOUNT: '',
    FIREBASE_DATABASE_EMULATOR_HOST: '',
    FIREBASE_STORAGE_BUCKET: '',
  });
  const { createRequestHandler } = await import('@remix-run/node');
  const { getServices, closeServices } = await import('@server/services');
  const { newStaffSession, cookiePair } = await import('@server/auth/session');
  const build = (await import(pathToFileURL(BUILD).href)) as Parameters<typeof createRequestHandler>[0];
  const handler = createRequestHandler(build, 'production');
  const services = await getServices();
  const { db, paths, sessions } = services;

  return {
    services,
    async signInEditor(community, uid, record) {
      await db.ref().update({
        [paths.community(community)]: record as never,
        [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
      });
      const session = await newStaffSession(sessions, {
        uid,
        email: `${uid}@bench.example`,
        displayName: 'Bench',
        method: 'password',
        persistent: true,
        communityKey: community,
      });
      return cookiePair(await sessions.commitSession(session));
    },
    async render(path, cookie, expected) {
      const started = performance.now();
      const response = await handler(new Request(`http://bench.local${path}`, { headers: { Cookie: cookie } }), {
        clientAddress: '127.0.0.1',
        cspNonce: 'bench',
      });
      const html = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200 || !html.includes(expected)) throw new Error(`${path} answered ${response.status} without "${expected}"`);
      return elapsed;
    },
    async close() {
      await closeServices();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
