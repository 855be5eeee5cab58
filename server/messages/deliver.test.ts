import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentJobError } from '@jobs/errors';
import { processNotification } from '@jobs/processors/notification';
import { closeTestDbs, openTestDb, recordingJobs, testLogger } from '@jobs/testing/fixtures';
import { directJobContext, type JobDeps } from '@jobs/types';
import type { RealtimeDb } from '@server/db/types';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { zonedInstant, zonedParts } from '~/lib/date-time';
import { deliveryId, type MessageTarget } from './dispatch';
import { createOutboxPush, PushDeliveryError, pushOutboxId, type PushPort, type PushOutboxRecord } from './push';

const paths = createPaths('amc');
const NY = 'America/New_York';
const HOUR = 3_600_000;
const FRIDAY_ONLY = [false, false, false, false, true, false, false];
const at = (year: number, month: number, day: number, hour: number, minute = 0) => zonedInstant({ year, month, day }, { hour, minute }, NY);
const localTime = (ms: number) => {
  const parts = zonedParts(ms, NY);
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')} ${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`;
};

let db: RealtimeDb;
let community: string;
let counter = 0;

beforeEach(async () => {
  db = await openTestDb('deliver');
  counter += 1;
  community = `deliver-${counter}`;
  await db.ref(paths.community(community)).set({ title: 'Pine Lake', timeZone: NY });
});

afterAll(closeTestDbs);

function deps(
  push: PushPort = createOutboxPush({ db, paths }),
  jobs = recordingJobs(),
): JobDeps & { jobs: ReturnType<typeof recordingJobs> } {
  return { db, paths, mailer: createOutboxMailer({ db, paths }), log: testLogger(), push, jobs };
}

const scheduled = (key: string): MessageTarget => ({ area: 'community', community, list: 'messages-scheduled', key });
const run = (target: MessageTarget, due: number, jobDeps: JobDeps = deps(), now = due + 1_000) =>
  processNotification({ product: 'amc', target, due }, jobDeps, directJobContext(), () => now);

const read = async (path: string) => (await db.ref(path).get()).val();
const outbox = async () => Object.values(((await read(paths.pushOutbox())) ?? {}) as Record<string, PushOutboxRecord>);

function message(extra: Record<string, unknown> = {}) {
  return {
    title: 'Happy hour at the Lakeside Grill',
    description: '<p>Half-price <strong>appetizers</strong></p>',
    userGroup: 'currentGuest',
    category: 'announcements',
    sendNotification: true,
    creator: 'staff-1',
    createdTime: at(2027, 3, 1, 9),
    endTime: 0,
    ...extra,
  };
}

describe('a single scheduled message', () => {
  const due = at(2027, 3, 12, 16);

  it('moves into messages under the same key once, and pushes once, however often its job runs', async () => {
    await db.ref(paths.scheduledMessage(community, '-Single1')).set(message({ deliveryTime: due }));
    const jobDeps = deps();

    const first = await run(scheduled('-Single1'), due, jobDeps);
    const again = await run(scheduled('-Single1'), due, jobDeps);
    const together = await Promise.all([run(scheduled('-Single1'), due, jobDeps), run(scheduled('-Single1'), due, jobDeps)]);

    expect(first).toMatchObject({ outcome: 'delivered', nextRun: null });
    expect(again).toEqual({ outcome: 'already-delivered' });
    expect(together.map((outcome) => outcome.outcome)).toEqual(['already-delivered', 'already-delivered']);
    expect(await read(paths.scheduledMessage(community, '-Single1'))).toBeNull();
    expect(await read(paths.message(community, '-Single1'))).toMatchObject({
      title: 'Happy hour at the Lakeside Grill',
      deliveryTime: due,
      delivery: { runs: 1, lastDeliveredAt: due + 1_000 },
    });
    const sent = await outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'topic',
      destination: `${community}__currentGuest`,
      title: 'Happy hour at the Lakeside Grill',
      body: 'Half-price appetizers',
      data: { messageKey: '-Single1', community, area: 'community' },
      sends: 1,
    });
  });

  it('delivers once when two jobs take it at the same moment', async () => {
    await db.ref(paths.scheduledMessage(community, '-Race')).set(message({ deliveryTime: due }));
    const outcomes = await Promise.all([run(scheduled('-Race'), due), run(scheduled('-Race'), due)]);
    expect(outcomes.filter((outcome) => outcome.outcome === 'delivered').length).toBeGreaterThanOrEqual(1);
    expect(await outbox()).toHaveLength(1);
    expect(Object.keys((await read(paths.messages(community))) ?? {})).toEqual(['-Race']);
  });

  it('does nothing when its time was edited after the job was queued', async () => {
    await db.ref(paths.scheduledMessage(community, '-Edited')).set(message({ deliveryTime: due + HOUR }));
    expect(await run(scheduled('-Edited'), due)).toEqual({ outcome: 'not-due', due: due + HOUR });
    expect(await read(paths.scheduledMessage(community, '-Edited'))).toMatchObject({ deliveryTime: due + HOUR });
    expect(await outbox()).toHaveLength(0);
    // The new time's job delivers it.
    expect(await run(scheduled('-Edited'), due + HOUR)).toMatchObject({ outcome: 'delivered' });
    expect(await outbox()).toHaveLength(1);
  });

  it('does nothing when it was deleted', async () => {
    expect(await run(scheduled('-Gone'), due)).toEqual({ outcome: 'missing' });
    expect(await read(paths.messageDelivery(deliveryId('amc', scheduled('-Gone'), due)))).toBeNull();
    expect(await outbox()).toHaveLength(0);
  });

  it('goes live without a push when sendNotification is off', async () => {
    await db.ref(paths.scheduledMessage(community, '-Quiet')).set(message({ deliveryTime: due, sendNotification: false }));
    expect(await run(scheduled('-Quiet'), due)).toMatchObject({ outcome: 'delivered', push: null });
    expect(await read(paths.message(community, '-Quiet'))).toMatchObject({ delivery: { lastDeliveredAt: due + 1_000 } });
    expect(await outbox()).toHaveLength(0);
  });
});

describe('a recurring message', () => {
  const recurring = (firstRun: number, recurrenceInfo: Record<string, unknown>) =>
    message({
      deliveryTime: firstRun,
      nextScheduledRun: firstRun,
      recurrenceInfo: { recurrence: 'weekly', validDays: FRIDAY_ONLY, recurrenceEndDate: 0, ...recurrenceInfo },
    });

  it('fires weekly at the same local time across the March clock change, copying each run into messages', async () => {
    const first = at(2027, 3, 12, 16); // Friday 16:00 EST; clocks go forward on Sunday the 14th
    await db.ref(paths.scheduledMessage(community, '-Weekly')).set(recurring(first, { recurrenceDuration: 4 }));
    const jobDeps = deps();

    const one = await run(scheduled('-Weekly'), first, jobDeps);
    const second = (await read(paths.scheduledMessage(community, '-Weekly'))).nextScheduledRun as number;
    expect(localTime(second)).toBe('2027-03-19 16:00');
    expect(second - first).toBe(7 * 24 * HOUR - HOUR);
    expect(one).toMatchObject({ outcome: 'delivered', nextRun: second });
    expect(jobDeps.jobs.added).toEqual([
      expect.objectContaining({ name: 'notification', payload: { product: 'amc', target: scheduled('-Weekly'), due: second } }),
    ]);

    await run(scheduled('-Weekly'), second, jobDeps);
    const third = (await read(paths.scheduledMessage(community, '-Weekly'))).nextScheduledRun as number;
    expect(localTime(third)).toBe('2027-03-26 16:00');

    const live = (await read(paths.messages(community))) as Record<string, Record<string, unknown>>;
    expect(Object.keys(live).sort()).toEqual([`-Weekly-${first}`, `-Weekly-${second}`]);
    expect(live[`-Weekly-${first}`]).toMatchObject({ deliveryTime: first, endTime: first + 4 * HOUR });
    expect(live[`-Weekly-${second}`]).toMatchObject({ deliveryTime: second, endTime: second + 4 * HOUR });
    expect(live[`-Weekly-${first}`]).not.toHaveProperty('recurrenceInfo');
    expect(Object.values(live).map((copy) => localTime(copy.deliveryTime as number))).toEqual(['2027-03-12 16:00', '2027-03-19 16:00']);
    expect((await outbox()).map((record) => record.data.messageKey).sort()).toEqual([`-Weekly-${first}`, `-Weekly-${second}`]);
    expect(await read(paths.scheduledMessage(community, '-Weekly'))).toMatchObject({
      deliveryTime: first,
      delivery: { runs: 2, lastDeliveredAt: second + 1_000, lastCopyKey: `-Weekly-${second}` },
    });
  });

  it('without a visibility duration rolls the previous run off when the next is sent', async () => {
    const first = at(2027, 3, 5, 9);
    await db.ref(paths.scheduledMessage(community, '-Rolls')).set(recurring(first, {}));
    await run(scheduled('-Rolls'), first);
    const second = (await read(paths.scheduledMessage(community, '-Rolls'))).nextScheduledRun as number;
    expect(await read(`${paths.message(community, `-Rolls-${first}`)}/endTime`)).toBe(0);
    await run(scheduled('-Rolls'), second, deps(), second + 5_000);
    expect(await read(`${paths.message(community, `-Rolls-${first}`)}/endTime`)).toBe(second + 5_000);
    expect(await read(`${paths.message(community, `-Rolls-${second}`)}/endTime`)).toBe(0);
  });

  it('leaves the schedule after its last day', async () => {
    const first = at(2027, 3, 5, 9);
    await db.ref(paths.scheduledMessage(community, '-Ends')).set(recurring(first, { recurrenceEndDate: at(2027, 3, 10, 12) }));
    expect(await run(scheduled('-Ends'), first)).toMatchObject({ outcome: 'delivered', nextRun: null });
    expect(await read(paths.scheduledMessage(community, '-Ends'))).toBeNull();
    expect(await read(paths.message(community, `-Ends-${first}`))).toMatchObject({ delivery: { lastDeliveredAt: first + 1_000 } });
  });

  it('records a failed push in delivery.lastError, and the retry pushes without copying again', async () => {
    const first = at(2027, 3, 5, 9);
    await db.ref(paths.scheduledMessage(community, '-Fails')).set(recurring(first, { recurrenceDuration: 2 }));
    const failing: PushPort = {
      transport: 'fcm',
      async send() {
        throw new PushDeliveryError('Firebase Cloud Messaging refused the notification: quota exceeded', false);
      },
    };
    await expect(run(scheduled('-Fails'), first, deps(failing))).rejects.toThrow('quota exceeded');
    expect(await read(paths.scheduledMessage(community, '-Fails'))).toMatchObject({
      delivery: { lastError: 'Firebase Cloud Messaging refused the notification: quota exceeded', lastErrorAt: first + 1_000, runs: 1 },
    });

    expect(await run(scheduled('-Fails'), first, deps(), first + 6_000)).toMatchObject({ outcome: 'delivered' });
    const status = (await read(paths.scheduledMessage(community, '-Fails'))).delivery;
    expect(status).toMatchObject({ lastDeliveredAt: first + 6_000, runs: 1 });
    expect(status).not.toHaveProperty('lastError');
    expect(Object.keys((await read(paths.messages(community))) ?? {})).toEqual([`-Fails-${first}`]);
    expect(await outbox()).toHaveLength(1);
  });

  it('fails the job at once when the service refuses the notification for good', async () => {
    const first = at(2027, 3, 5, 9);
    await db.ref(paths.scheduledMessage(community, '-Refused')).set(message({ deliveryTime: first }));
    const refusing: PushPort = {
      transport: 'fcm',
      async send() {
        throw new PushDeliveryError('Firebase Cloud Messaging refused the notification: invalid topic', true);
      },
    };
    await expect(run(scheduled('-Refused'), first, deps(refusing))).rejects.toBeInstanceOf(PermanentJobError);
    expect(await read(`${paths.message(community, '-Refused')}/delivery/lastError`)).toMatch(/invalid topic/);
  });
});

describe('pending marks (message-pending): the runs not pushed yet', () => {
  it('a run moved but not pushed keeps its mark (found again after a Redis flush), which goes with its push', async () => {
    const first = at(2027, 3, 5, 9);
    const target = scheduled('-Marked');
    await db.ref(paths.scheduledMessage(community, '-Marked')).set(message({ deliveryTime: first }));
    const failing: PushPort = {
      transport: 'fcm',
      async send() {
        throw new PushDeliveryError('Firebase Cloud Messaging did not answer', false);
      },
    };
    await expect(run(target, first, deps(failing))).rejects.toThrow('did not answer');
    expect(await read(paths.scheduledMessage(community, '-Marked'))).toBeNull();
    const mark = paths.pendingDelivery(deliveryId('amc', target, first));
    expect(await read(mark)).toEqual({ target, due: first, since: first + 1_000 });

    expect(await run(target, first)).toMatchObject({ outcome: 'delivered' });
    expect(await read(mark)).toBeNull();
    expect(await read(paths.pendingDeliveries())).toBeNull();
  });

  it('an instant mark whose message is gone, or whose push is refused for good, waits for nothing', async () => {
    const sent = Date.UTC(2027, 2, 1, 15);
    const gone: MessageTarget = { area: 'community', community, list: 'messages', key: '-Gone' };
    await db.ref(paths.pendingDelivery(deliveryId('amc', gone, sent))).set({ target: gone, due: sent, since: sent });
    expect(await run(gone, sent)).toEqual({ outcome: 'missing' });

    const refused: MessageTarget = { area: 'community', community, list: 'messages', key: '-Refused' };
    await db.ref(paths.message(community, '-Refused')).set(message({ deliveryTime: sent }));
    await db.ref(paths.pendingDelivery(deliveryId('amc', refused, sent))).set({ target: refused, due: sent, since: sent });
    const refusing: PushPort = {
      transport: 'fcm',
      async send() {
        throw new PushDeliveryError('Firebase Cloud Messaging refused the notification: invalid topic', true);
      },
    };
    await expect(run(refused, sent, deps(refusing))).rejects.toBeInstanceOf(PermanentJobError);
    expect(await read(paths.pendingDeliveries())).toBeNull();
  });
});

describe('instant, system-wide and personal messages', () => {
  it('pushes an instant message to its community and group topic', async () => {
    const sent = Date.UTC(2027, 2, 1, 15);
    await db.ref(paths.message(community, '-Now')).set(message({ deliveryTime: sent, userGroup: 'Season Pass' }));
    const target: MessageTarget = { area: 'community', community, list: 'messages', key: '-Now' };
    expect(await run(target, sent)).toMatchObject({ outcome: 'delivered' });
    expect(await run(target, sent)).toEqual({ outcome: 'already-delivered' });
    expect(await outbox()).toEqual([expect.objectContaining({ kind: 'topic', destination: `${community}__Season%20Pass`, sends: 1 })]);
    expect(await read(paths.message(community, '-Now'))).toMatchObject({ deliveryTime: sent, delivery: { lastDeliveredAt: sent + 1_000 } });
  });

  it("pushes a listing's own notification to the listing's favorites topic when it is delivered", async () => {
    const due = at(2027, 3, 5, 9);
    const listing = { action: 'business-detail', actionKey: 'lakeside-grill', actionCommunityKey: community, userGroup: '', category: '' };
    await db.ref(paths.scheduledMessage(community, '-Grill')).set(message({ deliveryTime: due, ...listing }));
    const target: MessageTarget = { area: 'community', community, list: 'messages-scheduled', key: '-Grill' };
    expect(await run(target, due)).toMatchObject({ outcome: 'delivered' });
    expect(await read(paths.message(community, '-Grill'))).toMatchObject({ actionKey: 'lakeside-grill' });
    expect(await outbox()).toEqual([expect.objectContaining({ kind: 'topic', destination: `${community}__detail__lakeside-grill` })]);
  });

  it("keeps the user group's topic for a message of another community's listing", async () => {
    const sent = Date.UTC(2027, 2, 1, 15);
    const other = { actionKey: 'lakeside-grill', actionCommunityKey: 'elsewhere', userGroup: '' };
    await db.ref(paths.message(community, '-Other')).set(message({ deliveryTime: sent, ...other }));
    expect(await run({ area: 'community', community, list: 'messages', key: '-Other' }, sent)).toMatchObject({ outcome: 'delivered' });
    expect(await outbox()).toEqual([expect.objectContaining({ destination: `${community}__all` })]);
  });

  it('pushes a system-wide message to the system topic, moving it within system-data', async () => {
    const due = at(2027, 3, 5, 9);
    await db.ref(paths.systemScheduledMessage('-Sys')).set(message({ deliveryTime: due, userGroup: 'all', location: community }));
    const target: MessageTarget = { area: 'system', community, list: 'messages-scheduled', key: '-Sys' };
    expect(await run(target, due)).toMatchObject({ outcome: 'delivered' });
    expect(await read(paths.systemMessage('-Sys'))).toMatchObject({ location: community });
    expect(await read(paths.systemScheduledMessage('-Sys'))).toBeNull();
    expect(await outbox()).toEqual([expect.objectContaining({ destination: 'system__all' })]);
  });

  it("pushes a personal message to the recipient's device tokens", async () => {
    const sent = Date.UTC(2027, 2, 1, 15);
    await db.ref(paths.deviceTokens('guest-2')).set({ phone: 'token-phone', tablet: { token: 'token-tablet' } });
    await db.ref(paths.personalMessage(community, 'staff-1', 'guest-2', '-Dm')).set(message({ deliveryTime: sent, toUser: 'guest-2' }));
    const target: MessageTarget = { area: 'personal', community, from: 'staff-1', to: 'guest-2', key: '-Dm' };
    expect(await run(target, sent)).toMatchObject({ outcome: 'delivered', push: { delivered: 2 } });
    const [record] = await outbox();
    expect(record).toMatchObject({ kind: 'tokens', destination: 'guest-2', tokens: 2, data: { fromUser: 'staff-1', messageKey: '-Dm' } });
    expect(record!.idempotencyKey).toBe(deliveryId('amc', target, sent));
    expect(Object.keys((await read(paths.pushOutbox())) ?? {})).toEqual([pushOutboxId(deliveryId('amc', target, sent))]);
  });
});
