import type { Services } from './services';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  database: { engine: 'embedded' | 'firebase'; ok: boolean };
  redis: { ok: boolean; url: string; hint?: string };
  workers: 'in-process' | 'off';
  product: string;
  checkedAt: string;
}

const CHECK_TIMEOUT_MS = 2_000;

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
  const [database, redis] = await Promise.all([within(services.db.ping(), false), within(services.jobs.ping(), false)]);
  return {
    status: !database ? 'down' : redis ? 'ok' : 'degraded',
    database: { engine: services.db.engine, ok: database },
    redis: {
      ok: redis,
      url: redactUrl(services.env.REDIS_URL),
      ...(redis ? {} : { hint: 'Jobs are paused. Start Redis (redis-server --daemonize yes) or set REDIS_URL.' }),
    },
    workers: services.env.WORKERS,
    product: services.env.PRODUCT,
    checkedAt: new Date().toISOString(),
  };
}
