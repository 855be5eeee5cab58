/**
 * The list page as the server renders it (`npm run bench`, after `npm run build`): the whole
 * document of `/listnm/faqs` (the shell's loaders, the list's loader and React's render) for a
 * community with 100 FAQs and one with 10,000, through Remix's request handler of the production
 * build. The target: the 10,000-item page within 1.3× of the 100-item one. Reports the
 * medians; skips (exit 0) when there is no build.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const BUILD = resolve('build/index.js');
const SIZES = [100, 10_000] as const;
const RUNS = 60;
const TARGET_RATIO = 1.3;
const SECRET = 'bench-session-secret-that-is-at-least-32-characters';

if (!existsSync(BUILD)) {
  console.log('List page benchmark skipped: run `npm run build` first.');
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'list-page-bench-'));
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

try {
  const services = await getServices();
  const { db, paths, sessions } = services;
  const cookies = new Map<number, string>();
  for (const size of SIZES) {
    const community = `bench-${size}`;
    const uid = `bench-editor-${size}`;
    const faqs: Record<string, unknown> = {};
    for (let index = 0; index < size; index += 1) {
      const key = `faq-${String(index).padStart(5, '0')}`;
      faqs[key] = { title: `Question ${index}`, htmlDescription: `<p>Answer ${index}</p>`, description: `Answer ${index}`, ordinal: index };
    }
    await db.ref().update({
      [paths.community(community)]: { title: `Bench ${size}`, timeZone: 'America/New_York' },
      [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
    });
    await db.ref(paths.section(community, 'faqs')).set(faqs as never);
    const session = await newStaffSession(sessions, {
      uid,
      email: `${uid}@bench.example`,
      displayName: 'Bench',
      method: 'password',
      persistent: true,
      communityKey: community,
    });
    cookies.set(size, cookiePair(await sessions.commitSession(session)));
  }

  const render = async (size: number) => {
    const started = performance.now();
    const response = await handler(new Request('http://bench.local/listnm/faqs', { headers: { Cookie: cookies.get(size) ?? '' } }), {
      clientAddress: '127.0.0.1',
      cspNonce: 'bench',
    });
    const html = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !html.includes('Question 49')) throw new Error(`the ${size}-item page answered ${response.status}`);
    return elapsed;
  };

  // Warm up both (first compilation of the render path, the indexes).
  for (const size of SIZES) for (let run = 0; run < 10; run += 1) await render(size);
  const medians = new Map<number, number>();
  for (const size of SIZES) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await render(size));
    medians.set(size, median(times));
  }
  const small = medians.get(SIZES[0])!;
  const large = medians.get(SIZES[1])!;
  const ratio = large / small;
  console.log(`List page benchmark (production build, Remix request handler; medians of ${RUNS})\n`);
  for (const size of SIZES)
    console.log(`/listnm/faqs with ${size.toLocaleString('en-US').padStart(6)} items: ${medians.get(size)!.toFixed(1)} ms`);
  console.log(`10,000 vs 100 items: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'PASS' : 'OVER'}`);
} finally {
  await closeServices();
  rmSync(dir, { recursive: true, force: true });
}
