import type { JobState, Queue } from 'bullmq';
import { queueRegistry, type QueueName } from './queues';

/**
 * Where a job stands, read from Redis: BullMQ keeps a job's progress (reported by its
 * processor, jobs/types.ts JobContext) and its result in the job's own hash, so both outlive
 * the worker that ran it (a restart, another worker process) until the job is trimmed
 * (jobs/queues.ts DEFAULT_JOB_OPTIONS).
 */

export interface JobStatus {
  id: string;
  queue: QueueName;
  /** BullMQ's state; 'unknown' while Redis does not answer. */
  state: JobState | 'unknown';
  /** 0–100, as last reported by the processor. */
  progress: number;
  progressMessage: string | null;
  attemptsMade: number;
  failedReason: string | null;
  returnvalue: unknown;
  /** The community whose staff may follow the job (the queue's status declaration); null: nobody. */
  community: string | null;
}

export function progressOf(progress: unknown): { percent: number; message: string | null } {
  if (typeof progress === 'number') return { percent: progress, message: null };
  if (progress && typeof progress === 'object') {
    const { percent, message } = progress as { percent?: unknown; message?: unknown };
    return { percent: typeof percent === 'number' ? percent : 0, message: typeof message === 'string' ? message : null };
  }
  return { percent: 0, message: null };
}

function communityOf(name: QueueName, data: unknown): string | null {
  const status = (queueRegistry[name] as { status?: { community(payload: unknown): string | null } }).status;
  if (!status || data === null || typeof data !== 'object') return null;
  try {
    return status.community(data);
  } catch {
    return null;
  }
}

/** The job's status; null when the queue holds no such job. */
export async function readJobStatus(queue: Pick<Queue, 'getJob' | 'getJobState'>, name: QueueName, id: string): Promise<JobStatus | null> {
  // The state first, then the hash: BullMQ moves a job to completed (or failed) and writes its
  // result in one script, so a job read as ended is read with its result. Read the other way
  // round, a job that ends between the two reads would show as ended with no result.
  const state = await queue.getJobState(id);
  if (state === 'unknown') return null;
  const job = await queue.getJob(id);
  if (!job) return null;
  const progress = progressOf(job.progress);
  return {
    id,
    queue: name,
    state,
    progress: progress.percent,
    progressMessage: progress.message,
    attemptsMade: job.attemptsMade,
    failedReason: job.failedReason || null,
    returnvalue: job.returnvalue ?? null,
    community: communityOf(name, job.data),
  };
}

/** What a page shows while Redis does not answer. */
export const unknownJobStatus = (name: QueueName, id: string): JobStatus => ({
  id,
  queue: name,
  state: 'unknown',
  progress: 0,
  progressMessage: null,
  attemptsMade: 0,
  failedReason: null,
  returnvalue: null,
  community: null,
});
