import { DEMO_SUPER_ADMIN_EMAIL, isDemoMode } from './env';
import { markStarted, markStarting } from './health';
import { showsDevOutbox } from './mail/outbox-list.server';
import { migrateRemoteGrantKeys } from './remote/management';
import { seedDemoData, isDatabaseEmpty } from './seed';
import type { Services } from './services';
import { buildDirectoryOf, startWorkerProcess, workerCommand, type WorkerProcess } from './worker-process';

export interface BootLog {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * The one start-up line about demo mode: on, what anyone who reaches the server can do; off,
 * that the try-out conveniences are off and how to turn them on.
 */
export function demoModeLine(services: Pick<Services, 'env' | 'db' | 'mailer'>): string {
  const { env } = services;
  if (!isDemoMode(env)) {
    const mail = env.SMTP_URL ? '' : ' Without SMTP_URL, e-mails (sign-in and reset links too) are kept in the database and not sent.';
    return `Demo mode is off: no demo data, no default super admin, no /dev/outbox (DEMO_MODE=on turns them on for a try-out).${mail}`;
  }
  const parts = [];
  if (services.db.engine === 'embedded') parts.push('an empty database gets the demo communities and logins with their published password');
  if (env.SUPER_ADMIN_EMAILS.includes(DEMO_SUPER_ADMIN_EMAIL)) parts.push(`${DEMO_SUPER_ADMIN_EMAIL} is a super admin`);
  if (showsDevOutbox(services)) parts.push('/dev/outbox shows every e-mail, sign-in and reset links included, to anyone');
  const what = parts.length > 0 ? `: ${parts.join(', ')}` : '';
  return `Demo mode is on (DEMO_MODE=on)${what}. Anyone who can reach this server can sign in as the demo people; never use it for real data.`;
}

/** Forks the job worker process (server/worker-process.ts). */
export type SpawnWorkers = () => WorkerProcess;

const spawnWorkers: SpawnWorkers = () =>
  startWorkerProcess({ command: workerCommand(buildDirectoryOf(import.meta.url), process.env.NODE_ENV === 'development') });

/**
 * What `npm start` does once the services exist: say whether demo mode is on, seed the demo
 * data into an empty embedded database in demo mode, move remote grants to their community's
 * keys (docs/decisions/017), then start the job workers: in a child process (WORKERS=process,
 * the default: resolves to it, for the caller to stop on shutdown), inside the web process
 * (WORKERS=in-process), or not at all (WORKERS=off, when `npm run worker` processes run them).
 * A Redis that does not answer never stops the web pages: the job runtime says how to start it
 * and keeps trying.
 */
export async function bootPlatform(
  services: Services,
  log: BootLog = defaultLog,
  spawn: SpawnWorkers = spawnWorkers,
): Promise<WorkerProcess | null> {
  const { env, db } = services;
  // `/healthcheck` answers 'starting' (503) until the demo data is in: a newcomer's first clicks
  // never meet a half-seeded database.
  markStarting();
  log.info(demoModeLine(services));
  if (isDemoMode(env) && env.SEED_DEMO_DATA === 'auto' && db.engine === 'embedded' && (await isDatabaseEmpty(db, env.PRODUCT))) {
    log.info('The embedded database is empty: loading the demo communities (see README for the demo logins).');
    await seedDemoData({ db, identity: services.identity, storage: services.storage, product: env.PRODUCT });
    log.info('Demo data loaded.');
  }
  // Remote grants stored under an item's id alone move to '{community}~{detailId}' (docs/decisions/017).
  const moved = await migrateRemoteGrantKeys(services);
  if (moved > 0) log.info(`Remote access entries now keyed by community and item: ${moved} moved.`);
  markStarted();
  // Forked once the demo data is in: the worker's first rebuild finds the seeded schedule.
  if (env.WORKERS === 'process') return spawn();
  if (env.WORKERS === 'in-process') await services.jobs.startWorkers();
  return null;
}

const defaultLog: BootLog = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error ?? ''),
};
