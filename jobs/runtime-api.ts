import type { JobsOptions, Queue } from 'bullmq';
import type { JobStatus } from './job-status';
import type { JobQueue, QueueName } from './queues';
import type { JobDeps } from './types';

/** The job runtime's options and interface (jobs/runtime.ts createJobRuntime). */

export interface JobRuntimeOptions {
  /** redis://[user:password@]host:port[/db] or rediss://… */
  redisUrl: string;
  /** Key prefix of every queue (REDIS_PREFIX). */
  prefix: string;
  deps: JobDeps;
  /** Jobs each worker runs at once, per queue; the registry's values by default. */
  concurrency?: Partial<Record<QueueName, number>>;
  /** Overrides of the default job options (attempts, backoff, retention). */
  jobDefaults?: JobsOptions;
  /** How often an unreachable Redis is tried again (30 s). */
  retryIntervalMs?: number;
  /** Time limit of a health ping (1 s). */
  pingTimeoutMs?: number;
  /** Time limit of adding a job or reading its status (5 s). */
  commandTimeoutMs?: number;
  /** How often running workers check that Redis still holds the jobs (the sentinel key; 5 s). */
  sentinelIntervalMs?: number;
  /**
   * How often running workers queue again what the database says should be queued, though the
   * sentinel is there (10 min): a Redis evicting some keys under memory pressure may keep the
   * sentinel and lose jobs. Every job has a stable id, so what is still queued is not doubled.
   */
  reconcileIntervalMs?: number;
}

/**
 * Whether Redis still holds the jobs built from the database. A sentinel key is written once the
 * workers have (re)built the queues; a Redis that is flushed, evicts keys or fails over to an
 * empty replica while the connection stays up loses it, and the workers rebuild everything.
 */
export interface JobDataStatus {
  /** 'missing': no worker has built the queues on this Redis yet, or it lost them; 'unknown': Redis does not answer. */
  state: 'present' | 'missing' | 'unknown';
  /** When the workers last found the jobs gone (ms), and when they had rebuilt them. */
  lostAt: number | null;
  rebuiltAt: number | null;
}

export interface JobRuntime extends JobQueue {
  /** The BullMQ queue of each name, created on first use on the shared connection. */
  readonly queues: { readonly [N in QueueName]: Queue };
  /**
   * Starts one worker per queue and requeues the jobs the database still holds. Never
   * throws: when Redis does not answer it logs how to start it, retries every 30 s in the
   * background and resolves to false.
   */
  startWorkers(): Promise<boolean>;
  readonly workersRunning: boolean;
  /** True when Redis answers a PING within the time limit. Never throws. */
  ping(): Promise<boolean>;
  /**
   * Where a job stands, for pages that show progress; null when there is no such job, state
   * 'unknown' while Redis does not answer. Never throws.
   */
  jobStatus(queue: QueueName, id: string): Promise<JobStatus | null>;
  /**
   * Adds the jobs of every unfinished item the database holds (ids are stable: no duplicates);
   * true when every part was handed over.
   */
  requeuePending(): Promise<boolean>;
  /** Whether Redis holds the jobs built from the database (the sentinel key). Never throws. */
  jobData(): Promise<JobDataStatus>;
  /**
   * Lets running jobs finish (up to `timeoutMs`, 10 s by default; jobs still running then
   * are retried later), then closes workers, queues and connections. Safe to call twice.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
}
