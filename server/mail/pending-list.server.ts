import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { toEmailQueueItem } from './email-queue';

/**
 * The e-mail queue's items that the mailer does not have yet, for the development outbox page:
 * its own server-only module so that /dev/outbox can import it without pulling the mailers into
 * the browser build.
 */

/** An e-mail of the queue not yet handed to the mailer (spec 01 §3.8 email-queue item). */
export interface PendingEmail {
  id: string;
  to: string;
  subject: string;
  /** queued: waiting for the job service or a worker; sending: a worker has it; failed: waiting for a retry. */
  status: 'queued' | 'sending' | 'failed';
  createdAt: number | null;
}

/**
 * The queue's e-mails that are not sent yet, newest first: what the outbox page lists as
 * waiting, so an e-mail is never shown as sent before the mailer has it.
 */
export async function listPendingEmails(
  db: RealtimeDb,
  paths: Pick<Paths, 'emailQueue'>,
  { limit = 50 }: { limit?: number } = {},
): Promise<PendingEmail[]> {
  const pending: PendingEmail[] = [];
  for (const status of ['queued', 'sending', 'failed'] as const) {
    const snapshot = await db.ref(paths.emailQueue()).orderByChild('status').equalTo(status).get();
    snapshot.forEach((child) => {
      const item = toEmailQueueItem(child.val());
      if (!child.key || !item) return;
      pending.push({
        id: child.key,
        to: item.email,
        subject: item.subject,
        status,
        createdAt: typeof item.createdAt === 'number' ? item.createdAt : null,
      });
    });
  }
  return pending.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).slice(0, Math.max(1, Math.floor(limit)));
}
