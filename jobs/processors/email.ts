import type { DbValue, Reference } from '@server/db/types';
import { toEmailQueueItem, type EmailQueueItem } from '@server/mail/email-queue';
import { MailDeliveryError, type MailMessage, type SentMail } from '@server/mail/types';
import { createPaths } from '@server/paths';
import { PermanentJobError, RetryLaterError } from '../errors';
import type { EmailJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * Delivers one item of the e-mail queue, at most once as far as the mailer allows.
 *
 * Outbox mailer: the outbox record and the item's 'sent' mark are one multi-path update,
 * and the record id comes from the item key, so retries and duplicate jobs never deliver
 * twice.
 *
 * SMTP: a transaction claims the item (status 'sending', attemptAt) before the send, so two
 * workers never send it at the same time; a claim younger than the lease makes another job
 * wait until the lease ends. What remains is at-least-once: when the process dies (or the
 * database write fails) after the SMTP server accepted the message but before the item is
 * marked 'sent', the item is sent again once the lease has run out. Both copies carry the
 * same Message-ID, which lets mail clients fold them into one.
 */

/** How long a claim protects a send in flight; far above the SMTP mailer's own time limits. */
export const EMAIL_CLAIM_LEASE_MS = 5 * 60_000;

export type EmailJobResult =
  | { outcome: 'sent'; transport: SentMail['transport']; messageId: string }
  | { outcome: 'already-sent'; messageId: string | null }
  | { outcome: 'missing' };

type EmailJob = EmailJobPayload;

function messageOf(item: EmailQueueItem, queueKey: string): MailMessage {
  return { to: item.email, subject: item.subject, html: item.body, idempotencyKey: queueKey };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
}

export async function processEmail(
  payload: EmailJob,
  deps: JobDeps,
  job: JobContext,
  clock: () => number = Date.now,
): Promise<EmailJobResult> {
  const { db, mailer, log } = deps;
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  const itemRef = db.ref(paths.emailQueue(payload.queueKey));

  await job.reportProgress(10, 'Reading the message');
  const stored = (await itemRef.get()).val();
  if (stored === null) {
    log.warn(`E-mail queue item ${payload.queueKey} no longer exists; nothing to send.`);
    return { outcome: 'missing' };
  }
  const item = toEmailQueueItem(stored);
  if (!item) {
    await markFailure(itemRef, new Error('The item has no e-mail, subject or body'), true, clock);
    throw new PermanentJobError(`E-mail queue item ${payload.queueKey} has no e-mail, subject or body`);
  }
  if (item.status === 'sent') {
    await job.reportProgress(100, 'Already sent');
    return { outcome: 'already-sent', messageId: item.messageId ?? null };
  }

  const message = messageOf(item, payload.queueKey);
  let delivered = false;
  try {
    if (mailer.sendWithUpdates) {
      await job.reportProgress(50, 'Sending');
      const sent = await mailer.sendWithUpdates(message, (delivery) => {
        const mark = sentMark(delivery, clock());
        return Object.fromEntries(Object.entries(mark).map(([field, value]) => [itemRef.child(field).path, value]));
      });
      await job.reportProgress(100, 'Sent');
      return { outcome: 'sent', transport: sent.transport, messageId: sent.id };
    }

    const claim = await claimForSending(itemRef, clock());
    if (claim.kind === 'missing') return { outcome: 'missing' };
    if (claim.kind === 'sent') {
      await job.reportProgress(100, 'Already sent');
      return { outcome: 'already-sent', messageId: claim.messageId };
    }
    if (claim.kind === 'held') {
      throw new RetryLaterError(claim.until, `E-mail queue item ${payload.queueKey} is being sent by another worker`);
    }

    await job.reportProgress(50, 'Sending');
    const sent = await mailer.send(messageOf(claim.item, payload.queueKey));
    delivered = true;
    await markSent(itemRef, sent, clock);
    await job.reportProgress(100, 'Sent');
    return { outcome: 'sent', transport: sent.transport, messageId: sent.id };
  } catch (error) {
    if (error instanceof RetryLaterError) throw error;
    if (delivered) {
      // The server has the message; keep the claim so no retry sends it before the lease ends.
      log.error(
        `E-mail queue item ${payload.queueKey} was sent but could not be marked sent; it may be sent again after the claim lease.`,
        error,
      );
      throw error;
    }
    const permanent = error instanceof MailDeliveryError && error.permanent;
    const final = permanent || job.finalAttempt;
    try {
      await markFailure(itemRef, error, permanent, clock, final);
    } catch (markError) {
      log.error(`Could not record the failure of e-mail queue item ${payload.queueKey}:`, markError);
    }
    if (permanent) throw new PermanentJobError(errorText(error), { cause: error });
    throw error;
  }
}

function sentMark(sent: SentMail, now: number): Record<string, DbValue> {
  return {
    status: 'sent',
    sentAt: now,
    transport: sent.transport,
    messageId: sent.id,
    attemptAt: null,
    lastError: null,
    lastErrorAt: null,
    failure: null,
    failedAt: null,
  };
}

/** Marks a delivered item, trying the write a few times: a lost mark means a second send later. */
async function markSent(itemRef: Reference, sent: SentMail, clock: () => number): Promise<void> {
  const waits = [200, 1_000];
  for (let attempt = 0; ; attempt += 1) {
    try {
      await itemRef.update(sentMark(sent, clock()));
      return;
    } catch (error) {
      const wait = waits[attempt];
      if (wait === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

type Claim =
  | { kind: 'claimed'; item: EmailQueueItem }
  | { kind: 'held'; until: number }
  | { kind: 'sent'; messageId: string | null }
  | { kind: 'missing' };

/** Marks the item 'sending' unless it is sent or another send holds a live claim. */
async function claimForSending(itemRef: Reference, now: number): Promise<Claim> {
  let outcome = { kind: 'missing' } as Claim;
  const result = await itemRef.transaction((current) => {
    // Returning null for null lets Firebase retry with the server's value when its local
    // cache was empty; aborting here would end the transaction on a guess.
    if (current === null) {
      outcome = { kind: 'missing' };
      return null;
    }
    const item = toEmailQueueItem(current);
    if (!item) {
      outcome = { kind: 'missing' };
      return undefined;
    }
    if (item.status === 'sent') {
      outcome = { kind: 'sent', messageId: item.messageId ?? null };
      return undefined;
    }
    if (item.status === 'sending' && typeof item.attemptAt === 'number' && now - item.attemptAt < EMAIL_CLAIM_LEASE_MS) {
      outcome = { kind: 'held', until: item.attemptAt + EMAIL_CLAIM_LEASE_MS };
      return undefined;
    }
    const claimed = { ...current, status: 'sending', attemptAt: now, attempts: (item.attempts ?? 0) + 1 };
    outcome = { kind: 'claimed', item: claimed as EmailQueueItem };
    return claimed;
  });
  if (outcome.kind === 'claimed' && !result.committed) return { kind: 'missing' };
  return outcome;
}

/**
 * Records the error and releases the claim: back to 'queued' for the next attempt, or
 * 'failed' when no attempt follows. An item another job has sent meanwhile stays 'sent'.
 */
async function markFailure(itemRef: Reference, error: unknown, permanent: boolean, clock: () => number, final = true): Promise<void> {
  const now = clock();
  await itemRef.transaction((current) => {
    if (current === null) return null;
    if (current.status === 'sent') return undefined;
    return {
      ...current,
      status: final ? 'failed' : 'queued',
      attemptAt: null,
      lastError: errorText(error),
      lastErrorAt: now,
      ...(final ? { failedAt: now, failure: permanent ? 'permanent' : 'attempts' } : {}),
    };
  });
}
