import { Queue, Worker, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { queueFeedBuilds } from '@server/events/feed/requests';
import { staleCalendarFeeds } from '@server/events/feed/stale';
import { requeuePendingEmails } from '@server/mail/email-queue';
import type { NotificationJob } from '@server/messages/dispatch';
import { requeuePendingDeliveries, requeueScheduledMessages } from '@server/messages/rebuild';
import { handlerFor } from './handler';
import { readJobStatus, unknownJobStatus, type JobStatus } from './job-status';
import { CALENDAR_IMPORT_EVERY_MS, CALENDAR_IMPORT_SCHEDULER_ID } from './processors/calendar-import.queue';
import { STORAGE_SWEEP_EVERY_MS, STORAGE_SWEEP_SCHEDULER_ID } from './processors/storage-sweep.queue';
import {
  DEFAULT_JOB_OPTIONS,
  QUEUE_NAMES,
  jobOptionsFor,
  parseJobPayload,
  queueRegistry,
  type EnqueueOptions,
  type EnqueueResult,
  type JobPayload,
  isQueueName,
  type QueueName,
} from './queues';
import { endClient, every, isConnectionError, lockOptions, messageOf, probeRedis, safeUrl, settlesWithin, withTimeout } from './redis';
import type { JobDataStatus, JobRuntime, JobRuntimeOptions } from './runtime-api';
import type { JobDeps, Logger } from './types';

export type { JobStatus } from './job-status';
export type { JobDataStatus, JobRuntime, JobRuntimeOptions } from './runtime-api';

/**
 * The job runtime: BullMQ queues and workers on one Redis. Redis is optional for the rest
 * of the platform: while it does not answer, jobs wait in the database (`enqueue` resolves to
 * `{ queued: false }` at once), the runtime says once how to start Redis, tries again in the
 * background and, when Redis answers, starts the workers and requeues what the database
 * still holds.
 */

/**
 * BullMQ's words when a worker finishes a job whose lock or whose record is gone
 * (moveToFinished, moveToDelayed …): its connection dropped and it was run again, or Redis lost
 * its data under it (the sentinel then rebuilds the queues from the database).
 */
const LOST_JOB = /^Missing (lock|key) for job /;

/** Jobs added to Redis per round trip when rebuilding the notification schedule. */
const BULK_ADD_SIZE = 1_000;

const DEFAULT_RETRY_INTERVAL_MS = 30_000;
const DEFAULT_PING_TIMEOUT_MS = 1_000;
const DEFAULT_COMMAND_TIMEOUT_MS = 5_000;
const DEFAULT_SENTINEL_INTERVAL_MS = 5_000;
const DEFAULT_RECONCILE_INTERVAL_MS = 10 * 60_000;
/** The sentinel's key under the prefix (next to the queues' keys). */
const SENTINEL_KEY = 'platform:jobs-built';

interface SentinelValue {
  builtAt: number;
  lostAt?: number;
  rebuiltAt?: number;
}
/** While Redis is down, producers probe it at most this often. */
const PROBE_BACKOFF_MS = 5_000;
/** The same error message is logged at most this often. */
const ERROR_LOG_INTERVAL_MS = 60_000;

export function createJobRuntime(options: JobRuntimeOptions): JobRuntime {
  const { redisUrl, prefix, deps } = options;
  const log: Logger = deps.log;
  const where = safeUrl(redisUrl);
  const retryIntervalMs = options.retryIntervalMs ?? DEFAULT_RETRY_INTERVAL_MS;
  const pingTimeoutMs = options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const sentinelIntervalMs = options.sentinelIntervalMs ?? DEFAULT_SENTINEL_INTERVAL_MS;
  const reconcileIntervalMs = options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS;
  /** When the queues were last built or reconciled from the database. */
  let reconciledAt = Date.now();
  const sentinelKey = `${prefix}:${SENTINEL_KEY}`;
  const jobDefaults: JobsOptions = { ...DEFAULT_JOB_OPTIONS, ...options.jobDefaults };
  /** What processors receive: the services, and this runtime to queue follow-up jobs. */
  const processorDeps: JobDeps = {
    ...deps,
    get jobs() {
      return deps.jobs ?? runtime;
    },
  };

  /** The one connection of the queues; also the template the workers duplicate. */
  let connection: Redis | null = null;
  let opening: Promise<Redis | null> | null = null;
  const queues = new Map<QueueName, Queue>();
  const workers: Worker[] = [];
  let starting: Promise<boolean> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let sentinelTimer: NodeJS.Timeout | null = null;
  let checkingSentinel: Promise<void> | null = null;
  let lastFailedProbe = 0;
  let lastProbeFailure: string | null = null;
  let unreachableReported = false;
  let outage = false;
  let closed = false;
  let closing: Promise<void> | null = null;
  const errorLoggedAt = new Map<string, number>();

  /** Connection trouble is said once per outage; other errors once a minute per message. */
  function reportError(source: string, error: unknown) {
    if (closed) return;
    if (isConnectionError(error)) {
      if (!outage) {
        outage = true;
        log.warn(`Lost the connection to Redis at ${where} (${messageOf(error)}); jobs pause until it answers again.`);
      }
      return;
    }
    const text = `${source}: ${messageOf(error)}`;
    // A job whose lock went while it ran (its connection dropped, so it was taken as stalled and
    // run again) or whose record went (Redis flushed or evicted under it): the processors are
    // idempotent (each claims its record in the database first), and the other run, or the
    // rebuilt queue, decides the outcome. Said, but not as the runtime's error.
    if (LOST_JOB.test(messageOf(error))) {
      log.warn(`Job runtime: ${text}; the job's other run or the rebuilt queue decides its outcome.`);
      return;
    }
    const last = errorLoggedAt.get(text) ?? 0;
    if (Date.now() - last < ERROR_LOG_INTERVAL_MS) return;
    errorLoggedAt.set(text, Date.now());
    log.error(`Job runtime error (${text})`);
  }

  /** One short-lived connection: connect, PING, disconnect. */
  const probe = () => probeRedis(redisUrl, pingTimeoutMs);

  function createConnection(): Redis {
    const client = new Redis(redisUrl, {
      // Workers block on Redis and must wait out an outage instead of failing commands.
      maxRetriesPerRequest: null,
      connectTimeout: 5_000,
      retryStrategy: (times) => Math.min(times * 500, 5_000),
    });
    client.on('error', (error) => reportError('redis', error));
    client.on('ready', () => {
      if (outage && !closed) {
        outage = false;
        log.info(`Redis answers again at ${where}; jobs resume.`);
        // E-mails queued during the outage are only in the database: give them their jobs.
        if (workers.length > 0) void requeuePending();
      }
    });
    return client;
  }

  /** The shared connection once Redis answered; null while it does not. Never throws. */
  async function readyConnection({ probeNow = false } = {}): Promise<Redis | null> {
    if (closed) return null;
    if (connection) return connection.status === 'ready' ? connection : null;
    if (opening) return opening;
    if (!probeNow && Date.now() - lastFailedProbe < PROBE_BACKOFF_MS) return null;
    opening = (async () => {
      const answer = await probe();
      if (!answer.ok || closed) {
        lastFailedProbe = Date.now();
        lastProbeFailure = answer.ok ? null : answer.reason;
        return null;
      }
      lastProbeFailure = null;
      const client = createConnection();
      connection = client;
      const ready = await settlesWithin(
        new Promise<void>((resolve) => {
          if (client.status === 'ready') resolve();
          else client.once('ready', () => resolve());
        }),
        commandTimeoutMs,
      );
      return ready && client.status === 'ready' ? client : null;
    })().finally(() => {
      opening = null;
    });
    return opening;
  }

  function sharedConnection(): Redis {
    if (closed) throw new Error('The job runtime is closed');
    connection ??= createConnection();
    return connection;
  }

  function queueFor(name: QueueName): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: sharedConnection(), prefix, defaultJobOptions: jobDefaults });
      queue.on('error', (error) => reportError(`queue ${name}`, error));
      queues.set(name, queue);
    }
    return queue;
  }

  const queueView = Object.defineProperties(
    {},
    Object.fromEntries(QUEUE_NAMES.map((name) => [name, { enumerable: true, get: () => queueFor(name) }])),
  ) as { readonly [N in QueueName]: Queue };

  /** Adds many notification jobs in batches; ids already in Redis are left as they are. */
  async function enqueueNotifications(jobs: NotificationJob[]): Promise<number> {
    let added = 0;
    for (let start = 0; start < jobs.length; start += BULK_ADD_SIZE) {
      const batch = jobs.slice(start, start + BULK_ADD_SIZE).flatMap((job) => {
        try {
          return [
            {
              name: 'notification',
              data: parseJobPayload('notification', job.payload),
              opts: jobOptionsFor({ jobId: job.jobId, delay: job.delay }, jobDefaults),
            },
          ];
        } catch (error) {
          // One record with a key no job can carry does not stop the others.
          log.warn(`Scheduled message ${job.payload.target.key} cannot be queued: ${messageOf(error)}`);
          return [];
        }
      });
      await withTimeout(queueFor('notification').addBulk(batch), commandTimeoutMs * 4, 'Adding notification jobs');
      added += batch.length;
    }
    return added;
  }

  function launchWorkers() {
    const template = sharedConnection();
    for (const name of QUEUE_NAMES) {
      const worker = new Worker(name, handlerFor(name, { deps: processorDeps, log, reportError }), {
        connection: template,
        prefix,
        concurrency: options.concurrency?.[name] ?? queueRegistry[name].concurrency,
        ...lockOptions(queueRegistry[name]),
        autorun: true,
      });
      worker.on('error', (error) => reportError(`${name} worker`, error));
      worker.on('failed', (job, error) => {
        if (!job) return;
        const attempts = job.opts.attempts ?? 1;
        const final = job.attemptsMade >= attempts || error.name === 'UnrecoverableError';
        if (final) log.error(`${name} job ${job.id} failed after ${job.attemptsMade} attempt(s): ${error.message}`);
        else log.warn(`${name} job ${job.id} failed (attempt ${job.attemptsMade} of ${attempts}), will retry: ${error.message}`);
      });
      worker.on('stalled', (jobId) => log.warn(`${name} job ${jobId} stalled (its worker stopped answering); it runs again.`));
      worker.on('completed', (job) => log.debug?.(`${name} job ${job.id} completed`));
      workers.push(worker);
    }
  }

  function scheduleRetry() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void startWorkers();
    }, retryIntervalMs);
    retryTimer.unref();
  }

  /** Queues what the database says should be queued; `quiet` (the periodic reconcile) logs only failures. */
  async function requeuePending({ quiet = false } = {}): Promise<boolean> {
    let complete = true;
    reconciledAt = Date.now();
    try {
      const report = await requeuePendingEmails({ db: deps.db, paths: deps.paths, jobs: runtime });
      if (report.enqueued > 0 && !quiet) log.info(`Requeued ${report.enqueued} e-mail(s) waiting in the database.`);
      if (report.interrupted) complete = false;
    } catch (error) {
      complete = false;
      log.error('Could not requeue the e-mails waiting in the database:', error);
    }
    try {
      const report = await requeueScheduledMessages({ db: deps.db, paths: deps.paths, enqueueMany: enqueueNotifications });
      if (report.scheduled > 0 && !quiet) log.info(`Rebuilt the jobs of ${report.scheduled} scheduled message(s) from the database.`);
    } catch (error) {
      complete = false;
      reportError('rebuilding the scheduled messages', error);
    }
    try {
      const report = await requeuePendingDeliveries({ db: deps.db, paths: deps.paths, enqueueMany: enqueueNotifications });
      if (report.pending > 0 && !quiet) log.info(`Queued again ${report.pending} notification(s) the database holds as not pushed yet.`);
    } catch (error) {
      complete = false;
      reportError('requeuing the notifications not pushed yet', error);
    }
    try {
      // Feeds behind their calendar's icsBuildTime (a build whose job never came) and feeds of deleted calendars.
      const stale = await staleCalendarFeeds({ db: deps.db, paths: deps.paths });
      const results = await queueFeedBuilds(runtime, stale, { delayMs: 0 });
      const queued = results.filter((result) => result.queued).length;
      if (queued > 0 && !quiet) log.info(`Queued ${queued} calendar feed build(s) the database says are behind.`);
      if (queued < stale.length) complete = false;
    } catch (error) {
      complete = false;
      reportError('finding the calendar feeds to rebuild', error);
    }
    try {
      // The import schedule's truth is the calendars' config: (re)creating the scheduler is idempotent.
      await queueFor('calendar-import').upsertJobScheduler(
        CALENDAR_IMPORT_SCHEDULER_ID,
        { every: CALENDAR_IMPORT_EVERY_MS },
        { name: 'calendar-import', data: { product: deps.paths.product() }, opts: { attempts: 1 } },
      );
    } catch (error) {
      complete = false;
      log.error('Could not schedule the calendar imports:', error);
    }
    try {
      // Partial writes of killed workers and old exports (server/storage/sweep.ts); the first run comes at once.
      await queueFor('storage-sweep').upsertJobScheduler(
        STORAGE_SWEEP_SCHEDULER_ID,
        { every: STORAGE_SWEEP_EVERY_MS },
        { name: 'storage-sweep', data: {}, opts: { attempts: 1 } },
      );
    } catch (error) {
      complete = false;
      log.error('Could not schedule the storage sweep:', error);
    }
    return complete;
  }

  /** Writes the sentinel: Redis now holds what the database says should be queued. */
  async function writeSentinel(client: Redis, value: SentinelValue, { onlyIfMissing = false } = {}): Promise<void> {
    const text = JSON.stringify(value);
    await withTimeout(
      onlyIfMissing ? client.set(sentinelKey, text, 'NX') : client.set(sentinelKey, text),
      commandTimeoutMs,
      'Writing the job sentinel',
    );
  }

  /**
   * Runs on a short interval while workers run: a missing sentinel means Redis lost its data
   * (FLUSHDB, eviction, failover to an empty replica) with the connection up. The queues are
   * rebuilt from the database and the sentinel written again, saying when.
   */
  async function checkSentinel(): Promise<void> {
    const client = connection;
    if (closed || workers.length === 0 || !client || client.status !== 'ready') return;
    let present: number;
    try {
      present = await withTimeout(client.exists(sentinelKey), commandTimeoutMs, 'Reading the job sentinel');
    } catch (error) {
      reportError('reading the job sentinel', error);
      return;
    }
    if (present) {
      // The sentinel is there, but an eviction may have taken single jobs: reconcile now and then.
      if (!closed && Date.now() - reconciledAt >= reconcileIntervalMs) await requeuePending({ quiet: true });
      return;
    }
    if (closed) return;
    const lostAt = Date.now();
    log.warn(`Redis at ${where} lost the queued jobs (flushed, evicted or failed over); rebuilding them from the database.`);
    if (!(await requeuePending()) || closed) return; // The sentinel stays missing: tried again on the next check.
    const rebuiltAt = Date.now();
    try {
      await writeSentinel(client, { builtAt: rebuiltAt, lostAt, rebuiltAt });
      log.info(`Rebuilt the queued jobs from the database in ${every(rebuiltAt - lostAt)}.`);
    } catch (error) {
      reportError('writing the job sentinel', error);
    }
  }

  function watchSentinel() {
    if (sentinelTimer || closed) return;
    sentinelTimer = setInterval(() => {
      checkingSentinel ??= checkSentinel().finally(() => {
        checkingSentinel = null;
      });
    }, sentinelIntervalMs);
    sentinelTimer.unref();
  }

  async function jobData(): Promise<JobDataStatus> {
    const unknown: JobDataStatus = { state: 'unknown', lostAt: null, rebuiltAt: null };
    const client = await readyConnection();
    if (!client) return unknown;
    try {
      const text = await withTimeout(client.get(sentinelKey), pingTimeoutMs, 'Reading the job sentinel');
      if (text === null) return { state: 'missing', lostAt: null, rebuiltAt: null };
      let value: Partial<SentinelValue> = {};
      try {
        value = JSON.parse(text) as Partial<SentinelValue>;
      } catch {
        // Present is what counts; the times are for people.
      }
      const time = (ms: unknown) => (typeof ms === 'number' && Number.isFinite(ms) ? ms : null);
      return { state: 'present', lostAt: time(value.lostAt), rebuiltAt: time(value.rebuiltAt) };
    } catch {
      return unknown;
    }
  }

  function startWorkers(): Promise<boolean> {
    if (closed) return Promise.resolve(false);
    if (workers.length > 0) return Promise.resolve(true);
    starting ??= (async () => {
      const client = await readyConnection({ probeNow: true });
      if (closed) return false;
      if (!client) {
        if (!unreachableReported) {
          unreachableReported = true;
          log.warn(
            `Redis is not reachable at ${where}${lastProbeFailure ? ` (${lastProbeFailure})` : ''}: background jobs (e-mail and others) ` +
              `wait in the database until it answers. Start it with "redis-server --daemonize yes" ` +
              `(install it with "sudo apt-get install redis-server") or set REDIS_URL. Trying again every ${every(retryIntervalMs)}.`,
          );
        }
        scheduleRetry();
        return false;
      }
      launchWorkers();
      if (unreachableReported) log.info(`Redis answers at ${where}; job workers started.`);
      unreachableReported = false;
      if (await requeuePending()) {
        // A sentinel already there (another worker's, or an earlier start's) keeps its times.
        await writeSentinel(client, { builtAt: Date.now() }, { onlyIfMissing: true }).catch((error: unknown) =>
          reportError('writing the job sentinel', error),
        );
      }
      watchSentinel();
      return true;
    })().finally(() => {
      starting = null;
    });
    return starting;
  }

  async function ping(): Promise<boolean> {
    if (closed) return false;
    try {
      if (connection) {
        if (connection.status !== 'ready') return false;
        return (await withTimeout(connection.ping(), pingTimeoutMs, 'PING')) === 'PONG';
      }
      return (await probe()).ok;
    } catch {
      return false;
    }
  }

  async function enqueue<N extends QueueName>(
    name: N,
    payload: JobPayload<N>,
    enqueueOptions: EnqueueOptions = {},
  ): Promise<EnqueueResult> {
    const data = parseJobPayload(name, payload);
    const jobOptions = jobOptionsFor(enqueueOptions, jobDefaults);
    const client = await readyConnection();
    if (!client) return { queued: false, reason: closed ? 'The job runtime is closed' : `Redis is not reachable at ${where}` };
    try {
      const queue = queueFor(name);
      const job = await withTimeout(
        (async () => {
          if (enqueueOptions.replaceFinished && jobOptions.jobId) {
            const existing = await queue.getJob(jobOptions.jobId);
            if (existing) {
              const state = await existing.getState();
              if (state === 'completed' || state === 'failed') await existing.remove();
            }
          }
          return queue.add(name, data, jobOptions);
        })(),
        commandTimeoutMs,
        `Adding a ${name} job`,
      );
      return { queued: true, jobId: job.id ?? jobOptions.jobId ?? '' };
    } catch (error) {
      reportError(`adding a ${name} job`, error);
      return { queued: false, reason: messageOf(error) };
    }
  }

  async function jobStatus(name: QueueName, id: string): Promise<JobStatus | null> {
    const unknown = unknownJobStatus(name, id);
    if (!isQueueName(name)) return null;
    const client = await readyConnection();
    if (!client) return unknown;
    try {
      return await withTimeout(readJobStatus(queueFor(name), name, id), commandTimeoutMs, 'Reading a job');
    } catch (error) {
      reportError(`reading ${name} job ${id}`, error);
      return unknown;
    }
  }

  async function shutDown(timeoutMs: number): Promise<void> {
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    if (sentinelTimer) clearInterval(sentinelTimer);
    sentinelTimer = null;
    await settlesWithin(checkingSentinel ?? Promise.resolve(), commandTimeoutMs);
    await settlesWithin(starting ?? Promise.resolve(), pingTimeoutMs + commandTimeoutMs);
    await settlesWithin(opening ?? Promise.resolve(), pingTimeoutMs + commandTimeoutMs);

    const running = workers.splice(0);
    const finished = Promise.all(running.map((worker) => worker.close()));
    if (!(await settlesWithin(finished, timeoutMs))) {
      log.warn(`Jobs still running after ${every(timeoutMs)} were stopped; they run again on the next start.`);
      await settlesWithin(Promise.all(running.map((worker) => worker.disconnect())), 2_000);
    }

    const open = [...queues.values()];
    queues.clear();
    await settlesWithin(Promise.all(open.map((queue) => queue.close())), 2_000);

    const client = connection;
    connection = null;
    if (client) {
      if (client.status === 'ready') await settlesWithin(client.quit(), 1_000);
      endClient(client);
    }
  }

  const runtime: JobRuntime = {
    queues: queueView,
    startWorkers,
    get workersRunning() {
      return workers.length > 0;
    },
    ping,
    enqueue,
    jobStatus,
    requeuePending,
    jobData,
    close({ timeoutMs = 10_000 } = {}) {
      closing ??= shutDown(timeoutMs);
      return closing;
    },
  };
  return runtime;
}
