import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { createOutboxMailer, outboxId } from '@server/mail/outbox';
import { MailDeliveryError, type Mailer } from '@server/mail/types';
import { createPaths } from '@server/paths';
import { PermanentJobError, RetryLaterError } from '../errors';
import { closeTestDbs, flakyMailer, openTestDb, recordingSmtpMailer, testLogger } from '../testing/fixtures';
import { directJobContext, type JobDeps } from '../types';
import { EMAIL_CLAIM_LEASE_MS, processEmail } from './email';

const paths = createPaths('amc');
const NOW = 1_700_000_000_000;
const clock = () => NOW;
let db: RealtimeDb;

beforeEach(async () => {
  db = await openTestDb();
});

afterAll(closeTestDbs);

const deps = (mailer: Mailer): JobDeps => ({ db, paths, mailer, log: testLogger() });

async function putItem(key: string, extra: Record<string, unknown> = {}, product = paths) {
  await db.ref(product.emailQueue(key)).set({
    subject: 'Your sign-in link',
    body: '<p><a href="https://console.example/login">Sign in</a></p>',
    emailType: 3,
    email: 'ann@example.com',
    status: 'queued',
    createdAt: NOW - 60_000,
    ...extra,
  });
}

const itemOf = async (key: string, product = paths) => (await db.ref(product.emailQueue(key)).get()).val();
const outboxSize = async () => Object.keys((await db.ref(paths.outbox()).get()).val() ?? {}).length;

describe('e-mail processor with the outbox mailer', () => {
  it('records the message and marks the item sent, reporting progress', async () => {
    await putItem('-Nk1');
    const progress: Array<[number, string | undefined]> = [];
    const mailer = createOutboxMailer({ db, paths }, clock);

    const result = await processEmail(
      { product: 'amc', queueKey: '-Nk1' },
      deps(mailer),
      directJobContext({ onProgress: (p, m) => progress.push([p, m]) }),
      clock,
    );

    expect(result).toEqual({ outcome: 'sent', transport: 'outbox', messageId: outboxId('-Nk1') });
    expect(await itemOf('-Nk1')).toMatchObject({
      status: 'sent',
      sentAt: NOW,
      transport: 'outbox',
      messageId: outboxId('-Nk1'),
      emailType: 3,
    });
    expect((await db.ref(paths.outbox(outboxId('-Nk1'))).get()).val()).toMatchObject({
      to: 'ann@example.com',
      subject: 'Your sign-in link',
      idempotencyKey: '-Nk1',
    });
    expect(progress.map(([percent]) => percent)).toEqual([10, 50, 100]);
    expect(progress.at(-1)).toEqual([100, 'Sent']);
  });

  it('does nothing for an item already sent', async () => {
    await putItem('-Nk2');
    const mailer = createOutboxMailer({ db, paths }, clock);
    await processEmail({ product: 'amc', queueKey: '-Nk2' }, deps(mailer), directJobContext(), clock);
    const again = await processEmail({ product: 'amc', queueKey: '-Nk2' }, deps(mailer), directJobContext(), clock);
    expect(again).toEqual({ outcome: 'already-sent', messageId: outboxId('-Nk2') });
    expect(await outboxSize()).toBe(1);
  });

  it('delivers once when two jobs for one item run at the same time', async () => {
    await putItem('-Nk3');
    const mailer = createOutboxMailer({ db, paths }, clock);
    const job = () => processEmail({ product: 'amc', queueKey: '-Nk3' }, deps(mailer), directJobContext(), clock);
    await Promise.all([job(), job(), job()]);
    expect(await outboxSize()).toBe(1);
    expect((await itemOf('-Nk3')).status).toBe('sent');
  });

  it('records the failure and lets the next attempt deliver', async () => {
    await putItem('-Nk4');
    const mailer = flakyMailer(createOutboxMailer({ db, paths }, clock));
    const payload = { product: 'amc', queueKey: '-Nk4' };

    await expect(processEmail(payload, deps(mailer), directJobContext({ attempt: 1, attempts: 5 }), clock)).rejects.toThrow(
      'SMTP connection reset',
    );
    expect(await itemOf('-Nk4')).toMatchObject({ status: 'queued', lastError: 'SMTP connection reset', lastErrorAt: NOW });
    expect(await outboxSize()).toBe(0);

    await processEmail(payload, deps(mailer), directJobContext({ attempt: 2, attempts: 5 }), clock);
    const item = await itemOf('-Nk4');
    expect(item).toMatchObject({ status: 'sent' });
    expect(item.lastError).toBeUndefined();
    expect(await outboxSize()).toBe(1);
  });

  it('uses the paths of the product the job names', async () => {
    const other = createPaths('other-app');
    await putItem('-Nk5', {}, other);
    const mailer = createOutboxMailer({ db, paths }, clock);
    const result = await processEmail({ product: 'other-app', queueKey: '-Nk5' }, deps(mailer), directJobContext(), clock);
    expect(result.outcome).toBe('sent');
    expect((await itemOf('-Nk5', other)).status).toBe('sent');
  });
});

describe('e-mail processor with an SMTP mailer', () => {
  it('claims the item, sends it with the item key as idempotency key, then marks it sent', async () => {
    await putItem('-Ns1');
    const mailer = recordingSmtpMailer();
    const result = await processEmail({ product: 'amc', queueKey: '-Ns1' }, deps(mailer), directJobContext(), clock);

    expect(result).toEqual({ outcome: 'sent', transport: 'smtp', messageId: '<-Ns1@test>' });
    expect(mailer.sent).toEqual([
      {
        to: 'ann@example.com',
        subject: 'Your sign-in link',
        html: '<p><a href="https://console.example/login">Sign in</a></p>',
        idempotencyKey: '-Ns1',
      },
    ]);
    const item = await itemOf('-Ns1');
    expect(item).toMatchObject({ status: 'sent', sentAt: NOW, transport: 'smtp', messageId: '<-Ns1@test>', attempts: 1 });
    expect(item.attemptAt).toBeUndefined();
  });

  it('claims before sending, so the mailer sees the item as sending', async () => {
    await putItem('-Ns2');
    let seen: unknown;
    const mailer: Mailer = {
      transport: 'smtp',
      async send(message) {
        seen = await itemOf('-Ns2');
        return { id: `<${message.idempotencyKey}>`, transport: 'smtp' };
      },
    };
    await processEmail({ product: 'amc', queueKey: '-Ns2' }, deps(mailer), directJobContext(), clock);
    expect(seen).toMatchObject({ status: 'sending', attemptAt: NOW, attempts: 1 });
  });

  it('waits out another worker’s live claim without sending', async () => {
    const attemptAt = NOW - 10_000;
    await putItem('-Ns3', { status: 'sending', attemptAt, attempts: 1 });
    const mailer = recordingSmtpMailer();
    const failure = await processEmail({ product: 'amc', queueKey: '-Ns3' }, deps(mailer), directJobContext(), clock).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(RetryLaterError);
    expect((failure as RetryLaterError).until).toBe(attemptAt + EMAIL_CLAIM_LEASE_MS);
    expect(mailer.sent).toEqual([]);
    expect(await itemOf('-Ns3')).toMatchObject({ status: 'sending', attemptAt });
  });

  it('takes over a claim whose lease ran out', async () => {
    await putItem('-Ns4', { status: 'sending', attemptAt: NOW - EMAIL_CLAIM_LEASE_MS - 1, attempts: 1 });
    const mailer = recordingSmtpMailer();
    await processEmail({ product: 'amc', queueKey: '-Ns4' }, deps(mailer), directJobContext(), clock);
    expect(mailer.sent).toHaveLength(1);
    expect(await itemOf('-Ns4')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('releases the claim on a failure so the retry can send', async () => {
    await putItem('-Ns5');
    const mailer = flakyMailer(recordingSmtpMailer());
    await expect(
      processEmail({ product: 'amc', queueKey: '-Ns5' }, deps(mailer), directJobContext({ attempt: 1, attempts: 5 }), clock),
    ).rejects.toThrow();
    const failed = await itemOf('-Ns5');
    expect(failed).toMatchObject({ status: 'queued', lastError: 'SMTP connection reset', attempts: 1 });
    expect(failed.attemptAt).toBeUndefined();

    await processEmail({ product: 'amc', queueKey: '-Ns5' }, deps(mailer), directJobContext({ attempt: 2, attempts: 5 }), clock);
    expect(await itemOf('-Ns5')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('marks the item failed after the last attempt', async () => {
    await putItem('-Ns6');
    const mailer = flakyMailer(recordingSmtpMailer(), 99);
    await expect(
      processEmail({ product: 'amc', queueKey: '-Ns6' }, deps(mailer), directJobContext({ attempt: 5, attempts: 5 }), clock),
    ).rejects.toThrow('SMTP connection reset');
    expect(await itemOf('-Ns6')).toMatchObject({
      status: 'failed',
      failure: 'attempts',
      failedAt: NOW,
      lastError: 'SMTP connection reset',
    });
  });

  it('fails for good when the server refuses the address', async () => {
    await putItem('-Ns7');
    const mailer = flakyMailer(recordingSmtpMailer(), 1, () => new MailDeliveryError('SMTP delivery failed: 550 No such user', true, 550));
    const failure = await processEmail(
      { product: 'amc', queueKey: '-Ns7' },
      deps(mailer),
      directJobContext({ attempt: 1, attempts: 5 }),
      clock,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PermanentJobError);
    expect(await itemOf('-Ns7')).toMatchObject({ status: 'failed', failure: 'permanent' });
  });

  it('keeps the claim when the item cannot be marked after the server took the message', async () => {
    await putItem('-Ns9');
    const mailer = recordingSmtpMailer();
    // The database refuses every update (the claim itself is a transaction).
    const broken: RealtimeDb = {
      engine: db.engine,
      ping: () => db.ping(),
      close: () => db.close(),
      ref(path?: string) {
        const ref = db.ref(path);
        return new Proxy(ref, {
          get(target, property) {
            if (property === 'update') return async () => Promise.reject(new Error('database unavailable'));
            const value = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      },
    };
    const log = testLogger();
    await expect(
      processEmail(
        { product: 'amc', queueKey: '-Ns9' },
        { db: broken, paths, mailer, log },
        directJobContext({ attempt: 1, attempts: 5 }),
        clock,
      ),
    ).rejects.toThrow('database unavailable');
    expect(mailer.sent).toHaveLength(1);
    expect(await itemOf('-Ns9')).toMatchObject({ status: 'sending', attemptAt: NOW });
    expect(log.at('error')[0]).toContain('was sent but could not be marked sent');
  });

  it('never turns a sent item back when a late failure is recorded', async () => {
    await putItem('-Ns8');
    const mailer: Mailer = {
      transport: 'smtp',
      async send() {
        // Another worker finished the item meanwhile (its lease had run out).
        await db.ref(paths.emailQueue('-Ns8')).update({ status: 'sent', messageId: '<other>' });
        throw new Error('connection lost');
      },
    };
    await expect(
      processEmail({ product: 'amc', queueKey: '-Ns8' }, deps(mailer), directJobContext({ attempt: 5, attempts: 5 }), clock),
    ).rejects.toThrow();
    expect(await itemOf('-Ns8')).toMatchObject({ status: 'sent', messageId: '<other>' });
  });
});

describe('e-mail processor edge cases', () => {
  it('finishes quietly when the item was deleted', async () => {
    const mailer = recordingSmtpMailer();
    const log = testLogger();
    const result = await processEmail({ product: 'amc', queueKey: '-gone' }, { db, paths, mailer, log }, directJobContext(), clock);
    expect(result).toEqual({ outcome: 'missing' });
    expect(mailer.sent).toEqual([]);
    expect(log.at('warn')).toEqual(['E-mail queue item -gone no longer exists; nothing to send.']);
  });

  it('fails for good on an item without an address', async () => {
    await db.ref(paths.emailQueue('-bad')).set({ subject: 'S', body: 'B', emailType: 3, status: 'queued' });
    const mailer = recordingSmtpMailer();
    await expect(processEmail({ product: 'amc', queueKey: '-bad' }, deps(mailer), directJobContext(), clock)).rejects.toBeInstanceOf(
      PermanentJobError,
    );
    expect(await itemOf('-bad')).toMatchObject({ status: 'failed', failure: 'permanent' });
    expect(mailer.sent).toEqual([]);
  });
});
