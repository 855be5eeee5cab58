import { afterAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { createOutboxMailer } from '@server/mail/outbox';
import { dispatchMessage, notificationJobId } from '@server/messages/dispatch';
import type { PushOutboxRecord } from '@server/messages/push';
import { createPaths } from '@server/paths';
import { createJobRuntime, type JobRuntime } from './runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, testLogger, testRedisPrefix, TEST_REDIS_URL } from './testing/fixtures';

/** Notifications through real Redis: dispatch, delayed jobs, and the rebuild from the database. */

const prefix = testRedisPrefix('notifications');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close({ timeoutMs: 2_000 })));
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

function startRuntime(db: RealtimeDb, ownPrefix = prefix) {
  const runtime = createJobRuntime({
    redisUrl: TEST_REDIS_URL,
    prefix: ownPrefix,
    deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log: testLogger() },
  });
  runtimes.push(runtime);
  return runtime;
}

const outbox = async (db: RealtimeDb) =>
  Object.values(((await db.ref(paths.pushOutbox()).get()).val() ?? {}) as Record<string, PushOutboxRecord>);

async function community(db: RealtimeDb, key: string) {
  await db.ref(paths.community(key)).set({ title: key, timeZone: 'America/New_York' });
}

const scheduledMessage = (deliveryTime: number) => ({
  title: 'Quiet hours start at 10 PM',
  description: 'Thank you!',
  userGroup: 'currentGuest',
  sendNotification: true,
  deliveryTime,
  endTime: 0,
});

describe('notification jobs', () => {
  it('pushes an instant message at once and a scheduled one at its time', async () => {
    const db = await openTestDb('notifications');
    await community(db, 'pine-lake');
    const runtime = startRuntime(db);
    expect(await runtime.startWorkers()).toBe(true);

    await db.ref(paths.message('pine-lake', '-Instant')).set({ ...scheduledMessage(Date.now()) });
    await dispatchMessage({ db, paths, jobs: runtime }, { area: 'community', community: 'pine-lake', list: 'messages', key: '-Instant' });
    await eventually(async () => (await outbox(db)).length === 1);

    const due = Date.now() + 400;
    await db.ref(paths.scheduledMessage('pine-lake', '-Later')).set(scheduledMessage(due));
    const target = { area: 'community', community: 'pine-lake', list: 'messages-scheduled', key: '-Later' } as const;
    await dispatchMessage({ db, paths, jobs: runtime }, target);
    expect((await runtime.jobStatus('notification', notificationJobId('amc', target, due)))?.state).toBe('delayed');
    await eventually(async () => (await db.ref(paths.message('pine-lake', '-Later')).get()).val()?.delivery?.lastDeliveredAt);
    expect(
      await db
        .ref(paths.scheduledMessage('pine-lake', '-Later'))
        .get()
        .then((snapshot) => snapshot.val()),
    ).toBeNull();
    expect(await outbox(db)).toHaveLength(2);
  });

  it('rebuilds the delayed jobs from messages-scheduled after Redis lost them, delivering each once', async () => {
    const db = await openTestDb('notifications-rebuild');
    const ownPrefix = `${prefix}-rebuild`;
    await community(db, 'north-shore');
    await community(db, 'south-shore');
    const due = Date.now() + 1_500;
    await db.ref(paths.scheduledMessage('north-shore', '-A')).set(scheduledMessage(due));
    await db.ref(paths.scheduledMessage('south-shore', '-B')).set(scheduledMessage(due));
    await db.ref(paths.systemScheduledMessage('-S')).set({ ...scheduledMessage(due), userGroup: 'all', location: 'north-shore' });
    // A location no job can carry is skipped (and said), not the end of the rebuild.
    await db.ref(paths.systemScheduledMessage('-Bad')).set({ ...scheduledMessage(due), location: 'a b:c'.repeat(200) });

    const first = startRuntime(db, ownPrefix);
    expect(await first.startWorkers()).toBe(true);
    expect(
      (
        await first.jobStatus(
          'notification',
          notificationJobId('amc', { area: 'community', community: 'north-shore', list: 'messages-scheduled', key: '-A' }, due),
        )
      )?.state,
    ).toBe('delayed');
    await first.close({ timeoutMs: 2_000 });

    // Redis is flushed: the jobs are gone, the database still has the schedule.
    await deleteRedisKeys(ownPrefix);
    const second = startRuntime(db, ownPrefix);
    expect(await second.startWorkers()).toBe(true);
    // Rebuilding twice adds nothing twice.
    await second.requeuePending();

    await eventually(async () => (await outbox(db)).length === 3, { timeoutMs: 15_000 });
    expect((await outbox(db)).map((record) => record.destination).sort()).toEqual([
      'north-shore__currentGuest',
      'south-shore__currentGuest',
      'system__all',
    ]);
    expect((await outbox(db)).every((record) => record.sends === 1)).toBe(true);
    expect((await db.ref(paths.systemMessage('-S')).get()).val()).toMatchObject({ location: 'north-shore' });
    await deleteRedisKeys(ownPrefix);
  });
});
