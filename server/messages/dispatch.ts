import { createHash } from 'node:crypto';
import type { JobPayload, JobQueue } from '@jobs/ports';
import type { DbValue, RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';

/**
 * Where a saved message goes out from: the one call the notification form makes after it has
 * written a message (spec 02 §7). The database holds the message; this only asks the delivery
 * side to push it (instant) or to fire at its delivery time (scheduled), so a message saved
 * while Redis is away is still delivered once the scheduler rebuilds its jobs from the database.
 */

/** A message as stored: in a community, in the system-wide area, or between two users. */
export type MessageTarget =
  | { area: 'community'; community: string; list: 'messages' | 'messages-scheduled'; key: string }
  | { area: 'system'; list: 'messages' | 'messages-scheduled'; key: string; community: string }
  | { area: 'personal'; community: string; from: string; to: string; key: string };

export interface DispatchDeps {
  db: RealtimeDb;
  paths: Paths;
  jobs: JobQueue;
}

/** The path of the stored message a target names. */
export function messagePath(paths: Paths, target: MessageTarget): string {
  switch (target.area) {
    case 'community':
      return target.list === 'messages'
        ? paths.message(target.community, target.key)
        : paths.scheduledMessage(target.community, target.key);
    case 'system':
      return target.list === 'messages' ? paths.systemMessage(target.key) : paths.systemScheduledMessage(target.key);
    case 'personal':
      return paths.personalMessage(target.community, target.from, target.to, target.key);
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The run a stored message is due at: a scheduled one's nextScheduledRun (recurring) or
 * deliveryTime; an instant or personal one's deliveryTime (createdTime, else 0). Null for a
 * scheduled record without a time.
 */
export function dueOf(target: MessageTarget, record: unknown): number | null {
  if (!record || typeof record !== 'object') return null;
  const { nextScheduledRun, deliveryTime, createdTime } = record as Record<string, unknown>;
  if (target.area !== 'personal' && target.list === 'messages-scheduled') {
    if (isNumber(nextScheduledRun)) return Math.floor(nextScheduledRun);
    return isNumber(deliveryTime) ? Math.floor(deliveryTime) : null;
  }
  if (isNumber(deliveryTime)) return Math.floor(deliveryTime);
  return isNumber(createdTime) ? Math.floor(createdTime) : 0;
}

/**
 * The id of one run of one message: its due time and a digest of where it is stored. The job
 * id and the delivery record's key (docs/decisions/012) both come from it, so the same run is
 * always the same job and the same delivery record.
 */
export function deliveryId(product: string, target: MessageTarget, due: number): string {
  const where =
    target.area === 'personal'
      ? [product, target.area, target.community, target.from, target.to, target.key]
      : [product, target.area, target.community, target.list, target.key];
  const digest = createHash('sha256').update(JSON.stringify(where)).digest('hex').slice(0, 24);
  return `${due}-${digest}`;
}

/** The BullMQ job id of one run (no ':' and never an integer). */
export function notificationJobId(product: string, target: MessageTarget, due: number): string {
  return `notification-${deliveryId(product, target, due)}`;
}

export interface NotificationJob {
  payload: JobPayload<'notification'>;
  jobId: string;
  delay: number;
}

/** The job of a run: delayed until its due time, under its stable id. */
export function notificationJob(paths: Paths, target: MessageTarget, due: number, now: number): NotificationJob {
  const product = paths.product();
  return {
    payload: { product, target, due },
    jobId: notificationJobId(product, target, due),
    delay: Math.max(0, due - now),
  };
}

/**
 * What `{product}/message-pending/{id}` holds: a run whose push has not gone out yet. It is
 * written in the same update as an instant or personal message (and as a scheduled run's move
 * or copy) and removed with the delivery record's `pushedAt`, so the runs a Redis outage or
 * flush left without a job are found in the database and queued again (docs/decisions/014).
 */
export interface PendingDelivery {
  target: MessageTarget;
  due: number;
  /** When the run was written (ms). */
  since: number;
}

/** The write (path and value) that marks a run as waiting for its push. */
export function pendingDeliveryWrite(paths: Paths, target: MessageTarget, due: number, now: number): Record<string, DbValue> {
  const pending: PendingDelivery = { target, due, since: now };
  return { [paths.pendingDelivery(deliveryId(paths.product(), target, due))]: pending as unknown as DbValue };
}

/** Whether the message went to the job service now, or waits in the database for it. */
export type DispatchResult = { queued: true } | { queued: false; reason: string };

/**
 * Hands a just-written message to delivery: an instant one is pushed at once, a scheduled one
 * (new or edited) gets its delayed job at its next run. Never throws for an unreachable Redis:
 * the database is the truth and the scheduler rebuilds what is missing; the answer says whether
 * the job service took it (an instant message that waits is 'queued', not sent).
 *
 * An edit that moves the time adds a job under a new id; the old job still fires, finds the
 * record no longer due at its time and does nothing.
 */
export async function dispatchMessage(deps: DispatchDeps, target: MessageTarget): Promise<DispatchResult> {
  const record = (await deps.db.ref(messagePath(deps.paths, target)).get()).val();
  const due = dueOf(target, record);
  if (due === null) return { queued: true };
  const job = notificationJob(deps.paths, target, due, Date.now());
  // A finished job under this id (an earlier run at the same time that found nothing to do)
  // is replaced, so a time edited back to an earlier value is delivered.
  const result = await deps.jobs.enqueue('notification', job.payload, { jobId: job.jobId, delay: job.delay, replaceFinished: true });
  return result.queued ? { queued: true } : { queued: false, reason: result.reason };
}
