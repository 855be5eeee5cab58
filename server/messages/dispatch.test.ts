import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDbs, openTestDb, recordingJobs } from '@jobs/testing/fixtures';
import type { RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import { dispatchMessage, notificationJobId, type MessageTarget } from './dispatch';

const paths = createPaths('amc');
let db: RealtimeDb;

beforeEach(async () => {
  db = await openTestDb('dispatch');
});

afterAll(closeTestDbs);

describe('dispatchMessage', () => {
  it('queues a scheduled message at its next run under an id that names the run, so an edited time is a new job', async () => {
    const jobs = recordingJobs();
    const target: MessageTarget = { area: 'community', community: 'pine-lake', list: 'messages-scheduled', key: '-S1' };
    const due = Date.now() + 3_600_000;
    await db.ref(paths.scheduledMessage('pine-lake', '-S1')).set({ title: 'Later', deliveryTime: due - 60_000, nextScheduledRun: due });
    await dispatchMessage({ db, paths, jobs }, target);
    await db.ref(paths.scheduledMessage('pine-lake', '-S1')).update({ nextScheduledRun: due + 60_000 });
    await dispatchMessage({ db, paths, jobs }, target);

    expect(jobs.added.map((job) => [job.payload, job.options.jobId])).toEqual([
      [{ product: 'amc', target, due }, notificationJobId('amc', target, due)],
      [{ product: 'amc', target, due: due + 60_000 }, notificationJobId('amc', target, due + 60_000)],
    ]);
    expect(jobs.added[0]!.options.delay).toBeGreaterThan(3_500_000);
    expect(jobs.added[0]!.options.jobId).not.toBe(jobs.added[1]!.options.jobId);
  });

  it('queues an instant message to run at once, and nothing for a message that is not there', async () => {
    const jobs = recordingJobs();
    const sent = Date.now() - 1_000;
    await db.ref(paths.message('pine-lake', '-I1')).set({ title: 'Now', deliveryTime: sent });
    await dispatchMessage({ db, paths, jobs }, { area: 'community', community: 'pine-lake', list: 'messages', key: '-I1' });
    await dispatchMessage({ db, paths, jobs }, { area: 'community', community: 'pine-lake', list: 'messages-scheduled', key: '-Nope' });
    expect(jobs.added).toHaveLength(1);
    expect(jobs.added[0]!.options).toMatchObject({ delay: 0 });
    expect(jobs.added[0]!.payload).toMatchObject({ due: sent });
  });

  it('resolves without queuing while Redis does not answer (the rebuild queues it later)', async () => {
    const jobs = recordingJobs(false);
    await db.ref(paths.systemScheduledMessage('-Y1')).set({ title: 'Later', deliveryTime: Date.now() + 60_000, location: 'pine-lake' });
    await expect(
      dispatchMessage({ db, paths, jobs }, { area: 'system', community: 'pine-lake', list: 'messages-scheduled', key: '-Y1' }),
    ).resolves.toEqual({ queued: false, reason: 'Redis is not reachable' });
  });
});
