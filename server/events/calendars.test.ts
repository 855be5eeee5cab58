import { afterAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { dyingAfter } from '../../tests/setup/dying-db';
import {
  calendarConfigFormValue,
  calendarConfigVersion,
  commitCalendarConfigSave,
  createCalendar,
  deleteCalendar,
  ensureListEventsConfig,
  listCalendars,
  planCalendarConfigSave,
  removeCalendarImport,
  saveCalendarConfig,
  type SaveCalendarConfigInput,
} from './calendars';
import {
  afterEventSave,
  notificationAction,
  notificationChangesOf,
  reminderTitle,
  scheduledNotificationsOf,
  updateEventNotifications,
} from './notifications';
import { eventVersion } from './records';
import { saveEvent } from './save';
import { at, eventFields, get, makeCommunity, openTestDb, saveInput } from './testing';

/** Calendars, their config editor, and notifications after a save, against the embedded database. */

const { db, deps } = openTestDb('events-calendars');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;
const T0 = at('2026-02-25T12:00');
const START = at('2026-03-02T18:00');

async function plainEvent(community: string, eventId: string, calendars: string[], more: Record<string, DbValue> = {}) {
  const saved = await saveEvent(
    deps,
    saveInput(community, { eventId, fields: eventFields(START, START + 36e5, more), now: T0, calendars }),
  );
  if (!saved.ok) throw new Error(saved.reason);
}

describe('creating and deleting calendars', () => {
  it("creates a calendar with the spec's defaults and an id from its title; a taken id gets the time, a taken title is refused", async () => {
    const community = await makeCommunity(deps, [], { audience: ['Family', 'Adults'] });
    expect(await createCalendar(deps, { community, title: ' Pool, Spa/Gym. Hours ', now: T0 })).toEqual({
      ok: true,
      calendarId: 'pool--spa-gym--hours',
    });
    expect(await get(deps, paths.calendarConfig(community, 'pool--spa-gym--hours'))).toEqual({
      title: 'Pool, Spa/Gym. Hours',
      allowUserCreated: false,
      priorNotificationTime: 15,
      userCreatedRequiresApproval: false,
      audiences: ['Family', 'Adults'],
      'header-info': { delaySeconds: 5, hideTitle: false },
    });
    // Another title of the same id gets the time; the same title (case and spaces aside) is refused.
    expect(await createCalendar(deps, { community, title: 'Pool  Spa Gym  Hours', now: T0 })).toEqual({
      ok: true,
      calendarId: `pool--spa-gym--hours-${T0}`,
    });
    for (const title of ['Pool, Spa/Gym. Hours', ' pool,  SPA/gym. hours '])
      expect(await createCalendar(deps, { community, title, now: T0 + 1 })).toEqual({
        ok: false,
        message: 'Another calendar already has this title. Please choose a different title.',
      });
    expect(await createCalendar(deps, { community, title: '  ', now: T0 })).toEqual({ ok: false, message: 'Calendar title is required.' });
    // Ordered by title.
    expect((await listCalendars(deps, community)).map((calendar) => calendar.calendarId)).toEqual([
      `pool--spa-gym--hours-${T0}`,
      'pool--spa-gym--hours',
    ]);
    const bare = await makeCommunity(deps, []);
    await createCalendar(deps, { community: bare, title: 'Activities', now: T0 });
    expect(await get(deps, paths.calendarAudiences(bare, 'activities'))).toEqual(['Family']);
  });

  it("keeps the legacy events lists' own configs out of Manage Calendars, and their names for them", async () => {
    const community = await makeCommunity(deps, [], { audience: ['Family'] });
    expect(await createCalendar(deps, { community, title: 'Events Resort', now: T0 })).toEqual({
      ok: true,
      calendarId: `events-resort-${T0}`,
    });
    const written = await ensureListEventsConfig(deps, { community, section: 'events-resort', title: 'Happenings' });
    expect(written).toMatchObject({ title: 'Happenings', audiences: ['Family'], allowUserCreated: false, priorNotificationTime: 15 });
    // Written once: a second call finds it as stored.
    await db.ref(paths.calendarAudiences(community, 'events-resort')).set(['Family', 'Teens']);
    expect(await ensureListEventsConfig(deps, { community, section: 'events-resort', title: 'Other' })).toMatchObject({
      title: 'Happenings',
      audiences: ['Family', 'Teens'],
    });
    expect((await listCalendars(deps, community)).map((calendar) => calendar.calendarId)).toEqual([`events-resort-${T0}`]);
  });

  it('deletes a calendar and all its events in one update; shared events and recurrences stay in the other calendar', async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'only-here', ['kids-club']);
    await plainEvent(community, 'shared', ['activities', 'kids-club']);
    const saved = await saveEvent(
      deps,
      saveInput(community, {
        eventId: 'rec',
        fields: eventFields(START, START + 36e5),
        now: T0,
        calendars: ['activities', 'kids-club'],
        recurrence: 'weekly',
        recurrenceEndDate: at('2026-03-09T00:00'),
      }),
    );
    if (!saved.ok) throw new Error(saved.reason);
    await db.ref(paths.eventPrintout(community, 'kids-club')).set({ headerText: 'x' });
    // The first occurrence left kids-club before: it stays listed by the recurrence.
    await db.ref().update({
      [paths.calendarEvent(community, 'kids-club', 'rec')]: null,
      [`${paths.calendarEvent(community, 'activities', 'rec')}/contexts`]: [`${community}/amc-events/calendars/activities`],
    });
    const result = await deleteCalendar(deps, { community, calendarId: 'kids-club', now: T0 + 5 });
    expect(result).toMatchObject({ ok: true, events: 3 });
    expect(await get(deps, paths.calendarConfig(community, 'kids-club'))).toBeNull();
    expect(await get(deps, paths.calendar(community, 'kids-club'))).toBeNull();
    expect(await get(deps, paths.eventPrintout(community, 'kids-club'))).toBeNull();
    const context = `${community}/amc-events/calendars/activities`;
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'shared'))).toMatchObject({ contexts: [context] });
    const record = await get(deps, paths.calendarRecurrence(community, 'activities', saved.recurrenceId!));
    expect(record).toMatchObject({ sections: [context] });
    expect(saved.changes).toHaveLength(2);
    expect(Object.keys(record.eventKeys).sort()).toEqual(saved.changes.map((change) => change.eventId).sort());
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(T0 + 5);
    expect(await deleteCalendar(deps, { community, calendarId: 'kids-club', now: T0 })).toEqual({ ok: false, reason: 'gone' });
  });
});

describe('the calendar config editor', () => {
  const value = (more: Partial<SaveCalendarConfigInput['value']> = {}): SaveCalendarConfigInput['value'] => ({
    title: 'Activities',
    priorNotificationTime: 30,
    audiences: ['Family', 'Teens'],
    allowUserCreated: true,
    userCreatedRequiresApproval: true,
    userCreatedEmails: ['staff@example.com'],
    imports: [],
    ...more,
  });
  const FEED = {
    title: 'Town',
    type: 'iCal' as const,
    calendarId: 'https://town.example/feed.ics',
    defaultLocation: '',
    audience: 'family',
    eventContext: 'local',
  };

  it('merges the form over the config, keeping header, printout, remote key and the ignored lists of kept imports', async () => {
    const community = await makeCommunity(deps, ['activities']);
    await db.ref(paths.calendarConfig(community, 'activities')).update({
      remoteKey: 'rk',
      'header-info': { delaySeconds: 5 },
      import: [{ ...FEED, ignored: ['a'] }],
    });
    const stored = await get(deps, paths.calendarConfig(community, 'activities'));
    expect(calendarConfigFormValue(stored).imports).toEqual([FEED]);
    const result = await saveCalendarConfig(deps, {
      community,
      calendarId: 'activities',
      version: calendarConfigVersion(stored),
      value: value({ imports: [{ ...FEED, title: 'Town feed' }] }),
      importRemoval: null,
      now: T0,
    });
    expect(result.ok).toBe(true);
    expect(await get(deps, paths.calendarConfig(community, 'activities'))).toEqual({
      title: 'Activities',
      priorNotificationTime: 30,
      audiences: ['Family', 'Teens'],
      allowUserCreated: true,
      userCreatedRequiresApproval: true,
      userCreatedEmails: ['staff@example.com'],
      import: [{ ...FEED, title: 'Town feed', ignored: ['a'] }],
      remoteKey: 'rk',
      'header-info': { delaySeconds: 5 },
      // The title went from 'activities' to 'Activities': the feed's NAME changes, so it is rebuilt.
      icsBuildTime: T0,
    });
  });

  it('sets icsBuildTime (the feed rebuilds) on a new title only, not on other fields', async () => {
    const community = await makeCommunity(deps, ['activities']);
    const configPath = paths.calendarConfig(community, 'activities');
    await db.ref(`${configPath}/title`).set('Activities');
    const save = async (changes: Parameters<typeof value>[0], now: number) => {
      const stored = await get(deps, configPath);
      const input = {
        community,
        calendarId: 'activities',
        version: calendarConfigVersion(stored),
        value: value(changes),
        importRemoval: null,
        now,
      };
      expect((await saveCalendarConfig(deps, input)).ok).toBe(true);
      return get(deps, paths.calendarIcsBuildTime(community, 'activities'));
    };
    expect(await save({ priorNotificationTime: 60 }, T0)).toBeNull();
    expect(await save({ title: 'Pool Activities' }, T0 + 1)).toBe(T0 + 1);
    expect(await save({ audiences: ['Teens'], title: 'Pool Activities' }, T0 + 2)).toBe(T0 + 1);
  });

  it('is a conflict when the config changed since the form showed it; a feed rebuild in between is no conflict and is kept', async () => {
    const community = await makeCommunity(deps, ['activities']);
    await db.ref(`${paths.calendarConfig(community, 'activities')}/title`).set('Activities');
    const stored = await get(deps, paths.calendarConfig(community, 'activities'));
    const input = {
      community,
      calendarId: 'activities',
      version: calendarConfigVersion(stored),
      value: value(),
      importRemoval: null,
      now: T0,
    };
    const planned = await planCalendarConfigSave(deps, input);
    if (!planned.ok) throw new Error(planned.reason);
    await db.ref(paths.calendarIcsBuildTime(community, 'activities')).set(123);
    expect((await commitCalendarConfigSave(deps, input, planned)).ok).toBe(true);
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(123);
    // The saved form is what the next one shows.
    expect(await planCalendarConfigSave(deps, input)).toMatchObject({ ok: false, reason: 'conflict' });
    const fresh = { ...input, version: calendarConfigVersion(await get(deps, paths.calendarConfig(community, 'activities'))) };
    const again = await planCalendarConfigSave(deps, fresh);
    if (!again.ok) throw new Error(again.reason);
    await db.ref(`${paths.calendarConfig(community, 'activities')}/title`).set('Theirs');
    expect(await commitCalendarConfigSave(deps, fresh, again)).toMatchObject({
      ok: false,
      reason: 'conflict',
      stored: { title: 'Theirs' },
    });
    expect(await get(deps, `${paths.calendarConfig(community, 'activities')}/title`)).toBe('Theirs');
    expect(await planCalendarConfigSave(deps, { ...input, calendarId: 'nope' })).toEqual({ ok: false, reason: 'gone' });
  });

  it("asks 'Remove Calendar Import' when an import goes; Stop Syncing keeps its events, Stop and Delete All Events deletes them", async () => {
    const community = await makeCommunity(deps);
    await db.ref(paths.calendarImports(community, 'activities')).set([FEED, { ...FEED, calendarId: 'other-feed' }]);
    await plainEvent(community, 'imp1', ['activities', 'kids-club'], { id: 'u1', calendarId: FEED.calendarId });
    await plainEvent(community, 'imp2', ['activities'], { id: 'u2', calendarId: 'other-feed' });
    await plainEvent(community, 'own', ['activities']);
    const base = {
      community,
      calendarId: 'activities',
      version: null,
      value: value({ imports: [{ ...FEED, calendarId: 'other-feed' }] }),
      now: T0 + 9,
    };
    expect(await planCalendarConfigSave(deps, { ...base, importRemoval: null })).toMatchObject({
      ok: false,
      reason: 'import-removal',
      removed: [{ calendarId: FEED.calendarId }],
    });
    const deleted = await saveCalendarConfig(deps, { ...base, importRemoval: 'delete' });
    expect(deleted).toMatchObject({ ok: true, deletedEvents: 1 });
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'imp1'))).toBeNull();
    expect(await get(deps, paths.calendarEvent(community, 'kids-club', 'imp1'))).toBeNull();
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'imp2'))).not.toBeNull();
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'own'))).not.toBeNull();
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(T0 + 9);
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'kids-club'))).toBe(T0 + 9);

    const stopped = await removeCalendarImport(deps, {
      community,
      calendarId: 'activities',
      index: 0,
      removal: 'stop',
      version: null,
      now: T0,
    });
    expect(stopped).toMatchObject({ ok: true, deletedEvents: 0 });
    expect(await get(deps, paths.calendarImports(community, 'activities'))).toBeNull();
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'imp2'))).not.toBeNull();
    expect(
      await removeCalendarImport(deps, { community, calendarId: 'activities', index: 0, removal: 'stop', version: null, now: T0 }),
    ).toEqual({
      ok: false,
      reason: 'gone',
    });
  });

  it('a save that dies half-way removes the import and its events together, or neither', async () => {
    const community = await makeCommunity(deps);
    await db.ref(paths.calendarImports(community, 'activities')).set([FEED]);
    await plainEvent(community, 'imp1', ['activities'], { id: 'u1', calendarId: FEED.calendarId });
    const input = {
      community,
      calendarId: 'activities',
      version: null,
      value: value({ imports: [] }),
      importRemoval: 'delete' as const,
      now: T0,
    };
    await saveCalendarConfig(dyingAfter(deps), input).catch(() => null);
    const imports = await get(deps, paths.calendarImports(community, 'activities'));
    const event = await get(deps, paths.calendarEvent(community, 'activities', 'imp1'));
    expect(imports === null, 'the import is gone exactly when its events are').toBe(event === null);
  });

  it("on a legacy events list's config, Stop and Delete All Events deletes the source's events from the list", async () => {
    const community = await makeCommunity(deps, ['activities', 'events-resort']);
    await db.ref(paths.calendarImports(community, 'events-resort')).set([FEED, { ...FEED, calendarId: 'other-feed' }]);
    const start = at('2026-06-01T10:00');
    await db.ref().update({
      [paths.legacyEvent(community, 'events-resort', String(start))]: {
        title: 'Swim',
        startDate: start,
        id: 'u1',
        calendarId: FEED.calendarId,
      },
      [paths.legacyEvent(community, 'events-resort', String(start + 1))]: {
        title: 'Yoga',
        startDate: start,
        id: 'u2',
        calendarId: 'other-feed',
      },
      [paths.legacyEvent(community, 'events-resort', String(start + 2))]: { title: 'Staff', startDate: start },
    });
    const deleted = await saveCalendarConfig(deps, {
      community,
      calendarId: 'events-resort',
      version: null,
      value: value({ title: 'Resort events', imports: [{ ...FEED, calendarId: 'other-feed' }] }),
      importRemoval: 'delete',
      now: T0 + 9,
    });
    expect(deleted).toMatchObject({ ok: true, deletedEvents: 1 });
    expect(Object.keys(await get(deps, paths.legacyEvents(community, 'events-resort')))).toEqual([String(start + 1), String(start + 2)]);
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'events-resort'))).toBeNull();
  });
});

describe('notifications after a save', () => {
  const SCHEDULED = (eventId: string, more: Record<string, DbValue> = {}) => ({
    title: 'Reminder: Bingo @Hall',
    description: 'Cards',
    eventId,
    isFromEvent: true,
    deliveryTime: START - 30 * 60e3,
    ...more,
  });

  it('tells time changes from text changes', () => {
    const before = eventFields(START, START + 36e5);
    expect(
      notificationChangesOf([
        { eventId: 'a', before, after: { ...before, startDate: START + 1 } },
        { eventId: 'b', before, after: { ...before, title: 'New', description: '<p>x</p>' } },
        { eventId: 'c', before, after: { ...before, audience: 'kids' } },
        { eventId: 'd', before, after: null },
        { eventId: 'e', before: null, after: before },
        { eventId: 'f', before, after: { ...before, allDay: true } },
      ]),
    ).toEqual({ timeChanged: ['a', 'd', 'f'], textChanged: ['b'] });
    expect(notificationAction(before, { ...before, endDate: START })).toBe('remove');
    expect(notificationAction(before, { ...before, description: '<p>new</p>' })).toBe('ask');
    expect(notificationAction(before, { ...before, cost: true })).toBe('none');
    expect(notificationAction(null, before)).toBe('none');
  });

  it("removes the event's scheduled notifications on a time change and counts them", async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'ev1', ['activities']);
    await db.ref().update({
      [paths.scheduledMessage(community, 'n1')]: SCHEDULED('ev1'),
      [paths.scheduledMessage(community, 'n2')]: SCHEDULED('ev1', { scheduledEvent: 1 }),
      [paths.scheduledMessage(community, 'n3')]: SCHEDULED('other'),
      [paths.systemScheduledMessage(`${community}-s1`)]: SCHEDULED('ev1', { location: community }),
      [paths.systemScheduledMessage(`${community}-s2`)]: SCHEDULED('ev1', { location: 'another-community' }),
    });
    const stored = await get(deps, paths.calendarEvent(community, 'activities', 'ev1'));
    const saved = await saveEvent(
      deps,
      saveInput(community, {
        eventId: 'ev1',
        isNew: false,
        version: eventVersion(stored),
        fields: eventFields(START + 36e5, START + 2 * 36e5),
        now: T0,
      }),
    );
    if (!saved.ok) throw new Error(saved.reason);
    expect(await afterEventSave(deps, community, saved.changes)).toEqual({ removed: 3, ask: [] });
    expect(Object.keys(await get(deps, paths.scheduledMessages(community)))).toEqual(['n3']);
    expect(await get(deps, paths.systemScheduledMessage(`${community}-s1`))).toBeNull();
    expect(await get(deps, paths.systemScheduledMessage(`${community}-s2`))).not.toBeNull();
  });

  it("asks 'Update Notifications' on a title change, and Yes rewrites their title and description", async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'ev1', ['activities']);
    await plainEvent(community, 'quiet', ['activities']);
    await db.ref(paths.scheduledMessage(community, 'n1')).set(SCHEDULED('ev1'));
    const stored = await get(deps, paths.calendarEvent(community, 'activities', 'ev1'));
    const saved = await saveEvent(
      deps,
      saveInput(community, {
        eventId: 'ev1',
        isNew: false,
        version: eventVersion(stored),
        fields: eventFields(START, START + 36e5, { title: 'Mega Bingo', description: '<p>Big <strong>prizes</strong> &amp; fun</p>' }),
        now: T0,
      }),
    );
    if (!saved.ok) throw new Error(saved.reason);
    expect(await afterEventSave(deps, community, saved.changes)).toEqual({ removed: 0, ask: ['ev1'] });
    // A change to an event without notifications asks nothing.
    const quiet = await get(deps, paths.calendarEvent(community, 'activities', 'quiet'));
    expect(await afterEventSave(deps, community, [{ eventId: 'quiet', before: quiet, after: { ...quiet, title: 'x' } }])).toEqual({
      removed: 0,
      ask: [],
    });
    expect(
      await updateEventNotifications(deps, community, ['ev1'], {
        title: 'Mega Bingo',
        description: '<p>Big <strong>prizes</strong> &amp; fun</p>',
        locationTitle: 'Hall',
      }),
    ).toBe(1);
    expect(await get(deps, paths.scheduledMessage(community, 'n1'))).toMatchObject({
      title: 'Mega Bingo @Hall'.replace(/^/, 'Reminder: '),
      description: 'Big prizes & fun',
    });
    expect(reminderTitle('Bingo', null)).toBe('Reminder: Bingo');
    expect((await scheduledNotificationsOf(deps, community, ['ev1', 'a/b'])).map((found) => found.path)).toEqual([
      paths.scheduledMessage(community, 'n1'),
    ]);
  });
});
