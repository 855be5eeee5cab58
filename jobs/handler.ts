import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { PermanentJobError, RetryLaterError } from './errors';
import { parseJobPayload, queueRegistry, type JobPayload, type QueueName } from './queues';
import { messageOf } from './redis';
import type { JobContext, JobDeps, Logger, Processor } from './types';

/**
 * The BullMQ handler of a queue: the payload checked again, the processor its declaration loads
 * (jobs/define.ts) run with the services and a context whose progress reports go to the job's
 * hash in Redis, and the processor's errors turned into BullMQ's (retry later, never retry).
 */
export function handlerFor<N extends QueueName>(
  name: N,
  { deps, log, reportError }: { deps: JobDeps; log: Logger; reportError: (source: string, error: unknown) => void },
) {
  // Loaded with the first job (jobs/define.ts load); a failed import is tried again with the next.
  let loading: Promise<Processor<JobPayload<N>, unknown>> | undefined;
  const processor = () => {
    loading ??= (queueRegistry[name].load() as Promise<Processor<JobPayload<N>, unknown>>).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return async (job: Job, token?: string) => {
    let payload: JobPayload<N>;
    try {
      payload = parseJobPayload(name, job.data);
    } catch (error) {
      throw new UnrecoverableError(messageOf(error));
    }
    const attempts = job.opts.attempts ?? 1;
    const attempt = job.attemptsMade + 1;
    const context: JobContext = {
      attempt,
      attempts,
      finalAttempt: attempt >= attempts,
      async reportProgress(percent, message) {
        const value = { percent: Math.max(0, Math.min(100, Math.round(percent))), message: message ?? null };
        try {
          await job.updateProgress(value);
        } catch (error) {
          // Progress is for people watching; losing one report never fails the job.
          reportError(`progress of ${name} job ${job.id}`, error);
        }
      },
    };
    try {
      const run = await processor();
      return await run(payload, deps, context);
    } catch (error) {
      if (error instanceof RetryLaterError) {
        await job.moveToDelayed(error.until, token);
        log.info(`${name} job ${job.id} waits until ${new Date(error.until).toISOString()}: ${error.message}`);
        throw new DelayedError(error.message);
      }
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
  };
}
