import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { dyingAfter } from '../../tests/setup/dying-db';
import { eventVersion, recurrenceVersion } from './records';
import { recurrenceEditStart, recurrenceFormValue } from './recurrence-form';
import { commitEventSave, planEventSave, saveEvent } from './save';
import type { SaveEventPlan } from './save-plan';
import { at, eventFields, get, makeCommunity, NY, openTestDb, saveInput } from './testing';

/**
 * Saving events against the embedded database: the one multi-path update across calendars and
 * recurrence records, the version checks, and recurrence regeneration (spec 02 §3, §4, §7).
 */

const { db, deps } = openTestDb('events-save');
afterAll(async () => {
  await db.close();
});

const { paths } = deps;
const localTime = (ms: number) => formatInTimeZone(ms, NY, 'EEE MM-dd HH:mm');
const MWF = [true, false, true, false, true, false, false];
const ok = (result: Awaited<ReturnType<typeof saveEvent>>): SaveEventPlan => {
  if (!result.ok) throw new Error(`save failed: ${JSON.stringify(result)}`);
  return result;
};
const eventsOf = async (community: string, calendarId = 'activities') =>
  ((await get(deps, paths.calendarEvents(community, calendarId))) ?? {}) as Record<string, Record<string, DbValue>>;

describe('a plain event', () => {
  const NOW = at('2026-06-01T12:00');
  const START = at('2026-06-10T18:00');
  const END = at('2026-06-10T20:00');

  it('is written in every chosen calendar with its contexts, creator, and the feeds rebuild', async () => {
    const community = await makeCommunity(deps);
    const planned = await planEventSave(
      deps,
      saveInput(community, { eventId: 'ev1', fields: eventFields(START, END), now: NOW, calendars: ['kids-club', 'nope'] }),
    );
    if (!planned.ok) throw new Error(planned.reason);
    // The guarded node is the event in the editor's calendar; the rest is one update.
    expect(planned.guard.path).toBe(paths.calendarEvent(community, 'activities', 'ev1'));
    expect(Object.keys(planned.updates).sort()).toEqual(
      [
        paths.calendarEvent(community, 'kids-club', 'ev1'),
        paths.calendarIcsBuildTime(community, 'activities'),
        paths.calendarIcsBuildTime(community, 'kids-club'),
      ].sort(),
    );
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'ev1'))).toBeNull();
    ok(await commitEventSave(deps, planned));
    const stored = await get(deps, paths.calendarEvent(community, 'activities', 'ev1'));
    expect(stored).toMatchObject({
      title: 'Bingo',
      startDate: START,
      creator: 'staff-1',
      updatedBy: 'staff-1',
      contexts: [`${community}/amc-events/calendars/activities`, `${community}/amc-events/calendars/kids-club`],
    });
    expect(stored.recurrenceId).toBeUndefined();
    expect(await get(deps, paths.calendarEvent(community, 'kids-club', 'ev1'))).toEqual(stored);
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'kids-club'))).toBe(NOW);
  });

  it('leaves a calendar no longer chosen, keeps the creator and other communities’ contexts', async () => {
    const community = await makeCommunity(deps);
    ok(
      await saveEvent(
        deps,
        saveInput(community, { eventId: 'ev1', fields: eventFields(START, END), now: NOW, calendars: ['activities', 'kids-club'] }),
      ),
    );
    await db.ref(`${paths.calendarEvent(community, 'activities', 'ev1')}/contexts/2`).set('other/amc-events/calendars/x');
    const stored = await get(deps, paths.calendarEvent(community, 'activities', 'ev1'));
    const result = ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'ev1',
          isNew: false,
          version: eventVersion(stored),
          uid: 'staff-2',
          fields: eventFields(START, END, { title: 'Bingo Night' }),
          now: NOW,
        }),
      ),
    );
    expect(result.changes).toHaveLength(1);
    expect(await get(deps, paths.calendarEvent(community, 'kids-club', 'ev1'))).toBeNull();
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'ev1'))).toMatchObject({
      title: 'Bingo Night',
      creator: 'staff-1',
      updatedBy: 'staff-2',
      contexts: [`${community}/amc-events/calendars/activities`, 'other/amc-events/calendars/x'],
    });
  });

  it('refuses a stale version, a taken key, a deleted event, an unknown calendar and an archived event', async () => {
    const community = await makeCommunity(deps);
    ok(await saveEvent(deps, saveInput(community, { eventId: 'ev1', fields: eventFields(START, END), now: NOW })));
    const base = saveInput(community, { eventId: 'ev1', isNew: false, fields: eventFields(START, END, { title: 'Mine' }), now: NOW });
    expect(await planEventSave(deps, { ...base, version: 'stale' })).toMatchObject({
      ok: false,
      reason: 'conflict',
      stored: { title: 'Bingo' },
    });
    expect(await planEventSave(deps, { ...base, isNew: true })).toEqual({ ok: false, reason: 'exists' });
    expect(await planEventSave(deps, { ...base, eventId: 'nobody' })).toEqual({ ok: false, reason: 'gone' });
    expect(await planEventSave(deps, { ...base, calendarId: 'gone-calendar' })).toEqual({ ok: false, reason: 'gone' });
    expect(await planEventSave(deps, { ...base, now: END })).toEqual({ ok: false, reason: 'archived' });
  });

  it('writes nothing when another save lands between the plan and the commit', async () => {
    const community = await makeCommunity(deps);
    ok(
      await saveEvent(
        deps,
        saveInput(community, { eventId: 'ev1', fields: eventFields(START, END), now: NOW, calendars: ['activities', 'kids-club'] }),
      ),
    );
    const stored = await get(deps, paths.calendarEvent(community, 'activities', 'ev1'));
    const planned = await planEventSave(
      deps,
      saveInput(community, {
        eventId: 'ev1',
        isNew: false,
        version: eventVersion(stored),
        fields: eventFields(START, END, { title: 'Mine' }),
        now: NOW + 1,
      }),
    );
    if (!planned.ok) throw new Error(planned.reason);
    await db.ref(`${paths.calendarEvent(community, 'activities', 'ev1')}/title`).set('Theirs');
    expect(await commitEventSave(deps, planned)).toMatchObject({ ok: false, reason: 'conflict', stored: { title: 'Theirs' } });
    // Nothing else was written either: the copy in kids-club is still there, the feed time unchanged.
    expect(await get(deps, paths.calendarEvent(community, 'kids-club', 'ev1'))).toMatchObject({ title: 'Bingo' });
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(NOW);
    // A new event whose key someone took meanwhile is 'exists'.
    const fresh = await planEventSave(deps, saveInput(community, { eventId: 'ev2', fields: eventFields(START, END), now: NOW }));
    if (!fresh.ok) throw new Error(fresh.reason);
    await db.ref(paths.calendarEvent(community, 'activities', 'ev2')).set({ title: 'Other' });
    expect(await commitEventSave(deps, fresh)).toMatchObject({ ok: false, reason: 'conflict' });
  });

  it('never writes the locked fields of an imported event', async () => {
    const community = await makeCommunity(deps);
    await db.ref(paths.calendarEvent(community, 'activities', 'imp')).set({
      ...eventFields(START, END, { title: 'Imported' }),
      id: 'uid-1@example.org',
      calendarId: 'feed',
      contexts: [`${community}/amc-events/calendars/activities`],
    });
    ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'imp',
          isNew: false,
          fields: eventFields(START + 36e5, END + 36e5, { title: 'Changed', audience: 'kids' }),
          now: NOW,
        }),
      ),
    );
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'imp'))).toMatchObject({
      title: 'Imported',
      startDate: START,
      audience: 'kids',
      id: 'uid-1@example.org',
    });
  });
});

describe('recurrences', () => {
  const T0 = at('2026-02-25T12:00');
  const FIRST = at('2026-03-02T18:00');
  const fields = (start = FIRST, more: Record<string, DbValue> = {}) => eventFields(start, start + 36e5, { title: 'Trivia', ...more });

  async function weeklyMwf(community: string, lastDay = at('2026-03-13T12:00')) {
    return ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'first',
          fields: fields(),
          now: T0,
          calendars: ['activities', 'kids-club'],
          recurrence: 'daily',
          validDays: MWF,
          recurrenceEndDate: lastDay,
        }),
      ),
    );
  }

  it('creates a Mon/Wed/Fri 18:00 recurrence across the March change: occurrences keep 18:00, one record per calendar', async () => {
    const community = await makeCommunity(deps);
    const saved = await weeklyMwf(community);
    expect(saved.eventId).toBe('first');
    const recurrenceId = saved.recurrenceId!;
    const events = await eventsOf(community);
    const starts = Object.values(events)
      .map((event) => event.startDate as number)
      .sort((a, b) => a - b);
    expect(starts.map(localTime)).toEqual([
      'Mon 03-02 18:00',
      'Wed 03-04 18:00',
      'Fri 03-06 18:00',
      'Mon 03-09 18:00',
      'Wed 03-11 18:00',
      'Fri 03-13 18:00',
    ]);
    expect(events.first).toMatchObject({ startDate: FIRST, endDate: FIRST + 36e5, endDateDuration: 36e5, recurrenceId });
    for (const event of Object.values(events)) expect(event).toMatchObject({ title: 'Trivia', recurrenceId, endDateDuration: 36e5 });
    expect(await eventsOf(community, 'kids-club')).toEqual(events);
    const record = await get(deps, paths.calendarRecurrence(community, 'activities', recurrenceId));
    expect(record).toMatchObject({
      recurrence: 'daily',
      validDays: MWF,
      recurrenceEndDate: at('2026-03-14T00:00') - 1,
      sections: [`${community}/amc-events/calendars/activities`, `${community}/amc-events/calendars/kids-club`],
      originalItem: { title: 'Trivia', startDate: FIRST },
    });
    expect(Object.keys(record.eventKeys).sort()).toEqual(Object.keys(events).sort());
    for (const [eventId, event] of Object.entries(events)) expect(record.eventKeys[eventId]).toBe(event.startDate);
    expect(await get(deps, paths.calendarRecurrence(community, 'kids-club', recurrenceId))).toEqual(record);
    expect(recurrenceFormValue(record)).toEqual({ recurrence: 'daily', validDays: MWF, recurrenceEndDate: record.recurrenceEndDate });
  });

  it('keeps a Mon/Wed/Fri 18:00 event at 18:00 local from February through the November change', async () => {
    const community = await makeCommunity(deps);
    const saved = ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'first',
          fields: fields(),
          now: T0,
          recurrence: 'daily',
          validDays: MWF,
          recurrenceEndDate: at('2026-11-30T12:00'),
        }),
      ),
    );
    const starts = Object.values(await eventsOf(community)).map((event) => event.startDate as number);
    // 39 weeks of 3 events from Monday 2 March, and Monday 30 November 2026.
    expect(starts).toHaveLength(118);
    expect(new Set(starts.map((start) => formatInTimeZone(start, NY, 'HH:mm')))).toEqual(new Set(['18:00']));
    expect(new Set(starts.map((start) => formatInTimeZone(start, NY, 'EEE')))).toEqual(new Set(['Mon', 'Wed', 'Fri']));
    // Both offsets occur: the clock stayed on 18:00 through both changes.
    expect(new Set(starts.map((start) => new Date(start).getUTCHours()))).toEqual(new Set([22, 23]));
    expect(saved.changes).toHaveLength(118);
  });

  it('refuses a rule with no occurrence, or too many', async () => {
    const community = await makeCommunity(deps);
    const base = saveInput(community, {
      eventId: 'x',
      fields: fields(),
      now: T0,
      recurrence: 'daily',
      validDays: [false, true, false, false, false, false, false],
      recurrenceEndDate: FIRST,
    });
    expect(await planEventSave(deps, base)).toEqual({ ok: false, reason: 'no-occurrences' });
    expect(await planEventSave(deps, { ...base, validDays: MWF.map(() => true), recurrenceEndDate: at('2030-01-01T00:00') })).toEqual({
      ok: false,
      reason: 'too-many',
    });
  });

  it('Edit Event changes one occurrence and records its override and start', async () => {
    const community = await makeCommunity(deps);
    const { recurrenceId } = await weeklyMwf(community);
    const events = await eventsOf(community);
    const [wedId, wed] = Object.entries(events).find(([, event]) => localTime(event.startDate as number) === 'Wed 03-04 18:00')!;
    const moved = at('2026-03-04T19:30');
    const saved = ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: wedId,
          isNew: false,
          version: eventVersion(wed),
          scope: 'event',
          fields: fields(moved, { title: 'Trivia (quiz night)' }),
          calendars: ['activities', 'kids-club'],
          now: T0,
        }),
      ),
    );
    expect(saved.changes.map((change) => change.eventId)).toEqual([wedId]);
    for (const calendarId of ['activities', 'kids-club']) {
      const record = await get(deps, paths.calendarRecurrence(community, calendarId, recurrenceId!));
      expect(record.eventKeys[wedId]).toBe(moved);
      expect(record.editedEvents[wedId]).toEqual({
        title: 'Trivia (quiz night)',
        startDate: moved,
        endDate: moved + 36e5,
        endDateDuration: 36e5,
        allDay: false,
      });
      expect(record.originalItem.title).toBe('Trivia');
    }
    const after = await eventsOf(community);
    expect(after[wedId]).toMatchObject({ title: 'Trivia (quiz night)', startDate: moved, recurrenceId });
    expect(Object.values(after).filter((event) => event.title === 'Trivia')).toHaveLength(5);
  });

  it('Edit Recurrence regenerates the future: kept days updated with their ids, dropped days deleted, new days created, the past untouched', async () => {
    const community = await makeCommunity(deps);
    const { recurrenceId } = await weeklyMwf(community);
    const before = await eventsOf(community);
    const idAt = (label: string) => Object.entries(before).find(([, event]) => localTime(event.startDate as number) === label)![0];
    // An override on Friday 13 March, kept (but not its time) by the regeneration.
    await db
      .ref(`${paths.calendarRecurrence(community, 'activities', recurrenceId!)}/editedEvents/${idAt('Fri 03-13 18:00')}`)
      .set({ title: 'Trivia finals' });

    const T1 = at('2026-03-05T09:00'); // Mon 2 and Wed 4 are past now.
    const start = await recurrenceEditStart(deps, community, 'activities', recurrenceId!, T1);
    expect(start?.eventId).toBe(idAt('Fri 03-06 18:00'));
    expect(start?.item).toMatchObject({ title: 'Trivia', startDate: at('2026-03-06T18:00') });
    const saved = ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: start!.eventId,
          isNew: false,
          version: start!.version,
          scope: 'recurrence',
          // 19:00 on Mondays and Fridays and now Tuesdays, through Tuesday 17 March.
          fields: fields(at('2026-03-06T19:00'), { title: 'Trivia Night' }),
          calendars: ['activities'],
          recurrence: 'daily',
          validDays: [true, true, false, false, true, false, false],
          recurrenceEndDate: at('2026-03-17T00:00'),
          now: T1,
        }),
      ),
    );
    const after = await eventsOf(community);
    const summary = Object.entries(after)
      .map(([id, event]) => `${localTime(event.startDate as number)} ${event.title} ${id in before ? 'kept' : 'new'}`)
      .sort();
    expect(summary).toEqual([
      'Fri 03-06 19:00 Trivia Night kept',
      'Fri 03-13 19:00 Trivia finals kept',
      'Mon 03-02 18:00 Trivia kept',
      'Mon 03-09 19:00 Trivia Night kept',
      'Mon 03-16 19:00 Trivia Night new',
      'Tue 03-10 19:00 Trivia Night new',
      'Tue 03-17 19:00 Trivia Night new',
      'Wed 03-04 18:00 Trivia kept',
    ]);
    expect(after[idAt('Wed 03-11 18:00')]).toBeUndefined();
    // The future left kids-club; the past stays there, with the record that lists it.
    const kids = await eventsOf(community, 'kids-club');
    expect(Object.keys(kids).sort()).toEqual([idAt('Mon 03-02 18:00'), idAt('Wed 03-04 18:00')].sort());
    const record = await get(deps, paths.calendarRecurrence(community, 'activities', recurrenceId!));
    expect(await get(deps, paths.calendarRecurrence(community, 'kids-club', recurrenceId!))).toEqual(record);
    expect(Object.keys(record.eventKeys).sort()).toEqual(Object.keys(after).sort());
    expect(record.editedEvents).toEqual({ [idAt('Fri 03-13 18:00')]: { title: 'Trivia finals' } });
    expect(record.originalItem).toMatchObject({ title: 'Trivia Night', startDate: at('2026-03-06T19:00') });
    expect(record.validDays).toEqual([true, true, false, false, true, false, false]);
    // Notifications: the times of the kept future events changed; Wed 11 was deleted.
    const changed = saved.changes.filter((change) => change.before && change.after).map((change) => change.eventId);
    expect(changed.sort()).toEqual([idAt('Fri 03-06 18:00'), idAt('Fri 03-13 18:00'), idAt('Mon 03-09 18:00')].sort());
    expect(saved.changes.filter((change) => !change.after).map((change) => change.eventId)).toEqual([idAt('Wed 03-11 18:00')]);
  });

  it('Edit Recurrence is refused when the recurrence changed since the form opened', async () => {
    const community = await makeCommunity(deps);
    const { recurrenceId } = await weeklyMwf(community);
    const start = (await recurrenceEditStart(deps, community, 'activities', recurrenceId!, T0))!;
    await db.ref(`${paths.calendarRecurrence(community, 'activities', recurrenceId!)}/editedEvents/x`).set({ title: 'someone' });
    const input = saveInput(community, {
      eventId: start.eventId,
      isNew: false,
      version: start.version,
      scope: 'recurrence',
      fields: fields(),
      recurrence: 'weekly',
      recurrenceEndDate: at('2026-03-20T00:00'),
      now: T0,
    });
    const refused = await planEventSave(deps, input);
    expect(refused).toMatchObject({ ok: false, reason: 'conflict' });
    if (refused.ok || refused.reason !== 'conflict') return;
    expect(refused.version).toBe(recurrenceVersion(await get(deps, paths.calendarRecurrence(community, 'activities', recurrenceId!))));
    expect(ok(await saveEvent(deps, { ...input, version: refused.version })).recurrenceId).toBe(recurrenceId);
  });

  it('setting the recurrence to none keeps the edited occurrence as a plain event and removes the future ones and the record', async () => {
    const community = await makeCommunity(deps);
    const { recurrenceId } = await weeklyMwf(community);
    const T1 = at('2026-03-05T09:00');
    const start = (await recurrenceEditStart(deps, community, 'activities', recurrenceId!, T1))!;
    ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: start.eventId,
          isNew: false,
          version: start.version,
          scope: 'recurrence',
          fields: fields(at('2026-03-06T18:00')),
          calendars: ['activities', 'kids-club'],
          recurrence: 'none',
          now: T1,
        }),
      ),
    );
    const after = await eventsOf(community);
    expect(
      Object.values(after)
        .map((event) => localTime(event.startDate as number))
        .sort(),
    ).toEqual(['Fri 03-06 18:00', 'Mon 03-02 18:00', 'Wed 03-04 18:00']);
    for (const event of Object.values(after)) expect(event.recurrenceId).toBeUndefined();
    expect(await eventsOf(community, 'kids-club')).toEqual(after);
    expect(await get(deps, paths.calendarRecurrences(community, 'activities'))).toBeNull();
    expect(await get(deps, paths.calendarRecurrences(community, 'kids-club'))).toBeNull();
  });

  it('a plain event given a weekly recurrence keeps its id as its own day’s occurrence', async () => {
    const community = await makeCommunity(deps);
    ok(await saveEvent(deps, saveInput(community, { eventId: 'plain', fields: fields(), now: T0 })));
    const stored = await get(deps, paths.calendarEvent(community, 'activities', 'plain'));
    const saved = ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'plain',
          isNew: false,
          version: eventVersion(stored),
          fields: fields(),
          recurrence: 'weekly',
          recurrenceEndDate: at('2026-03-16T00:00'),
          now: T0,
        }),
      ),
    );
    const events = await eventsOf(community);
    expect(
      Object.values(events)
        .map((event) => localTime(event.startDate as number))
        .sort(),
    ).toEqual(['Mon 03-02 18:00', 'Mon 03-09 18:00', 'Mon 03-16 18:00']);
    expect(events.plain).toMatchObject({ recurrenceId: saved.recurrenceId, creator: 'staff-1' });
    expect(saved.changes.filter((change) => change.before).map((change) => change.eventId)).toEqual(['plain']);

    // Moved to Tuesday as it becomes weekly: it is the Tuesday occurrence.
    ok(await saveEvent(deps, saveInput(community, { eventId: 'moved', fields: fields(), now: T0 })));
    const movedStored = await get(deps, paths.calendarEvent(community, 'activities', 'moved'));
    const tuesday = at('2026-03-03T18:00');
    const movedSave = ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'moved',
          isNew: false,
          version: eventVersion(movedStored),
          fields: fields(tuesday),
          recurrence: 'weekly',
          recurrenceEndDate: at('2026-03-10T00:00'),
          now: T0,
        }),
      ),
    );
    expect(movedSave.eventId).toBe('moved');
    expect(await get(deps, paths.calendarEvent(community, 'activities', 'moved'))).toMatchObject({
      startDate: tuesday,
      recurrenceId: movedSave.recurrenceId,
    });
  });
});

describe('a save that dies half-way', () => {
  const T0 = at('2026-02-25T12:00');
  const FIRST = at('2026-03-02T18:00');
  const fields = (start = FIRST, more: Record<string, DbValue> = {}) => eventFields(start, start + 36e5, { title: 'Trivia', ...more });
  const communityData = async (community: string) => get(deps, paths.locationData(community));

  /** Copies in every calendar agree, and the recurrence records list exactly the occurrences stored. */
  async function expectWhole(community: string, recurrenceId: string) {
    const calendars = ['activities', 'kids-club'];
    const records = await Promise.all(calendars.map((calendar) => get(deps, paths.calendarRecurrence(community, calendar, recurrenceId))));
    const listed = records.filter(Boolean) as Array<{ eventKeys: Record<string, number>; originalItem: { title: string } }>;
    expect(listed.length).toBeGreaterThan(0);
    for (const record of listed) expect(record).toEqual(listed[0]);
    const eventKeys = listed[0]!.eventKeys;
    const seen = new Set<string>();
    for (const calendar of calendars) {
      for (const [id, event] of Object.entries(await eventsOf(community, calendar))) {
        if (event.recurrenceId !== recurrenceId) continue;
        seen.add(id);
        expect(eventKeys[id], `${calendar}/${id} is listed with its start`).toBe(event.startDate);
        expect(event.title).toBe(listed[0]!.originalItem.title);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(eventKeys).sort());
  }

  it('Edit Recurrence leaves the series whole, old or new, never the record of one and the occurrences of the other', async () => {
    const community = await makeCommunity(deps);
    const { recurrenceId } = ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'first',
          fields: fields(),
          now: T0,
          calendars: ['activities', 'kids-club'],
          recurrence: 'daily',
          validDays: MWF,
          recurrenceEndDate: at('2026-03-13T12:00'),
        }),
      ),
    );
    const before = await communityData(community);
    const start = (await recurrenceEditStart(deps, community, 'activities', recurrenceId!, T0))!;
    const input = saveInput(community, {
      eventId: start.eventId,
      isNew: false,
      version: start.version,
      scope: 'recurrence',
      fields: fields(at('2026-03-02T19:00'), { title: 'Trivia Night' }),
      calendars: ['activities', 'kids-club'],
      recurrence: 'daily',
      validDays: [true, true, false, false, false, false, false],
      recurrenceEndDate: at('2026-03-13T12:00'),
      now: T0,
    });
    const died = await saveEvent(dyingAfter(deps), input).catch(() => null);
    const after = await communityData(community);
    if (died === null) expect(after).toEqual(before);
    await expectWhole(community, recurrenceId!);
    // A retry of the same form saves the edit, or finds it saved: never a torn series.
    const retried = await saveEvent(deps, input);
    if (!retried.ok) expect(retried.reason).toBe('conflict');
    await expectWhole(community, recurrenceId!);
    const titles = Object.values(await eventsOf(community)).map((event) => event.title);
    expect(new Set(titles)).toEqual(new Set(['Trivia Night']));
  });

  it('an event in two calendars is the same in both after a save dies', async () => {
    const community = await makeCommunity(deps);
    const START = at('2026-06-10T18:00');
    ok(
      await saveEvent(
        deps,
        saveInput(community, { eventId: 'ev1', fields: eventFields(START, START + 36e5), now: T0, calendars: ['activities', 'kids-club'] }),
      ),
    );
    const stored = await get(deps, paths.calendarEvent(community, 'activities', 'ev1'));
    await saveEvent(
      dyingAfter(deps),
      saveInput(community, {
        eventId: 'ev1',
        isNew: false,
        version: eventVersion(stored),
        fields: eventFields(START, START + 36e5, { title: 'Bingo Night' }),
        now: T0,
        calendars: ['activities', 'kids-club'],
      }),
    ).catch(() => null);
    expect(await get(deps, paths.calendarEvent(community, 'kids-club', 'ev1'))).toEqual(
      await get(deps, paths.calendarEvent(community, 'activities', 'ev1')),
    );
  });
});

describe('an all-day recurrence', () => {
  it('ends each occurrence at the end of its own day, the clock-change day too (23 hours), not a fixed length', async () => {
    const community = await makeCommunity(deps);
    const first = at('2027-03-13T00:00');
    const fields = eventFields(first, at('2027-03-13T23:59:59.999'), { title: 'Open House', allDay: true });
    ok(
      await saveEvent(
        deps,
        saveInput(community, {
          eventId: 'open-house',
          fields,
          now: at('2027-03-01T12:00'),
          recurrence: 'daily',
          validDays: [true, true, true, true, true, true, true],
          recurrenceEndDate: at('2027-03-15T12:00'),
        }),
      ),
    );
    const events = Object.values(await eventsOf(community)).sort((a, b) => (a.startDate as number) - (b.startDate as number));
    expect(events.map((event) => `${localTime(event.startDate as number)} → ${localTime(event.endDate as number)}`)).toEqual([
      'Sat 03-13 00:00 → Sat 03-13 23:59',
      'Sun 03-14 00:00 → Sun 03-14 23:59',
      'Mon 03-15 00:00 → Mon 03-15 23:59',
    ]);
    expect(events.map((event) => event.endDateDuration)).toEqual([86_399_999, 23 * 3_600_000 - 1, 86_399_999]);
  });
});
