import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDbs, openTestDb } from '@jobs/testing/fixtures';
import type { RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import { createOutboxMailer, listOutbox, outboxId } from './outbox';

const paths = createPaths('amc');
let db: RealtimeDb;
let now: number;
const clock = () => now;

beforeEach(async () => {
  db = await openTestDb();
  now = 1_700_000_000_000;
});

afterAll(closeTestDbs);

describe('outbox mailer', () => {
  it('records the message under dev-outbox with an id from its idempotency key', async () => {
    const mailer = createOutboxMailer({ db, paths }, clock);
    const sent = await mailer.send({ to: 'ann@example.com', subject: 'Welcome', html: '<p>Hi <b>Ann</b></p>', idempotencyKey: '-Nq1' });

    expect(mailer.transport).toBe('outbox');
    expect(sent).toEqual({ id: outboxId('-Nq1'), transport: 'outbox' });
    expect((await db.ref(paths.outbox(sent.id)).get()).val()).toEqual({
      to: 'ann@example.com',
      subject: 'Welcome',
      html: '<p>Hi <b>Ann</b></p>',
      text: 'Hi Ann',
      createdAt: now,
      idempotencyKey: '-Nq1',
    });
  });

  it('makes valid keys of any idempotency key', () => {
    expect(outboxId('login:ann@example.com/1')).toMatch(/^[0-9a-f]{32}$/);
    expect(outboxId('a')).toBe(outboxId('a'));
    expect(outboxId('a')).not.toBe(outboxId('b'));
  });

  it('records the same key once, keeping the first record', async () => {
    const mailer = createOutboxMailer({ db, paths }, clock);
    const first = await mailer.send({ to: 'ann@example.com', subject: 'First', html: '<p>1</p>', text: 'one', idempotencyKey: 'k' });
    now += 5_000;
    const second = await mailer.send({ to: 'ann@example.com', subject: 'Second', html: '<p>2</p>', idempotencyKey: 'k' });

    expect(second).toEqual(first);
    const outbox = (await db.ref(paths.outbox()).get()).val();
    expect(Object.keys(outbox)).toEqual([first.id]);
    expect(outbox[first.id]).toMatchObject({ subject: 'First', text: 'one', createdAt: 1_700_000_000_000 });
  });

  it('records the message and the caller’s updates in one update', async () => {
    const mailer = createOutboxMailer({ db, paths }, clock);
    const item = db.ref(paths.emailQueue('-Nq2'));
    await item.set({ email: 'bo@example.com', subject: 'S', body: '<p>B</p>', emailType: 3, status: 'queued' });

    const sent = await mailer.sendWithUpdates!(
      { to: 'bo@example.com', subject: 'S', html: '<p>B</p>', idempotencyKey: '-Nq2' },
      (delivery) => ({
        [item.child('status').path]: 'sent',
        [item.child('messageId').path]: delivery.id,
      }),
    );

    expect(sent.id).toBe(outboxId('-Nq2'));
    expect((await item.get()).val()).toMatchObject({ status: 'sent', messageId: sent.id });
    expect((await db.ref(paths.outbox(sent.id)).get()).val()).toMatchObject({ to: 'bo@example.com', subject: 'S', createdAt: now });

    // Again: the record stays as it was, only the updates are written.
    now += 1_000;
    await mailer.sendWithUpdates!({ to: 'bo@example.com', subject: 'Changed', html: '<p>B</p>', idempotencyKey: '-Nq2' }, () => ({
      [item.child('sentAt').path]: now,
    }));
    expect((await db.ref(paths.outbox(sent.id)).get()).val()).toMatchObject({ subject: 'S', createdAt: now - 1_000 });
    expect((await item.get()).val()).toMatchObject({ sentAt: now });
    expect(Object.keys((await db.ref(paths.outbox()).get()).val())).toHaveLength(1);
  });
});

describe('listOutbox', () => {
  it('lists the newest messages first, up to the limit', async () => {
    const mailer = createOutboxMailer({ db, paths }, clock);
    for (const n of [1, 2, 3, 4]) {
      now = 1_700_000_000_000 + n * 1_000;
      await mailer.send({ to: `p${n}@example.com`, subject: `Message ${n}`, html: `<p>${n}</p>`, idempotencyKey: `key-${n}` });
    }

    const latest = await listOutbox(db, paths, { limit: 3 });
    expect(latest.map((message) => message.subject)).toEqual(['Message 4', 'Message 3', 'Message 2']);
    expect(latest[0]).toEqual({
      id: outboxId('key-4'),
      to: 'p4@example.com',
      subject: 'Message 4',
      html: '<p>4</p>',
      text: '4',
      createdAt: 1_700_000_004_000,
      idempotencyKey: 'key-4',
    });
  });

  it('is empty when nothing was sent', async () => {
    expect(await listOutbox(db, paths)).toEqual([]);
  });
});
