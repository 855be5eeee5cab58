import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { dueOf, notificationJob, type MessageTarget, type NotificationJob, type PendingDelivery } from './dispatch';

/**
 * Rebuilding the delayed notification jobs from the database (issue 13 "Delivery"): every
 * record of every community's messages-scheduled and of system-data's gets its job at its
 * next run. Job ids are stable (message and due time), so adding a job that exists changes
 * nothing and a flushed Redis loses nothing. Jobs are added in batches: 10,000 records are a
 * handful of round trips.
 */

/** Communities whose scheduled messages are read at once. */
const READ_CONCURRENCY = 16;

export interface RebuildDeps {
  db: RealtimeDb;
  paths: Paths;
  /** Adds the jobs (one Redis round trip per batch); resolves to how many were handed over. */
  enqueueMany(jobs: NotificationJob[]): Promise<number>;
}

export interface RebuildReport {
  communities: number;
  scheduled: number;
  enqueued: number;
}

function jobsOf(paths: Paths, value: unknown, targetOf: (key: string) => MessageTarget, now: number): NotificationJob[] {
  if (!value || typeof value !== 'object') return [];
  const jobs: NotificationJob[] = [];
  for (const [key, record] of Object.entries(value as Record<string, unknown>)) {
    const target = targetOf(key);
    const due = dueOf(target, record);
    if (due !== null) jobs.push(notificationJob(paths, target, due, now));
  }
  return jobs;
}

export async function requeueScheduledMessages(deps: RebuildDeps, now: number = Date.now()): Promise<RebuildReport> {
  const { db, paths } = deps;
  const communities = Object.keys(((await db.ref(paths.communities()).get()).val() as Record<string, unknown> | null) ?? {});
  const report: RebuildReport = { communities: communities.length, scheduled: 0, enqueued: 0 };

  const system = (await db.ref(paths.systemScheduledMessages()).get()).val();
  const systemJobs = jobsOf(
    paths,
    system,
    (key) => {
      const location = (system as Record<string, { location?: unknown }>)[key]?.location;
      return {
        area: 'system',
        list: 'messages-scheduled',
        key,
        community: typeof location === 'string' && location !== '' ? location : 'system',
      };
    },
    now,
  );
  report.scheduled += systemJobs.length;
  report.enqueued += await deps.enqueueMany(systemJobs);

  for (let start = 0; start < communities.length; start += READ_CONCURRENCY) {
    const batch = communities.slice(start, start + READ_CONCURRENCY);
    const lists = await Promise.all(batch.map((community) => db.ref(paths.scheduledMessages(community)).get()));
    const jobs = batch.flatMap((community, index) =>
      jobsOf(paths, lists[index]!.val(), (key) => ({ area: 'community', community, list: 'messages-scheduled', key }), now),
    );
    report.scheduled += jobs.length;
    report.enqueued += await deps.enqueueMany(jobs);
  }
  return report;
}

/**
 * Queuing again every run the database marks as waiting for its push (`message-pending`): an
 * instant or personal message saved while Redis was away or before a flush, or a scheduled run
 * moved but not pushed. Each gets its job under the run's stable id, due at once; a run pushed
 * meanwhile finds its delivery record and pushes nothing again (docs/decisions/014).
 */
export async function requeuePendingDeliveries(
  deps: RebuildDeps,
  now: number = Date.now(),
): Promise<{ pending: number; enqueued: number }> {
  const value = (await deps.db.ref(deps.paths.pendingDeliveries()).get()).val();
  if (!value || typeof value !== 'object') return { pending: 0, enqueued: 0 };
  const jobs: NotificationJob[] = [];
  for (const entry of Object.values(value as Record<string, Partial<PendingDelivery> | null>)) {
    if (!entry || typeof entry.target !== 'object' || entry.target === null || typeof entry.due !== 'number') continue;
    jobs.push(notificationJob(deps.paths, entry.target, entry.due, now));
  }
  return { pending: jobs.length, enqueued: await deps.enqueueMany(jobs) };
}
