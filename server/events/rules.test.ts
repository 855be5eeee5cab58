import { parseWithZod } from '@conform-to/zod';
import { afterAll, describe, expect, it } from 'vitest';
import { eventFormValue, eventSchema, OFF_SITE } from '~/schemas/event';
import { allowedEventFields, eventEditorRights, remoteAdminTarget } from './access';
import { eventRecord } from './item';
import { deleteLegacyEvents, planLegacyEventSave, saveLegacyEvent } from './legacy';
import { eventVersion } from './records';
import {
  audienceValues,
  denyGoogleImport,
  eventReferenceErrors,
  googleImportAccepted,
  isPassed,
  loadEventFormOptions,
  standardRsvpForm,
  STANDARD_RSVP_FORM,
} from './rules';
import { saveEvent } from './save';
import { at, eventFields, get, makeCommunity, NY, openTestDb, saveInput } from './testing';

/** The editor's lists and reference checks, the standard RSVP form, Google imports and the legacy lists. */

const { db, deps } = openTestDb('events-rules');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;
const T0 = at('2026-02-25T12:00');
const START = at('2026-03-02T18:00');

const LOCATION_DATA = {
  locations: { hall: { title: 'Recreation Hall', ordinal: 1 }, beach: { title: 'Beach', ordinal: 0 } },
  'custom-forms': { signup: { title: 'Sign-up', type: 'rsvp' }, survey: { title: 'Survey', type: 'form' } },
  hunts: { trail: { title: 'Trail Hunt' } },
};

describe('the editor’s lists and references', () => {
  it('loads audiences, locations in order, calendars, RSVP forms, hunts and the time zone', async () => {
    const community = await makeCommunity(deps, ['activities', 'kids-club'], LOCATION_DATA);
    await db.ref(paths.community(community)).set({ title: 'X', timeZone: 'Australia/Sydney' });
    const options = await loadEventFormOptions(deps, community, 'activities');
    expect(options).toEqual({
      audiences: ['Family', 'Kids'],
      locations: [
        { id: 'beach', title: 'Beach' },
        { id: 'hall', title: 'Recreation Hall' },
      ],
      calendars: [
        { id: 'activities', title: 'activities' },
        { id: 'kids-club', title: 'kids-club' },
      ],
      rsvpForms: [{ id: 'signup', title: 'Sign-up' }],
      standardRsvpForm: null,
      hunts: [{ id: 'trail', title: 'Trail Hunt' }],
      timeZone: 'Australia/Sydney',
    });
    expect(audienceValues(options)).toEqual(['family', 'kids']);
    const bare = await makeCommunity(deps, ['activities']);
    expect((await loadEventFormOptions(deps, bare, 'activities')).timeZone).toBe(NY);
  });

  it('refuses a location, RSVP form or hunt that is not the community’s', async () => {
    const community = await makeCommunity(deps, ['activities'], LOCATION_DATA);
    const options = await loadEventFormOptions(deps, community, 'activities');
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Bingo',
      audience: 'Family',
      resortLocationId: 'elsewhere',
      'startDate-date': '03/02/2026',
      'startDate-time': '06:00 PM',
      'endDate-date': '03/02/2026',
      'endDate-time': '07:00 PM',
      rsvpRequest: 'on',
      rsvpFormKey: 'survey',
      hunt: 'on',
      huntKey: 'trail',
    }))
      form.append(name, value);
    const parsed = parseWithZod(form, { schema: eventSchema({ timeZone: NY, now: T0, audiences: audienceValues(options) }) });
    expect(parsed.status).toBe('success');
    if (parsed.status !== 'success') return;
    expect(eventReferenceErrors(parsed.value, options)).toEqual({
      resortLocationId: ['Location is required.'],
      rsvpFormKey: ['Choose one of the RSVP forms.'],
    });
    expect(eventRecord(parsed.value, null)).toMatchObject({
      title: 'Bingo',
      huntKey: 'trail',
      rsvpFormKey: 'survey',
      location: null,
      startDate: START,
    });
  });

  it('writes the standard RSVP form with the event when there is none, and reuses it after', async () => {
    const community = await makeCommunity(deps, ['activities'], LOCATION_DATA);
    const first = standardRsvpForm(deps, community, await loadEventFormOptions(deps, community, 'activities'));
    const saved = await saveEvent(
      deps,
      saveInput(community, {
        eventId: 'ev1',
        fields: eventFields(START, START + 36e5, { rsvpRequest: true, rsvpFormKey: first.key }),
        now: T0,
        extra: first.updates,
      }),
    );
    expect(saved.ok).toBe(true);
    expect(await get(deps, paths.customForm(community, first.key))).toEqual(STANDARD_RSVP_FORM);
    const again = standardRsvpForm(deps, community, await loadEventFormOptions(deps, community, 'activities'));
    expect(again).toEqual({ key: first.key, updates: {} });
  });

  it('styles ended rows as passed except in the archive', () => {
    expect(isPassed({ endDate: T0 - 1 }, T0, 'active')).toBe(true);
    expect(isPassed({ endDate: T0 - 1 }, T0, 'archive')).toBe(false);
    expect(isPassed({ endDate: T0 + 1 }, T0, 'active')).toBe(false);
  });
});

describe('the form value of a stored event', () => {
  const toForm = (value: Record<string, unknown>) => {
    const form = new FormData();
    for (const [name, entry] of Object.entries(value)) {
      if (entry === undefined) continue;
      if (name === 'calendars') for (const id of entry as string[]) form.append(name, id);
      else if (name === 'validDays')
        (entry as Array<string | undefined>).forEach((day, index) => day && form.append(`validDays[${index}]`, day));
      else if (name !== 'detailButtons') form.append(name, String(entry));
    }
    return form;
  };

  it('reads back as the same record (round trip through the schema)', () => {
    const stored = {
      ...eventFields(START, START + 90 * 60e3, {
        title: 'Concert',
        audience: 'kids',
        resortLocationId: '',
        location: 'Town Park',
        address: '1 Main St',
        latitude: '43.1',
        longitude: '-73.2',
        phone: '(518) 555-0100',
        website: 'https://town.example',
        cost: true,
        endDateHide: true,
        huntKey: 'trail',
        type: 'local',
      }),
      contexts: ['c/amc-events/calendars/kids-club', 'c/amc-events/calendars/activities', 'other/amc-events/calendars/x'],
    };
    const value = eventFormValue(stored, {
      timeZone: NY,
      community: 'c',
      calendarId: 'activities',
      audiences: ['Family', 'Kids'],
      recurrence: {
        recurrence: 'daily',
        validDays: [true, false, true, false, true, false, false],
        recurrenceEndDate: at('2026-03-31T23:59'),
      },
    });
    expect(value).toMatchObject({
      audience: 'Kids',
      resortLocationId: OFF_SITE,
      'startDate-date': '03/02/2026',
      'startDate-time': '06:00 PM',
      calendars: ['activities', 'kids-club'],
      hunt: 'on',
      'recurrenceEndDate-date': '03/31/2026',
    });
    const parsed = parseWithZod(toForm(value), { schema: eventSchema({ timeZone: NY, now: T0 }) });
    expect(parsed.status).toBe('success');
    if (parsed.status !== 'success') return;
    const { contexts: _contexts, ...fields } = stored;
    expect(eventRecord(parsed.value, null)).toMatchObject({
      ...fields,
      placeId: null,
      city: null,
      ticketing: null,
      rsvpFormKey: null,
      detailButtons: null,
    });
    expect(parsed.value).toMatchObject({
      recurrence: 'daily',
      validDays: [true, false, true, false, true, false, false],
      recurrenceEndDate: at('2026-04-01T00:00') - 1,
    });
  });
});

describe('pending Google imports', () => {
  it('Create Event saves the event and removes the pending record in the same write; Deny Event records the id', async () => {
    const community = await makeCommunity(deps, ['activities']);
    await db.ref(paths.googleEventImports(community)).set({
      p1: { id: 'g-1', calendarId: 'cal@group.calendar.google.com', title: 'Concert', startDate: START },
      p2: { id: 'g-2', calendarId: 'cal@group.calendar.google.com', title: 'Parade', startDate: START },
    });
    const saved = await saveEvent(
      deps,
      saveInput(community, {
        eventId: 'concert',
        fields: eventFields(START, START + 36e5, { title: 'Concert' }),
        now: T0,
        extra: googleImportAccepted(deps, community, 'p1'),
      }),
    );
    expect(saved.ok).toBe(true);
    expect(await get(deps, paths.googleEventImport(community, 'p1'))).toBeNull();
    expect(await denyGoogleImport(deps, community, 'p2', T0)).toBe(true);
    expect(await get(deps, paths.googleEventImports(community))).toBeNull();
    expect(await get(deps, paths.googleEventDenied(community, 'p2'))).toEqual({
      id: 'g-2',
      calendarId: 'cal@group.calendar.google.com',
      title: 'Parade',
      deniedTime: T0,
    });
    expect(await denyGoogleImport(deps, community, 'p2', T0)).toBe(false);
  });
});

describe('legacy events lists', () => {
  it('keys an event by its start and moves it with its recurrence dates when the start changes', async () => {
    const community = await makeCommunity(deps, []);
    const created = await saveLegacyEvent(deps, {
      community,
      section: 'events-resort',
      eventKey: null,
      version: null,
      fields: eventFields(START, START + 36e5, { recurrenceId: 'r1' }),
      uid: 'staff-1',
      now: T0,
    });
    expect(created).toMatchObject({ ok: true, eventId: String(START) });
    await db
      .ref(paths.legacyRecurrence(community, 'r1'))
      .set({ startDates: { [String(START)]: START, other: 1 }, editedEvents: { [String(START)]: { title: 'x' } } });
    const stored = await get(deps, paths.legacyEvent(community, 'events-resort', String(START)));
    expect(stored).toMatchObject({ creator: 'staff-1', startDate: START });
    const later = START + 36e5;
    const input = {
      community,
      section: 'events-resort' as const,
      eventKey: String(START),
      version: eventVersion(stored),
      fields: eventFields(later, later + 36e5),
      uid: 'staff-2',
      now: T0,
    };
    expect(await planLegacyEventSave(deps, { ...input, version: 'stale' })).toMatchObject({ ok: false, reason: 'conflict' });
    const moved = await saveLegacyEvent(deps, input);
    expect(moved).toMatchObject({ ok: true, eventId: String(later) });
    expect(await get(deps, paths.legacyEvent(community, 'events-resort', String(START)))).toBeNull();
    expect(await get(deps, paths.legacyEvent(community, 'events-resort', String(later)))).toMatchObject({
      startDate: later,
      updatedBy: 'staff-2',
      creator: 'staff-1',
    });
    expect(await get(deps, paths.legacyRecurrence(community, 'r1'))).toEqual({
      startDates: { [String(later)]: later, other: 1 },
      editedEvents: { [String(later)]: { title: 'x' } },
    });
    // Another event at that very millisecond: the start is taken.
    await saveLegacyEvent(deps, { ...input, eventKey: null, version: null, fields: eventFields(START, START + 36e5) });
    const clash = await planLegacyEventSave(deps, {
      ...input,
      eventKey: String(later),
      version: eventVersion(await get(deps, paths.legacyEvent(community, 'events-resort', String(later)))),
      fields: eventFields(START, START + 36e5),
    });
    expect(clash).toEqual({ ok: false, reason: 'taken' });
  });

  it('bulk deletes: the active view ends events now, the archive removes them and their recurrence', async () => {
    const community = await makeCommunity(deps, []);
    const base = { community, section: 'events-local' as const, eventKey: null, version: null, uid: null, now: T0 };
    await saveLegacyEvent(deps, { ...base, fields: eventFields(START, START + 36e5, { recurrenceId: 'r1' }) });
    await db.ref(paths.legacyRecurrence(community, 'r1')).set({ startDates: { [String(START)]: START } });
    const now = START + 60e3;
    expect(
      await deleteLegacyEvents(deps, { community, section: 'events-local', keys: [String(START), 'nope'], view: 'active', now }),
    ).toEqual({ archived: 1, removed: 0 });
    expect(await get(deps, paths.legacyEvent(community, 'events-local', String(START)))).toMatchObject({
      endDate: now,
      endDateDuration: 60e3,
    });
    expect(await deleteLegacyEvents(deps, { community, section: 'events-local', keys: [String(START)], view: 'archive', now })).toEqual({
      archived: 0,
      removed: 1,
    });
    expect(await get(deps, paths.legacyEvents(community, 'events-local'))).toBeNull();
    expect(await get(deps, paths.legacyRecurrence(community, 'r1'))).toBeNull();
    await expect(deleteLegacyEvents(deps, { community, section: 'faqs' as never, keys: [], view: 'active', now })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('who writes what', () => {
  const record = { title: 'T', startDate: 1, detailButtons: [], huntKey: 'h' };
  it('lets staff write everything, a grant only its information and/or buttons, never calendars or recurrence', () => {
    expect(Object.keys(allowedEventFields(record, eventEditorRights({ kind: 'staff' }))).sort()).toEqual([
      'detailButtons',
      'huntKey',
      'startDate',
      'title',
    ]);
    const info = eventEditorRights({ kind: 'remote', grant: { editInfo: true, addButtons: false } });
    expect(Object.keys(allowedEventFields(record, info)).sort()).toEqual(['huntKey', 'startDate', 'title']);
    expect(info).toMatchObject({ calendars: false, recurrence: false, assistant: false });
    const buttons = eventEditorRights({ kind: 'remote', grant: { editInfo: false, addButtons: true } });
    expect(Object.keys(allowedEventFields(record, buttons))).toEqual(['detailButtons']);
  });

  it('names a calendar grant by its community and calendar', () => {
    expect(remoteAdminTarget('c1', 'calendar', 'activities')).toEqual({
      type: 'calendar',
      origContext: 'c1/amc-events',
      contexts: ['c1/amc-events/calendars/activities'],
      contextsAsGiven: true,
    });
  });
});
