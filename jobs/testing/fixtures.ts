import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { EnqueueOptions, EnqueueResult, JobPayload, JobQueue, QueueName } from '@jobs/queues';
import type { Logger } from '@jobs/types';
import { createEmbeddedDb } from '@server/db';
import type { RealtimeDb } from '@server/db/types';
import type { Mailer, MailMessage, SentMail } from '@server/mail/types';
import { makeTempDir } from '../../tests/setup/tmp';

/** Test helpers shared by the job and mail tests. */

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of this test file's own: the process prefix plus a random suffix. */
export function testRedisPrefix(label: string): string {
  return `${process.env.REDIS_PREFIX ?? 'test'}-${label}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every key under the prefix. */
export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  let deleted = 0;
  try {
    await client.connect();
    // Every key first, then one transaction: a worker that notices a missing key half-way through
    // a scan would rebuild into keys the rest of the scan then deletes again.
    const keys = new Set<string>();
    let cursor = '0';
    do {
      const [next, found] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      for (const key of found) keys.add(key);
    } while (cursor !== '0');
    if (keys.size) {
      const transaction = client.multi();
      const all = [...keys];
      for (let start = 0; start < all.length; start += 500) transaction.del(...all.slice(start, start + 500));
      const results = (await transaction.exec()) ?? [];
      for (const [error, count] of results) {
        if (error) throw error;
        deleted += Number(count);
      }
    }
  } finally {
    client.disconnect();
  }
  return deleted;
}

const openDbs: RealtimeDb[] = [];

/** A fresh embedded database in its own temporary folder. */
export async function openTestDb(label = 'jobs'): Promise<RealtimeDb> {
  const db = createEmbeddedDb({ file: join(makeTempDir(label), 'rtdb.sqlite') });
  openDbs.push(db);
  return db;
}

/** Closes every database openTestDb opened. */
export async function closeTestDbs(): Promise<void> {
  await Promise.all(openDbs.splice(0).map((db) => db.close()));
}

export interface TestLogger extends Logger {
  lines: { level: 'debug' | 'info' | 'warn' | 'error'; message: string }[];
  at(level: 'debug' | 'info' | 'warn' | 'error'): string[];
}

export function testLogger(): TestLogger {
  const lines: TestLogger['lines'] = [];
  const record =
    (level: TestLogger['lines'][number]['level']) =>
    (message: string, ...details: unknown[]) => {
      lines.push({
        level,
        message: [message, ...details.map((detail) => (detail instanceof Error ? detail.message : String(detail)))].join(' '),
      });
    };
  return {
    lines,
    at: (level) => lines.filter((line) => line.level === level).map((line) => line.message),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}

/** A mailer that throws `error` on the first `failures` sends, then hands over to `inner`. */
export function flakyMailer(
  inner: Mailer,
  failures = 1,
  error: () => Error = () => new Error('SMTP connection reset'),
): Mailer & { calls: number } {
  const mailer: Mailer & { calls: number } = {
    transport: inner.transport,
    calls: 0,
    async send(message: MailMessage) {
      mailer.calls += 1;
      if (mailer.calls <= failures) throw error();
      return inner.send(message);
    },
    ...(inner.sendWithUpdates
      ? {
          async sendWithUpdates(message: MailMessage, updatesFor: Parameters<NonNullable<Mailer['sendWithUpdates']>>[1]) {
            mailer.calls += 1;
            if (mailer.calls <= failures) throw error();
            return inner.sendWithUpdates!(message, updatesFor);
          },
        }
      : {}),
  };
  return mailer;
}

/** A mailer standing in for SMTP: keeps what it was given. */
export function recordingSmtpMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    transport: 'smtp',
    sent,
    async send(message): Promise<SentMail> {
      sent.push(message);
      return { id: `<${message.idempotencyKey}@test>`, transport: 'smtp' };
    },
  };
}

/** A producer that records jobs, answering `queued` as told. */
export function recordingJobs(queued = true): JobQueue & { added: { name: QueueName; payload: unknown; options: EnqueueOptions }[] } {
  const added: { name: QueueName; payload: unknown; options: EnqueueOptions }[] = [];
  return {
    added,
    async enqueue<N extends QueueName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): Promise<EnqueueResult> {
      added.push({ name, payload, options });
      return queued ? { queued: true, jobId: options.jobId ?? `job-${added.length}` } : { queued: false, reason: 'Redis is not reachable' };
    },
  };
}

/** Waits until `check` returns a value other than undefined/false. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 25 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A feed of far-future events (a daily series of three), so the window of the real clock an import uses holds them. */
export const LAP_SWIM_FEED = [
  'BEGIN:VCALENDAR',
  'BEGIN:VEVENT',
  'UID:swim',
  'DTSTART;TZID=America/New_York:20990310T100000',
  'RRULE:FREQ=DAILY;COUNT=3',
  'SUMMARY:Lap Swim',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
