import { deliverRun, type DeliveryOutcome } from '@server/messages/deliver';
import { createOutboxPush } from '@server/messages/push/outbox';
import { PushDeliveryError } from '@server/messages/push/types';
import { createPaths } from '@server/paths';
import { PermanentJobError } from '../errors';
import type { NotificationJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * Delivers one run of a message (server/messages/deliver.ts): the database decides whether it
 * is still due; a push the service refuses for good fails the job at once, any other failure
 * is retried with the runtime's backoff and the same idempotency key.
 */
export async function processNotification(
  payload: NotificationJobPayload,
  deps: JobDeps,
  job: JobContext,
  clock: () => number = Date.now,
): Promise<DeliveryOutcome> {
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  const push = deps.push ?? createOutboxPush({ db: deps.db, paths });
  await job.reportProgress(10, 'Reading the message');
  try {
    const outcome = await deliverRun({ db: deps.db, paths, push, jobs: deps.jobs, log: deps.log }, payload, clock);
    await job.reportProgress(100, outcome.outcome === 'delivered' ? 'Delivered' : 'Nothing to deliver');
    return outcome;
  } catch (error) {
    if (error instanceof PushDeliveryError && error.permanent) throw new PermanentJobError(error.message, { cause: error });
    throw error;
  }
}
