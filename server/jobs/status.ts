import type { JobStatus } from '@jobs/job-status';
import { isQueueName, queueRegistry, type QueueName } from '@jobs/queues';

/**
 * What a person following a job sees (the job-status page and its JSON, docs/decisions/020):
 * its state, progress and, once it has ended, its outcome in words or its error. Only jobs of
 * a queue that declares how they are followed (jobs/define.ts `status`) are shown, and only to
 * staff who may manage the job's community; anything else is as if there were no such job.
 * The state, progress and result are read from Redis each time (jobs/job-status.ts).
 */

export type JobState = 'waiting' | 'running' | 'done' | 'failed' | 'unknown';

export interface JobStatusView {
  queue: string;
  id: string;
  /** What the job is ('Calendar Import'). */
  title: string;
  state: JobState;
  /** 0–100. */
  percent: number;
  /** The processor's word on where it is ('2 of 3 imports'). */
  message: string | null;
  /** Once done: what the job did. */
  lines: string[];
  /** Once done, when it made a file. */
  download: { href: string; label: string; page?: boolean } | null;
  /** Once failed: why, in words. */
  error: string | null;
}

export const JOB_STATES_ENDED: readonly JobState[] = ['done', 'failed'];

export interface JobStatusDeps {
  jobs: { jobStatus(queue: QueueName, id: string): Promise<JobStatus | null> };
}

interface Declared {
  title: string;
  community(payload: unknown): string | null;
  summary(result: unknown): { lines: string[]; download?: { href: string; label: string; page?: boolean } | null };
  failure(reason: string): string;
}

const declarationOf = (queue: QueueName) => (queueRegistry[queue] as { status?: Declared }).status ?? null;

/** Job ids as the runtime makes them: no ':' and nothing longer than an id may be. */
const JOB_ID = /^[^:\s]{1,300}$/;

function stateOf(status: JobStatus): JobState {
  switch (status.state) {
    case 'active':
      return 'running';
    case 'completed':
      return 'done';
    case 'failed':
      return 'failed';
    case 'unknown':
      return 'unknown';
    default:
      // waiting, delayed (a retry's wait too), prioritized, waiting-children.
      return 'waiting';
  }
}

/**
 * The job as `communities` (the keys of the communities the person may manage) may see it; null
 * when the queue is not followed, the job does not exist or belongs to another community.
 * While Redis does not answer, the state is 'unknown' and nothing about the job is told.
 */
export async function viewJobStatus(
  deps: JobStatusDeps,
  input: { queue: string; id: string; communities: readonly string[] },
): Promise<JobStatusView | null> {
  if (!isQueueName(input.queue) || !JOB_ID.test(input.id)) return null;
  const declared = declarationOf(input.queue);
  if (!declared) return null;
  const status = await deps.jobs.jobStatus(input.queue, input.id);
  if (!status) return null;
  const base: JobStatusView = {
    queue: input.queue,
    id: input.id,
    title: declared.title,
    state: stateOf(status),
    percent: 0,
    message: null,
    lines: [],
    download: null,
    error: null,
  };
  if (base.state === 'unknown') return base;
  if (status.community === null || !input.communities.includes(status.community)) return null;
  const percent = Math.max(0, Math.min(100, Math.round(status.progress)));
  if (base.state === 'done') {
    const summary = declared.summary(status.returnvalue);
    return { ...base, percent: 100, message: status.progressMessage, lines: summary.lines, download: summary.download ?? null };
  }
  if (base.state === 'failed') return { ...base, percent, error: declared.failure(status.failedReason ?? '') };
  return { ...base, percent, message: status.progressMessage };
}
