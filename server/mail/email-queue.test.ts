import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDbs, openTestDb, recordingJobs } from '@jobs/testing/fixtures';
import type { RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import { EMAIL_TYPE, MAX_REQUEUES, queueEmail, requeuePendingEmails } from './email-queue';

const paths = createPaths('amc');
let db: RealtimeDb;

beforeEach(async () => {
  db = await openTestDb();
});

afterAll(closeTestDbs);

const item = (status: string | undefined, extra: Record<string, unknown> = {}) => ({
  subject: `Status ${status}`,
  body: '<p>Hello</p>',
  emailType: EMAIL_TYPE,
  email: 'ann@example.com',
  ...(status ? { status } : {}),
  createdAt: 1,
  ...extra,
});

describe('queueEmail', () => {
  it('pushes the spec-shaped item and adds its job under the item key', async () => {
    const jobs = recordingJobs();
    const result = await queueEmail(
      { db, paths, jobs },
      { to: ' ann@example.com ', subject: 'Your sign-in link', body: '<p>Sign in</p>' },
      () => 1234,
    );

    expect(result.queued).toBe(true);
    expect(result.queueKey).toMatch(/^-/);
    expect((await db.ref(paths.emailQueue(result.queueKey)).get()).val()).toEqual({
      subject: 'Your sign-in link',
      body: '<p>Sign in</p>',
      emailType: 3,
      email: 'ann@example.com',
      status: 'queued',
      createdAt: 1234,
    });
    expect(jobs.added).toEqual([
      {
        name: 'email',
        payload: { product: 'amc', queueKey: result.queueKey },
        options: { jobId: result.queueKey, replaceFinished: false },
      },
    ]);
  });

  it('keeps the item queued in the database when Redis does not take the job', async () => {
    const result = await queueEmail({ db, paths, jobs: recordingJobs(false) }, { to: 'ann@example.com', subject: 'S', body: '<p>B</p>' });
    expect(result.queued).toBe(false);
    expect((await db.ref(paths.emailQueue(result.queueKey)).get()).val()).toMatchObject({ status: 'queued' });
  });

  it('refuses a bad address before writing anything', async () => {
    const jobs = recordingJobs();
    await expect(queueEmail({ db, paths, jobs }, { to: 'not-an-address', subject: 'S', body: 'B' })).rejects.toThrow(/valid e-mail/);
    expect((await db.ref(paths.emailQueue()).get()).exists()).toBe(false);
    expect(jobs.added).toEqual([]);
  });
});

describe('requeuePendingEmails', () => {
  it('adds the jobs of unfinished items and reopens failed ones that have requeues left', async () => {
    await db.ref(paths.emailQueue()).update({
      '-a-queued': item('queued'),
      '-b-sending': item('sending', { attemptAt: 5 }),
      '-c-failed': item('failed', { failure: 'attempts', failedAt: 9, lastError: 'timeout' }),
      '-d-refused': item('failed', { failure: 'permanent' }),
      '-e-worn-out': item('failed', { failure: 'attempts', requeues: MAX_REQUEUES }),
      '-f-sent': item('sent'),
      '-g-foreign': item(undefined),
    });
    const jobs = recordingJobs();

    const report = await requeuePendingEmails({ db, paths, jobs });

    expect(report).toEqual({ enqueued: 3, skipped: 2, interrupted: false });
    expect(jobs.added.map((job) => job.options.jobId)).toEqual(['-a-queued', '-b-sending', '-c-failed']);
    expect(jobs.added.every((job) => job.options.replaceFinished === true)).toBe(true);
    expect(jobs.added[0]!.payload).toEqual({ product: 'amc', queueKey: '-a-queued' });
    const reopened = (await db.ref(paths.emailQueue('-c-failed')).get()).val();
    expect(reopened).toMatchObject({ status: 'queued', requeues: 1, lastError: 'timeout' });
    expect(reopened.failure).toBeUndefined();
    expect(reopened.failedAt).toBeUndefined();
    expect((await db.ref(paths.emailQueue('-d-refused')).get()).val()).toMatchObject({ status: 'failed' });
    expect((await db.ref(paths.emailQueue('-g-foreign')).get()).val().status).toBeUndefined();
  });

  it('stops when Redis stops taking jobs, leaving the rest queued', async () => {
    await db.ref(paths.emailQueue()).update({ '-a': item('queued'), '-b': item('queued') });
    const jobs = recordingJobs(false);
    expect(await requeuePendingEmails({ db, paths, jobs })).toEqual({ enqueued: 0, skipped: 0, interrupted: true });
    expect(jobs.added).toHaveLength(1);
  });
});
