import { join, resolve } from 'node:path';
import type { App } from 'firebase-admin/app';
import { createJobRuntime, type JobRuntime } from '@jobs/runtime';
import { calendarImportPort } from '@server/events/import/sources';
import { aiTextProvider } from '@server/providers/ai-text';
import { backgroundSettled } from './auth/background';
import { createEmbeddedIdentity } from './auth/identity/embedded';
import { createFirebaseIdentity } from './auth/identity/firebase';
import type { IdentityProvider } from './auth/identity/types';
import { createAuthKit, type AuthKit } from './auth/login-flow';
import { createRateLimiter, type RateLimiter } from './auth/rate-limit';
import { createStaffSessionStorage, secureCookies, type StaffSessionStorage } from './auth/session';
import { createDb, embeddedSqlite, type RealtimeDb } from './db';
import { databaseEngine, getEnv, type Env } from './env';
import { firebaseApp } from './firebase-app';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail';
import { createPushPort, type PushPort } from './messages/push';
import { createPaths, type Paths } from './paths';
import { sessionSecrets } from './secrets';
import { createStorage, type FileStorage } from './storage';

/**
 * The platform's services, wired once from the environment: each port gets the adapter the
 * environment selects (the embedded defaults when no cloud keys are set). Loaders, actions,
 * workers and scripts all reach the outside world through this object.
 */
export interface Services {
  env: Env;
  paths: Paths;
  db: RealtimeDb;
  identity: IdentityProvider;
  storage: FileStorage;
  mailer: Mailer;
  /** Push notifications: Firebase Cloud Messaging when Firebase is configured, else the recorded outbox. */
  push: PushPort;
  jobs: JobRuntime;
  sessions: StaffSessionStorage;
  /** Sign-in in progress: the pending sign-in cookie, e-mailed link tokens, the honeypot. */
  auth: AuthKit;
  /** Brute-force limits of the public sign-in forms (Redis, with an in-memory fallback). */
  rateLimiter: RateLimiter;
  firebase: App | undefined;
}

export function databaseFile(env: Env): string {
  return resolve(env.DATABASE_FILE ?? join(env.DATA_DIR, 'rtdb.sqlite'));
}

export async function createServices(env: Env): Promise<Services> {
  const firebase = firebaseApp(env);
  const paths = createPaths(env.PRODUCT);

  const db =
    databaseEngine(env) === 'firebase'
      ? createDb({ engine: 'firebase', app: firebase! })
      : createDb({ engine: 'embedded', file: databaseFile(env) });

  const identity = identityFor(env, db, firebase);

  const storage = createStorage(
    env.FIREBASE_STORAGE_BUCKET && firebase
      ? { kind: 'bucket', app: firebase, bucket: env.FIREBASE_STORAGE_BUCKET }
      : { kind: 'local', root: resolve(env.DATA_DIR, 'storage'), baseUrl: env.PUBLIC_URL },
  );

  const mailer = env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : createOutboxMailer({ db, paths });

  const push = createPushPort({ firebase, db, paths });

  const jobs = createJobRuntime({
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    deps: {
      db,
      paths,
      mailer,
      push,
      storage,
      publicUrl: env.PUBLIC_URL ?? null,
      log: console,
      calendarImports: calendarImportPort({ googleApiKey: env.GOOGLE_CALENDAR_API_KEY }),
      aiText: aiTextProvider(env),
    },
  });

  const secrets = sessionSecrets(env);
  const sessions = createStaffSessionStorage({ db, paths, secrets, secure: secureCookies(env) });
  const auth = createAuthKit({ db, paths, secrets, secure: secureCookies(env) });
  const rateLimiter = createRateLimiter({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX });

  return { env, paths, db, identity, storage, mailer, push, jobs, sessions, auth, rateLimiter, firebase };
}

function identityFor(env: Env, db: RealtimeDb, firebase: App | undefined): IdentityProvider {
  if (firebase && databaseEngine(env) === 'firebase') {
    return createFirebaseIdentity({
      app: firebase,
      webApiKey: env.FIREBASE_WEB_API_KEY,
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    });
  }
  return createEmbeddedIdentity(embeddedSqlite(db));
}

const GLOBAL_KEY = Symbol.for('community-console.services');
type Holder = { [GLOBAL_KEY]?: Promise<Services> };

/** The process-wide services, created on first use from the process environment. */
export function getServices(): Promise<Services> {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= createServices(getEnv());
  return holder[GLOBAL_KEY];
}

/** Closes workers, queues, connections and the database; the next getServices() starts afresh. */
export async function closeServices(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[GLOBAL_KEY];
  if (!pending) return;
  delete holder[GLOBAL_KEY];
  const services = await pending;
  // Links being sent after their answer finish first: they need the database and the queue.
  await backgroundSettled();
  await services.rateLimiter.close();
  await services.jobs.close();
  await services.mailer.close?.();
  await services.db.close();
}

/**
 * Tests only: makes `services` the process-wide instance, so route modules (which call
 * getServices()) run against a test's own database and session storage. The test keeps
 * ownership: it closes what it created.
 */
export function setServicesForTests(services: Services): void {
  (globalThis as Holder)[GLOBAL_KEY] = Promise.resolve(services);
}
