import { z } from 'zod';
import type { EnqueueResult, JobQueue } from '@jobs/ports';
import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import type { MailTransport } from './types';

/**
 * The spec's e-mail queue: items pushed to `{product}/email-queue` with subject, body,
 * emailType 3 and email. The database is the truth; each item also gets a BullMQ job whose
 * id is the item's key, and Redis can be rebuilt from the items at any time.
 */

/** The spec's emailType of every item the console queues. */
export const EMAIL_TYPE = 3;

/** How many times a failed item is given a fresh round of attempts when the workers start. */
export const MAX_REQUEUES = 3;

export type EmailQueueStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface EmailQueueItem {
  subject: string;
  /** The message's HTML. */
  body: string;
  emailType: number;
  /** The recipient. */
  email: string;
  status?: EmailQueueStatus;
  createdAt?: number;
  /** When the current send claimed the item (status 'sending'). */
  attemptAt?: number;
  /** Sends started so far. */
  attempts?: number;
  sentAt?: number;
  transport?: MailTransport;
  /** The outbox record id or the SMTP Message-ID. */
  messageId?: string;
  lastError?: string;
  lastErrorAt?: number;
  failedAt?: number;
  /** Why the item stopped: refused for good, or out of attempts. */
  failure?: 'permanent' | 'attempts';
  /** Fresh rounds of attempts given by requeuePendingEmails. */
  requeues?: number;
}

export const QueueEmailSchema = z.object({
  to: z.string().trim().email('Enter a valid e-mail address.'),
  subject: z.string().trim().min(1, 'A subject is required.').max(998),
  body: z.string().min(1, 'A message is required.'),
});

export type QueueEmailInput = z.input<typeof QueueEmailSchema>;

export interface EmailQueueDeps {
  db: RealtimeDb;
  paths: Paths;
  jobs: JobQueue;
}

export interface QueuedEmail {
  /** The item's key under the e-mail queue, also its job id. */
  queueKey: string;
  /** False when Redis did not take the job now; the item waits in the database. */
  queued: boolean;
}

/** Reads an item, or null when the value is not one. */
export function toEmailQueueItem(value: unknown): EmailQueueItem | null {
  if (!value || typeof value !== 'object') return null;
  const item = value as Partial<EmailQueueItem>;
  if (typeof item.email !== 'string' || typeof item.subject !== 'string' || typeof item.body !== 'string') return null;
  return item as EmailQueueItem;
}

/** Queues an e-mail: the spec-shaped item goes to the database, then a job to Redis. */
export async function queueEmail(
  { db, paths, jobs }: EmailQueueDeps,
  input: QueueEmailInput,
  clock: () => number = Date.now,
): Promise<QueuedEmail> {
  const { to, subject, body } = QueueEmailSchema.parse(input);
  const ref = db.ref(paths.emailQueue()).push();
  const queueKey = ref.key!;
  const item: EmailQueueItem = { subject, body, emailType: EMAIL_TYPE, email: to, status: 'queued', createdAt: clock() };
  await ref.set({ ...item });
  const result = await enqueueItem(jobs, paths, queueKey, false);
  return { queueKey, queued: result.queued };
}

/**
 * An e-mail to queue as part of a caller's own multi-path update: the item's path and value to
 * write with it, and its key. Once that update is written, `enqueueQueuedEmail` gives it its job;
 * an item whose job never came (a crash in between, Redis down) is sent by requeuePendingEmails.
 */
export function plannedEmail(
  { db, paths }: Pick<EmailQueueDeps, 'db' | 'paths'>,
  input: QueueEmailInput,
  clock: () => number = Date.now,
): { queueKey: string; path: string; item: EmailQueueItem } {
  const { to, subject, body } = QueueEmailSchema.parse(input);
  const queueKey = db.ref(paths.emailQueue()).push().key!;
  return {
    queueKey,
    path: `${paths.emailQueue()}/${queueKey}`,
    item: { subject, body, emailType: EMAIL_TYPE, email: to, status: 'queued', createdAt: clock() },
  };
}

/** The job of an item written by the caller's update (see plannedEmail). */
export async function enqueueQueuedEmail({ paths, jobs }: Pick<EmailQueueDeps, 'paths' | 'jobs'>, queueKey: string): Promise<QueuedEmail> {
  const result = await enqueueItem(jobs, paths, queueKey, false);
  return { queueKey, queued: result.queued };
}

function enqueueItem(jobs: JobQueue, paths: Paths, queueKey: string, replaceFinished: boolean): Promise<EnqueueResult> {
  return jobs.enqueue('email', { product: paths.product(), queueKey }, { jobId: queueKey, replaceFinished });
}

export interface RequeueReport {
  enqueued: number;
  /** Failed items left alone: refused for good or out of requeues. */
  skipped: number;
  /** True when Redis stopped taking jobs part-way; the rest stay queued in the database. */
  interrupted: boolean;
}

/**
 * Gives every unfinished item its job again: queued items, items whose send was claimed
 * (the processor waits out a live claim) and failed items that still have requeues left.
 * Items without a status (written by other clients) are not this console's and stay
 * untouched. Safe to call any number of times: job ids are the item keys.
 */
export async function requeuePendingEmails(
  { db, paths, jobs }: EmailQueueDeps,
  options: { maxRequeues?: number } = {},
): Promise<RequeueReport> {
  const maxRequeues = options.maxRequeues ?? MAX_REQUEUES;
  const report: RequeueReport = { enqueued: 0, skipped: 0, interrupted: false };
  const queue = db.ref(paths.emailQueue());

  for (const status of ['queued', 'sending', 'failed'] as const) {
    const snapshot = await queue.orderByChild('status').equalTo(status).get();
    const keys: string[] = [];
    snapshot.forEach((child) => {
      if (child.key) keys.push(child.key);
    });

    for (const key of keys) {
      if (status === 'failed') {
        const reopened = await queue.child(key).transaction((current) => {
          if (current === null) return null;
          const item = toEmailQueueItem(current);
          if (!item || item.status !== 'failed' || item.failure === 'permanent' || (item.requeues ?? 0) >= maxRequeues) return undefined;
          return { ...current, status: 'queued', requeues: (item.requeues ?? 0) + 1, failure: null, failedAt: null };
        });
        if (!reopened.committed || toEmailQueueItem(reopened.snapshot.val())?.status !== 'queued') {
          report.skipped += 1;
          continue;
        }
      }
      const result = await enqueueItem(jobs, paths, key, true);
      if (!result.queued) {
        report.interrupted = true;
        return report;
      }
      report.enqueued += 1;
    }
  }
  return report;
}
