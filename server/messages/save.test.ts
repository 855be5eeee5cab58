import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '@jobs/ports';
import { formatDate, formatTime } from '~/lib/date-time';
import { messageSchema, type MessageFormOutput, type MessageSchemaOptions } from '~/schemas/message';
import { openDemoDb, COMMUNITY_A, type DemoDb } from '../../tests/setup/services';
import { createMessage, messageVersion, updateMessage } from './save';

/** The notification form's writes (spec 02 §7; the contract of issue 13), against the demo database. */

const TZ = 'America/New_York';
const NOW = Date.UTC(2031, 4, 5, 14, 0);
const HOUR = 36e5;
let demo: DemoDb;
const enqueued: unknown[] = [];
const jobs: JobQueue = {
  async enqueue(name, payload) {
    enqueued.push({ name, payload });
    return { queued: false, reason: 'not used' };
  },
};

beforeAll(async () => {
  demo = await openDemoDb('message-save');
});
afterAll(async () => {
  await demo.db.close();
});

const deps = () => ({ db: demo.db, paths: demo.paths, jobs });
const get = async (path: string) => (await demo.db.ref(path).get()).val() as Record<string, unknown> | null;

const when = (name: string, ms: number) => ({ [`${name}-date`]: formatDate(ms, TZ), [`${name}-time`]: formatTime(ms, TZ) });

const OPTIONS: MessageSchemaOptions = {
  timeZone: TZ,
  now: NOW,
  editing: null,
  systemwide: false,
  allowPersonal: true,
  allowButtons: false,
  categories: ['announcements'],
  userGroups: ['currentGuest'],
  users: ['guest-ellis'],
  reminder: null,
};

function parse(fields: Record<string, unknown>, options: Partial<MessageSchemaOptions> = {}): MessageFormOutput {
  const result = messageSchema({ ...OPTIONS, ...options }).safeParse({
    title: 'Pool closes early',
    description: 'At 6 PM today.',
    audience: 'group',
    category: 'announcements',
    userGroup: 'currentGuest',
    ...when('endTime', NOW + 48 * HOUR),
    ...fields,
  });
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

const context = (uid: string, systemwide = false) => ({ community: COMMUNITY_A, uid, systemwide, now: NOW });

describe('new messages', () => {
  it('Send Now: messages/{push id} with creator, createdTime, effectiveTime, deliveryTime and endTime', async () => {
    const saved = await createMessage(deps(), context('u-instant'), parse({ deliveryType: 'instant', sendNotification: 'on' }));
    expect(saved.ok).toBe(true);
    if (!saved.ok || saved.target.area !== 'community') throw new Error('not saved');
    expect(saved.target.list).toBe('messages');
    expect(await get(demo.paths.message(COMMUNITY_A, saved.target.key))).toEqual({
      title: 'Pool closes early',
      description: 'At 6 PM today.',
      userGroup: 'currentGuest',
      category: 'announcements',
      sendNotification: true,
      isGiveaway: false,
      endTime: NOW + 48 * HOUR,
      deliveryTime: NOW,
      effectiveTime: NOW,
      creator: 'u-instant',
      createdTime: NOW,
    });
  });

  it('Single Scheduled Notification: messages-scheduled at its delivery time, no recurrence', async () => {
    const saved = await createMessage(
      deps(),
      context('u-future'),
      parse({ deliveryType: 'future', ...when('deliveryTime', NOW + 2 * HOUR) }),
    );
    if (!saved.ok || saved.target.area !== 'community') throw new Error('not saved');
    expect(saved.target.list).toBe('messages-scheduled');
    const record = await get(demo.paths.scheduledMessage(COMMUNITY_A, saved.target.key));
    expect(record).toMatchObject({ deliveryTime: NOW + 2 * HOUR, effectiveTime: NOW + 2 * HOUR, createdTime: NOW, creator: 'u-future' });
    expect(record).not.toHaveProperty('nextScheduledRun');
    expect(record).not.toHaveProperty('recurrenceInfo');
  });

  it('Recurring Notification: nextScheduledRun is the delivery time, recurrenceInfo stored (empty duration absent)', async () => {
    const value = parse({
      deliveryType: 'recurring',
      ...when('deliveryTime', NOW + 2 * HOUR),
      validDays: ['on', undefined, 'on'],
      'recurrenceEndDate-date': formatDate(NOW + 30 * 24 * HOUR, TZ),
    });
    const saved = await createMessage(deps(), context('u-recurring'), value);
    if (!saved.ok || saved.target.area !== 'community') throw new Error('not saved');
    const record = await get(demo.paths.scheduledMessage(COMMUNITY_A, saved.target.key));
    expect(record?.nextScheduledRun).toBe(NOW + 2 * HOUR);
    expect(record?.recurrenceInfo).toEqual({
      recurrence: 'weekly',
      validDays: [true, false, true, false, false, false, false],
      recurrenceEndDate: value.recurrence!.recurrenceEndDate,
    });
  });

  it('personal: user-written messages/{from}/{to} and message-threads for both users; always instant', async () => {
    const value = parse({ audience: 'personal', toUser: 'guest-ellis', deliveryType: 'future', ...when('deliveryTime', NOW + HOUR) });
    expect(value.deliveryType).toBe('instant');
    const saved = await createMessage(deps(), context('u-personal'), value);
    if (!saved.ok || saved.target.area !== 'personal') throw new Error('not saved');
    const record = await get(demo.paths.personalMessage(COMMUNITY_A, 'u-personal', 'guest-ellis', saved.target.key));
    expect(record).toMatchObject({ toUser: 'guest-ellis', fromUser: 'u-personal', deliveryTime: NOW, title: 'Pool closes early' });
    expect(record).not.toHaveProperty('userGroup');
    const thread = { lastMessageKey: saved.target.key, lastMessageTime: NOW, title: 'Pool closes early' };
    expect(await get(demo.paths.messageThread(COMMUNITY_A, 'u-personal', 'guest-ellis'))).toEqual(thread);
    expect(await get(demo.paths.messageThread(COMMUNITY_A, 'guest-ellis', 'u-personal'))).toEqual(thread);
  });

  it('system-wide: system-data messages with location = the sending community and user group all', async () => {
    const value = parse({ deliveryType: 'instant', userGroup: 'ignored' }, { systemwide: true, userGroups: [] });
    const saved = await createMessage(deps(), context('u-system', true), value);
    if (!saved.ok || saved.target.area !== 'system') throw new Error('not saved');
    expect(await get(demo.paths.systemMessage(saved.target.key))).toMatchObject({ location: COMMUNITY_A, userGroup: 'all' });
  });

  it('from an event: currentGuest, isFromEvent, eventId, startDate, endDate, scheduledEvent', async () => {
    const start = NOW + 3 * 24 * HOUR;
    const reminder = {
      delivery: 'future' as const,
      options: [
        { scheduledEvent: 0, label: '30 minutes', deliveryTime: start - 30 * 60_000, disabled: true },
        { scheduledEvent: 1, label: '1 hour', deliveryTime: start - HOUR, disabled: false },
        { scheduledEvent: 'custom' as const, label: 'Custom', deliveryTime: null, disabled: false },
      ],
    };
    const value = parse({ scheduledEvent: '1', ...when('deliveryTime', NOW + 5 * HOUR), ...when('endTime', start + HOUR) }, { reminder });
    expect(value.deliveryTime).toBe(start - HOUR);
    const saved = await createMessage(
      deps(),
      { ...context('u-event'), event: { eventId: 'ev-x', startDate: start, endDate: start + HOUR } },
      value,
    );
    if (!saved.ok || saved.target.area !== 'community') throw new Error('not saved');
    expect(await get(demo.paths.scheduledMessage(COMMUNITY_A, saved.target.key))).toMatchObject({
      userGroup: 'currentGuest',
      isFromEvent: true,
      eventId: 'ev-x',
      startDate: start,
      endDate: start + HOUR,
      scheduledEvent: 1,
      deliveryTime: start - HOUR,
    });
  });
});

describe('editing in place', () => {
  it('updates only the form fields, keeps delivery, creator and createdTime, and checks the version', async () => {
    const path = demo.paths.scheduledMessage(COMMUNITY_A, 'edit-me');
    const stored = {
      title: 'Old',
      description: 'Old text',
      userGroup: 'currentGuest',
      category: 'announcements',
      sendNotification: true,
      isGiveaway: false,
      deliveryTime: NOW + HOUR,
      effectiveTime: NOW + HOUR,
      endTime: NOW + 5 * HOUR,
      creator: 'someone',
      createdTime: NOW - HOUR,
      delivery: { runs: 2, lastDeliveredAt: NOW - 10, lastError: 'boom', lastErrorAt: NOW - 5 },
    };
    await demo.db.ref(path).set(stored);
    const version = messageVersion(stored);
    const editing = { list: 'scheduled' as const, deliveryTime: NOW + HOUR };
    const value = parse({ title: 'New', deliveryType: 'future', ...when('deliveryTime', NOW + HOUR), version }, { editing });

    // The delivery side writes meanwhile: not a conflict.
    await demo.db.ref(`${path}/delivery/runs`).set(3);
    const saved = await updateMessage(deps(), context('editor'), 'scheduled', 'edit-me', value, version);
    expect(saved.ok).toBe(true);
    const after = await get(path);
    expect(after).toMatchObject({ title: 'New', creator: 'someone', createdTime: NOW - HOUR, deliveryTime: NOW + HOUR });
    expect(after?.delivery).toEqual({ ...stored.delivery, runs: 3 });

    // A second save with the version shown before the first: a conflict, nothing written.
    const stale = await updateMessage(deps(), context('editor'), 'scheduled', 'edit-me', { ...value, title: 'Newer' }, version);
    expect(stale).toMatchObject({ ok: false, reason: 'conflict' });
    expect((await get(path))?.title).toBe('New');
  });

  it('a message that is gone answers not-found', async () => {
    const value = parse({ deliveryType: 'instant' }, { editing: { list: 'messages', deliveryTime: NOW } });
    expect(await updateMessage(deps(), context('editor'), 'messages', 'no-such-message', value, 'x')).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('an instant edit keeps its delivery time', async () => {
    const path = demo.paths.message(COMMUNITY_A, 'instant-edit');
    const stored = {
      title: 'A',
      description: 'B',
      userGroup: 'currentGuest',
      category: 'announcements',
      deliveryTime: NOW - HOUR,
      endTime: 0,
    };
    await demo.db.ref(path).set(stored);
    const value = parse({ title: 'A2', deliveryType: 'future' }, { editing: { list: 'messages', deliveryTime: NOW - HOUR } });
    expect(value.deliveryType).toBe('instant');
    expect((await updateMessage(deps(), context('editor'), 'messages', 'instant-edit', value, messageVersion(stored))).ok).toBe(true);
    expect(await get(path)).toMatchObject({ title: 'A2', deliveryTime: NOW - HOUR });
  });
});
