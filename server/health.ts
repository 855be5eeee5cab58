import type { Env } from './env';
import type { Services } from './services';

export interface HealthReport {
  /** 'starting' until start-up (the demo data's seeding) is done; pages may still answer 404 meanwhile. */
  status: 'starting' | 'ok' | 'degraded' | 'down';
  database: { engine: 'embedded' | 'firebase'; ok: boolean };
  redis: { ok: boolean; url: string; hint?: string };
  /**
   * Whether Redis holds the jobs the workers built from the database: 'missing' before a worker
   * has built them or after Redis lost them (flushed, evicted, failed over), until the workers
   * rebuild them; with when that last happened.
   */
  jobs: { data: 'present' | 'missing' | 'unknown'; lostAt?: string; rebuiltAt?: string; hint?: string };
  workers: Env['WORKERS'];
  product: string;
  checkedAt: string;
}

const CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether start-up is still under way. Kept on globalThis: the platform starts once per process,
 * and a build reloaded by `remix dev` must see the same state.
 */
const STARTUP = Symbol.for('community-console.startup');
type StartupFlags = { [STARTUP]?: 'starting' | 'started' };

/** Start-up began: the health check says 'starting' until `markStarted`. */
export function markStarting(): void {
  (globalThis as StartupFlags)[STARTUP] = 'starting';
}

/** Start-up is done (the demo data is in the database). */
export function markStarted(): void {
  (globalThis as StartupFlags)[STARTUP] = 'started';
}

/** True between `markStarting` and `markStarted` (never marked: started). */
export function isStarting(): boolean {
  return (globalThis as StartupFlags)[STARTUP] === 'starting';
}

async function within<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The URL without credentials, safe to show. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'invalid URL';
  }
}

/**
 * Database and Redis status. Pages need the database; only jobs need Redis, so a missing
 * Redis makes the app degraded, not down.
 */
export async function checkHealth(services: Pick<Services, 'db' | 'jobs' | 'env'>): Promise<HealthReport> {
  const unknown = { state: 'unknown', lostAt: null, rebuiltAt: null } as const;
  const [database, redis, data] = await Promise.all([
    within(services.db.ping(), false),
    within(services.jobs.ping(), false),
    within(services.jobs.jobData(), unknown),
  ]);
  const jobsReady = redis && data.state === 'present';
  return {
    status: !database ? 'down' : isStarting() ? 'starting' : jobsReady ? 'ok' : 'degraded',
    database: { engine: services.db.engine, ok: database },
    redis: {
      ok: redis,
      url: redactUrl(services.env.REDIS_URL),
      ...(redis ? {} : { hint: 'Jobs are paused. Start Redis (redis-server --daemonize yes) or set REDIS_URL.' }),
    },
    jobs: {
      data: data.state,
      ...(data.lostAt === null ? {} : { lostAt: new Date(data.lostAt).toISOString() }),
      ...(data.rebuiltAt === null ? {} : { rebuiltAt: new Date(data.rebuiltAt).toISOString() }),
      ...(data.state === 'missing'
        ? { hint: 'Redis holds no jobs built from the database yet (or lost them): the job workers rebuild them when they run.' }
        : {}),
    },
    workers: services.env.WORKERS,
    product: services.env.PRODUCT,
    checkedAt: new Date().toISOString(),
  };
}
