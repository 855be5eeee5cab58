import { afterAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { bulkDeleteEvents, deleteChoices, deleteEvent, planBulkEventDelete, planEventDelete, type DeleteEventInput } from './delete';
import { canSubmitEvent, duplicateOf } from './duplicate';
import { saveEvent } from './save';
import { at, eventFields, get, makeCommunity, openTestDb, saveInput } from './testing';

/** Deleting events (spec 02 §4, §8; spec 03 "Public calendar events") against the embedded database. */

const { db, deps } = openTestDb('events-delete');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;

const T0 = at('2026-02-25T12:00');
const START = at('2026-03-02T18:00');
const eventsOf = async (community: string, calendarId = 'activities') =>
  ((await get(deps, paths.calendarEvents(community, calendarId))) ?? {}) as Record<string, Record<string, DbValue>>;

async function plainEvent(community: string, eventId: string, calendars = ['activities'], more: Record<string, DbValue> = {}) {
  const saved = await saveEvent(
    deps,
    saveInput(community, { eventId, fields: eventFields(START, START + 36e5, more), now: T0, calendars }),
  );
  if (!saved.ok) throw new Error(saved.reason);
}

async function recurrence(community: string, calendars = ['activities']) {
  const saved = await saveEvent(
    deps,
    saveInput(community, {
      eventId: 'first',
      fields: eventFields(START, START + 36e5),
      now: T0,
      calendars,
      recurrence: 'weekly',
      recurrenceEndDate: at('2026-03-23T00:00'),
    }),
  );
  if (!saved.ok) throw new Error(saved.reason);
  return saved.recurrenceId!;
}

const input = (community: string, more: Partial<DeleteEventInput>): DeleteEventInput => ({
  community,
  calendarId: 'activities',
  eventId: 'ev1',
  calendars: null,
  scope: null,
  view: 'active',
  imported: null,
  now: T0 + 1000,
  ...more,
});

describe('deleting one event', () => {
  it('removes a plain event and rebuilds the feed', async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'ev1');
    const result = await deleteEvent(deps, input(community, {}));
    expect(result).toMatchObject({ ok: true, removed: ['ev1'], calendars: ['activities'] });
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'ev1'))).toBeNull();
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(T0 + 1000);
    expect(await deleteEvent(deps, input(community, {}))).toEqual({ ok: false, reason: 'gone' });
  });

  it('asks which calendars when the event is in several, and keeps it in the others', async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'ev1', ['activities', 'kids-club']);
    expect(await planEventDelete(deps, input(community, {}))).toEqual({
      ok: false,
      reason: 'choose',
      choices: { calendars: ['activities', 'kids-club'], recurring: false, imported: false },
    });
    expect(await planEventDelete(deps, input(community, { calendars: ['elsewhere'] }))).toMatchObject({ ok: false, reason: 'choose' });
    const result = await deleteEvent(deps, input(community, { calendars: ['kids-club'] }));
    expect(result.ok).toBe(true);
    expect(await get(deps, paths.calendarEvent(community, 'kids-club', 'ev1'))).toBeNull();
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'ev1'))).toMatchObject({
      contexts: [`${community}/amc-events/calendars/activities`],
    });
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'kids-club'))).toBe(T0 + 1000);
  });

  it('Delete Recurrence, only this event: leaves eventKeys and editedEvents of the record', async () => {
    const community = await makeCommunity(deps);
    const recurrenceId = await recurrence(community);
    await db.ref(`${paths.calendarRecurrence(community, 'activities', recurrenceId)}/editedEvents/first`).set({ title: 'x' });
    expect(await planEventDelete(deps, input(community, { eventId: 'first' }))).toMatchObject({
      ok: false,
      reason: 'choose',
      choices: { recurring: true },
    });
    expect((await deleteEvent(deps, input(community, { eventId: 'first', scope: 'event' }))).ok).toBe(true);
    const record = await get(deps, paths.calendarRecurrence(community, 'activities', recurrenceId));
    expect(Object.keys(record.eventKeys)).toHaveLength(3);
    expect(record.eventKeys.first).toBeUndefined();
    expect(record.editedEvents).toBeUndefined();
  });

  it('Delete Recurrence, all: the active view removes the future ones, the archive the past ones; the record goes with its last date', async () => {
    const community = await makeCommunity(deps, ['activities', 'kids-club']);
    const recurrenceId = await recurrence(community, ['activities', 'kids-club']);
    const now = at('2026-03-10T12:00'); // 2 and 9 March have ended.
    const events = await eventsOf(community);
    const future = Object.keys(events).find((id) => (events[id]!.startDate as number) > now)!;
    const active = await deleteEvent(
      deps,
      input(community, { eventId: future, scope: 'recurrence', calendars: ['activities', 'kids-club'], now }),
    );
    expect(active).toMatchObject({ ok: true });
    const left = await eventsOf(community);
    expect(Object.values(left).every((event) => (event.endDate as number) <= now)).toBe(true);
    expect(Object.keys(left)).toHaveLength(2);
    expect(await eventsOf(community, 'kids-club')).toEqual(left);
    const record = await get(deps, paths.calendarRecurrence(community, 'kids-club', recurrenceId));
    expect(Object.keys(record.eventKeys).sort()).toEqual(Object.keys(left).sort());

    const archived = await deleteEvent(
      deps,
      input(community, { eventId: 'first', scope: 'recurrence', view: 'archive', calendars: ['activities', 'kids-club'], now }),
    );
    expect(archived.ok).toBe(true);
    expect(await eventsOf(community)).toEqual({});
    expect(await get(deps, paths.calendarRecurrences(community, 'activities'))).toBeNull();
    expect(await get(deps, paths.calendarRecurrences(community, 'kids-club'))).toBeNull();
  });

  it('Delete Imported Event: Delete Forever adds the id to the source’s ignored list, Allow Future Imports does not', async () => {
    const community = await makeCommunity(deps);
    await db.ref(paths.calendarImports(community, 'activities')).set([
      {
        title: 'Town',
        type: 'iCal',
        calendarId: 'https://town.example/feed.ics',
        audience: 'family',
        eventContext: 'local',
        ignored: ['older'],
      },
    ]);
    await plainEvent(community, 'ev1', ['activities'], { id: 'uid-1@town.example', calendarId: 'https://town.example/feed.ics' });
    await plainEvent(community, 'ev2', ['activities'], { id: 'uid-2@town.example', calendarId: 'https://town.example/feed.ics' });
    expect(await planEventDelete(deps, input(community, {}))).toMatchObject({ ok: false, reason: 'choose', choices: { imported: true } });
    expect((await deleteEvent(deps, input(community, { imported: 'forever' }))).ok).toBe(true);
    expect((await deleteEvent(deps, input(community, { eventId: 'ev2', imported: 'allow' }))).ok).toBe(true);
    expect(await get(deps, `${paths.calendarImports(community, 'activities')}/0/ignored`)).toEqual(['older', 'uid-1@town.example']);
    expect(await eventsOf(community)).toEqual({});
  });

  it('Delete Forever of an event whose source is gone records it as denied', async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'ev1', ['activities'], { id: 'g-1', calendarId: 'removed@group.calendar.google.com' });
    expect((await deleteEvent(deps, input(community, { imported: 'forever' }))).ok).toBe(true);
    expect(Object.values(await get(deps, paths.googleEventsDenied(community)))).toEqual([
      { id: 'g-1', calendarId: 'removed@group.calendar.google.com', title: 'Bingo' },
    ]);
  });
});

describe('bulk delete', () => {
  it('in the active view ends the events now in every calendar; those already ended are left alone', async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'ev1', ['activities', 'kids-club']);
    await plainEvent(community, 'ev2');
    const now = START + 30 * 60e3;
    await db.ref(`${paths.calendarEvent(community, 'activities', 'ev2')}/endDate`).set(START + 60e3);
    const planned = await planBulkEventDelete(deps, {
      community,
      calendarId: 'activities',
      keys: ['ev1', 'ev2', 'nope'],
      view: 'active',
      now,
    });
    expect(planned).toMatchObject({ archived: 1, removed: 0 });
    expect(
      await bulkDeleteEvents(deps, { community, calendarId: 'activities', keys: ['ev1', 'ev2', 'nope'], view: 'active', now }),
    ).toEqual({ archived: 1, removed: 0 });
    for (const calendarId of ['activities', 'kids-club']) {
      expect(await get(deps, paths.calendarEvent(community, calendarId, 'ev1'))).toMatchObject({
        startDate: START,
        endDate: now,
        endDateDuration: 30 * 60e3,
        deleted: { time: now },
      });
      expect(await get(deps, paths.calendarIcsBuildTime(community, calendarId))).toBe(now);
    }
    expect(await get(deps, `${paths.calendarEvent(community, 'activities', 'ev2')}/endDate`)).toBe(START + 60e3);
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'nope'))).toBeNull();
  });

  it('in the active view an event that has not begun begins and ends now, its planned times kept (decision 024)', async () => {
    const community = await makeCommunity(deps);
    await plainEvent(community, 'ev1');
    const now = START - 3 * 24 * 36e5;
    expect(await bulkDeleteEvents(deps, { community, calendarId: 'activities', keys: ['ev1'], view: 'active', now })).toEqual({
      archived: 1,
      removed: 0,
    });
    const archived = await get(deps, paths.calendarEvent(community, 'activities', 'ev1'));
    expect(archived).toMatchObject({
      startDate: now,
      endDate: now,
      endDateDuration: 0,
      deleted: { time: now, startDate: START, endDate: START + 36e5 },
    });
    // A duplicate of it is a new event: the mark of the delete is not copied.
    expect(duplicateOf(archived as Record<string, unknown>)).not.toHaveProperty('deleted');
  });

  it('in the archive removes the events from this calendar and their recurrences', async () => {
    const community = await makeCommunity(deps);
    const recurrenceId = await recurrence(community);
    await plainEvent(community, 'shared', ['activities', 'kids-club']);
    const keys = Object.keys(await eventsOf(community));
    expect(
      await bulkDeleteEvents(deps, { community, calendarId: 'activities', keys, view: 'archive', now: at('2026-04-01T00:00') }),
    ).toEqual({
      archived: 0,
      removed: 5,
    });
    expect(await eventsOf(community)).toEqual({});
    expect(await get(deps, paths.calendarRecurrence(community, 'activities', recurrenceId))).toBeNull();
    expect(await get(deps, paths.calendarEvent(community, 'kids-club', 'shared'))).toMatchObject({
      contexts: [`${community}/amc-events/calendars/kids-club`],
    });
  });

  it('refuses bad keys and more than the load-all size', async () => {
    const community = await makeCommunity(deps);
    await expect(
      planBulkEventDelete(deps, { community, calendarId: 'activities', keys: ['a/b'], view: 'active', now: T0 }),
    ).rejects.toThrow(RangeError);
    const many = Array.from({ length: 10_001 }, (_, index) => `k${index}`);
    await expect(planBulkEventDelete(deps, { community, calendarId: 'activities', keys: many, view: 'active', now: T0 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('duplicate and archive', () => {
  it('clears the fields spec 02 §3 lists', () => {
    expect(
      duplicateOf({
        title: 'T',
        audience: 'family',
        effectiveTime: 1,
        endTime: 2,
        deliveryTime: 3,
        recurrenceId: 'r',
        recurrenceInfo: {},
        startDate: 4,
        endDate: 5,
        endDateDuration: 1,
        id: 'imported',
        calendarId: 'feed',
        contexts: ['c/amc-events/calendars/a'],
      }),
    ).toEqual({ title: 'T', audience: 'family', contexts: ['c/amc-events/calendars/a'] });
  });

  it('lets an archived event be submitted only as a duplicate', () => {
    const ended = { endDate: T0 - 1 };
    expect(canSubmitEvent(ended, T0, { duplicating: false })).toBe(false);
    expect(canSubmitEvent(ended, T0, { duplicating: true })).toBe(true);
    expect(canSubmitEvent({ endDate: T0 + 1 }, T0, { duplicating: false })).toBe(true);
    expect(canSubmitEvent(null, T0, { duplicating: false })).toBe(true);
  });

  it('offers the delete dialogs the event needs', () => {
    expect(
      deleteChoices(
        { contexts: ['c/amc-events/calendars/a', 'c/amc-events/calendars/b', 'd/amc-events/calendars/a'], recurrenceId: 'r', id: 'x' },
        'c',
        'a',
      ),
    ).toEqual({
      calendars: ['a', 'b'],
      recurring: true,
      imported: true,
    });
    expect(deleteChoices({}, 'c', 'a')).toEqual({ calendars: ['a'], recurring: false, imported: false });
  });
});
