import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { formatEventContext } from '@server/paths';
import type { Services } from '@server/services';
import type { BulkActionData, ListScreenData, RowView } from '~/lib/listing/screen';
import * as calendarRoute from '~/routes/_app.amc-calendar.$context.$view';
import * as deleteRoute from '~/routes/_app.amc-calendar.$context.$view.delete.$itemId';
import * as rowsRoute from '~/routes/_app.amc-calendar.$context.$view.rows';
import * as oldCalendarRoute from '~/routes/_app.amc-calendar.menu.($menu).($menuIndex).($tab).($action)';
import * as menuListRoute from '~/routes/_app.list.$menuId.$gridMenuKey';
import * as legacyDeleteRoute from '~/routes/_app.list.$menuId.$gridMenuKey.$tab.delete.$itemId';
import * as listnmRoute from '~/routes/_app.listnm.$context';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import { nextDeleteStep, NO_ANSWERS, type EventDeleteData } from './event-delete.server';
import { whenText } from './list-view.server';

/**
 * The event lists with real requests, sessions and the embedded database (spec 02 "Legacy
 * events list", "Calendars", §4 deleting events, imported events, §9 page sizes; spec 03
 * "Public calendar events"): the calendar of events at /amc-calendar/:context/:view and the
 * legacy events list of a menu item of type events. Each test makes a community of its own.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('event-lists'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

/** A community with an editor, calendars `activities` and `kids-club`, a legacy events menu item, and the data given (paths under location-data). */
async function own(data: Record<string, DbValue> = {}): Promise<Own> {
  counter += 1;
  const community = `event-lists-${counter}`;
  const uid = `event-lists-editor-${counter}`;
  const loc = services.paths.locationData(community);
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Events Test ${counter}`, timeZone: 'America/New_York' },
    [services.paths.menu(community, 'main-menu')]: [
      { id: 'activities', uniqueId: 'activities-tile', name: 'Activities', type: 'amc-events' },
      { id: 'legacy', uniqueId: 'legacy-events', name: 'Happenings', type: 'events', tabs: [{ id: 'resort', title: 'At the Resort' }] },
    ],
    [services.paths.calendarConfig(community, 'activities')]: { title: 'Activities', priorNotificationTime: 15 },
    [services.paths.calendarConfig(community, 'kids-club')]: { title: 'Kids Club', priorNotificationTime: 15 },
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
    ...Object.fromEntries(Object.entries(data).map(([path, value]) => [`${loc}/${path}`, value])),
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Editor' },
    { communityKey: community },
  );
  return { community, cookie };
}

const get = (o: Own, path: string) => getRequest(o.cookie, path);
const post = (o: Own, path: string, fields: PostedFields) => postRequest(o.cookie, path, fields);
const args = routeArgs;

function event(title: string, start: number, more: Record<string, DbValue> = {}): Record<string, DbValue> {
  return { title, description: `<p>${title}</p>`, startDate: start, endDate: start + HOUR, endDateDuration: HOUR, allDay: false, ...more };
}

const contexts = (community: string, ...calendars: string[]) => calendars.map((calendar) => formatEventContext(community, calendar));

async function calendarPage(o: Own, view: 'active' | 'archive', query = '', calendar = 'activities'): Promise<ListScreenData> {
  return (await calendarRoute.loader(
    args(get(o, `/amc-calendar/${calendar}/${view}${query}`), { context: calendar, view }),
  )) as ListScreenData;
}

const stored = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, Record<string, unknown>> | null;

describe('the calendar of events', () => {
  it('pages a calendar 50 then 40 by start, links rows to the event editor and marks passed rows only in the active view', async () => {
    const now = Date.now();
    const events: Record<string, DbValue> = {};
    // 100 events from tomorrow on, written in reverse start order; one that just ended (today), one of two days ago.
    for (let index = 0; index < 100; index++)
      events[`e${String(99 - index).padStart(3, '0')}`] = event(`Future ${index}`, now + DAY + index * HOUR);
    events.p1 = event('Just Ended', now - 2000, { endDate: now - 1000, endDateDuration: 1000 });
    events.p0 = event('Two Days Ago', now - 2 * DAY);
    const o = await own({ 'amc-events/calendars/activities/events': events });

    const page = await calendarPage(o, 'active');
    expect(page.title).toBe('Activities');
    expect(page.loadingText).toBe('Loading events');
    expect(page.rows).toHaveLength(50);
    // What ends next first: today's ended event (passed), then the future ones; older ones are in the archive only.
    expect(page.rows.slice(0, 3).map((row) => row.title)).toEqual(['Just Ended', 'Future 0', 'Future 1']);
    const first = page.rows[0]!;
    expect(first).toMatchObject({
      passed: true,
      editHref: '/detail/events/activities/p1',
      duplicateHref: '/detail/events/activities/p1/duplicate',
      deleteHref: '/amc-calendar/activities/active/delete/p1#editor',
    });
    expect(first.when).toMatch(/^\w{3}, \w{3} \d+, \d{4}, \d+:\d{2} [AP]M – /);
    expect(page.rows[1]?.passed).toBe(false);
    expect(page.addHref).toBe('/detail/events/activities');
    expect(page.links.otherView).toBe('/amc-calendar/activities/archive');
    expect(page.moreHref).toBe('/amc-calendar/activities/active?more=1#more-1');

    const rows = (await rowsRoute.loader(
      args(get(o, `/amc-calendar/activities/active/rows?after=${encodeURIComponent(page.next!)}`), {
        context: 'activities',
        view: 'active',
      }),
    )) as { rows: RowView[]; next: string | null };
    expect(rows.rows).toHaveLength(40);
    expect(rows.rows[0]?.title).toBe('Future 49');
    // The active view read only what ends from today on: 51 children for 50 rows.
    expect(page.rows.every((row) => row.key !== 'p0')).toBe(true);

    // The archive view holds what ended — the end-time rule, not a filter of the active view — and marks nothing passed.
    const archive = await calendarPage(o, 'archive');
    // The latest ended first.
    expect(archive.rows.map((row) => [row.title, row.passed])).toEqual([
      ['Just Ended', false],
      ['Two Days Ago', false],
    ]);
    expect(archive.links.otherView).toBe('/amc-calendar/activities/active');
    expect(archive.rows[1]?.deleteHref).toBe('/amc-calendar/activities/archive/delete/p0#editor');
  });

  it('filters by text, date range and recurrence, and clears back to the view', async () => {
    const now = Date.now();
    const o = await own({
      'amc-events/calendars/activities/events': {
        a: event('Bingo Night', now + DAY),
        b: event('Yoga', now + 2 * DAY, { recurrenceId: 'r1' }),
        c: event('Yoga', now + 3 * DAY, { recurrenceId: 'r1' }),
        d: event('Pool Party', now + 40 * DAY),
      },
    });
    expect((await calendarPage(o, 'active', '?q=bingo')).rows.map((row) => row.key)).toEqual(['a']);
    const recurrence = await calendarPage(o, 'active', '?recurrence=r1');
    expect(recurrence.rows.map((row) => row.key)).toEqual(['b', 'c']);
    expect(recurrence.filters).toMatchObject({ recurrence: 'r1', active: true, clearHref: '/amc-calendar/activities/active' });
    const all = await calendarPage(o, 'active');
    expect(all.rows.find((row) => row.key === 'b')?.recurrenceHref).toBe('/amc-calendar/activities/active?recurrence=r1');
    expect(all.rows.find((row) => row.key === 'a')?.recurrenceHref).toBeNull();
    const day = (offset: number) => new Date(now + offset * DAY).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const ranged = await calendarPage(o, 'active', `?from=${day(30)}&to=${day(50)}`);
    expect(ranged.rows.map((row) => row.key)).toEqual(['d']);
    // A `view` in the query means nothing here: the path names the view.
    expect((await calendarPage(o, 'active', '?view=archive')).rows).toHaveLength(4);
  });

  it('answers 404 for an unknown calendar or view, and has no /listnm address', async () => {
    const o = await own();
    const status = async (calendar: string, view: string) =>
      (await outcome(calendarRoute.loader(args(get(o, `/amc-calendar/${calendar}/${view}`), { context: calendar, view })))).status;
    expect(await status('no-such-calendar', 'active')).toBe(404);
    expect(await status('activities', 'archived')).toBe(404);
    expect(await status('activities', 'active')).toBe(200);
    expect((await outcome(listnmRoute.loader(args(get(o, '/listnm/calendar-events'), { context: 'calendar-events' })))).status).toBe(404);
  });

  it('sends the older menu address to the calendar its menu item names', async () => {
    const o = await own();
    const NAMES = ['menu', 'menuIndex', 'tab', 'action'];
    const old = async (rest: string) => {
      const params = Object.fromEntries(rest.split('/').flatMap((value, index) => (value ? [[NAMES[index]!, value]] : [])));
      return outcome(oldCalendarRoute.loader(args(get(o, `/amc-calendar/menu/${rest}`), params)));
    };
    for (const rest of ['main-menu', 'main-menu/0', 'main-menu/activities-tile/tab/edit']) {
      const answer = await old(rest);
      expect(answer.response?.headers.get('Location'), rest).toBe('/amc-calendar/activities/active');
    }
    expect((await old('main-menu/1')).status).toBe(404);
    expect((await old('no-menu')).status).toBe(404);
    expect((await old('')).status).toBe(404);
  });

  it('bulk-deletes: the active view archives the events in every calendar (leaving that view at once), the archive removes them', async () => {
    const now = Date.now();
    const o = await own();
    const both = contexts(o.community, 'activities', 'kids-club');
    await services.db.ref().update({
      [services.paths.calendarEvent(o.community, 'activities', 'x')]: event('Shared', now + DAY, { contexts: both }),
      [services.paths.calendarEvent(o.community, 'kids-club', 'x')]: event('Shared', now + DAY, { contexts: both }),
      [services.paths.calendarEvent(o.community, 'activities', 'y')]: event('Mine', now + DAY, {
        contexts: contexts(o.community, 'activities'),
      }),
    });
    const bulk = (view: 'active' | 'archive', fields: Array<[string, string]>) =>
      outcome<BulkActionData>(
        calendarRoute.action(
          args(post(o, `/amc-calendar/activities/${view}`, [['intent', 'delete-selected'], ...fields]), { context: 'activities', view }),
        ),
      );
    const asked = await bulk('active', [['key', 'x']]);
    expect(asked.data?.confirm).toMatchObject({ text: 'Are you certain you want to delete all selected items?', count: 1 });
    const done = await bulk('active', [
      ['key', 'x'],
      ['confirmed', '1'],
    ]);
    expect(done.response?.headers.get('Location')).toBe('/amc-calendar/activities/active');
    for (const calendar of ['activities', 'kids-club']) {
      const ended = (await stored(services.paths.calendarEvent(o.community, calendar, 'x'))) as Record<string, unknown> | null;
      expect(ended?.endDate, calendar).toBeLessThanOrEqual(Date.now());
      // Deleted before it began: it begins when it ends (decision 024), its planned times kept.
      expect(ended?.startDate, calendar).toBe(ended?.endDate);
      expect(ended?.deleted, calendar).toEqual({ time: ended?.endDate, startDate: now + DAY, endDate: now + DAY + HOUR });
    }
    expect(await stored(services.paths.calendarIcsBuildTime(o.community, 'kids-club'))).toBeGreaterThanOrEqual(now);
    // It leaves the active view at once (today's ended events stay there, marked passed; a deleted one does not) …
    const active = await calendarPage(o, 'active');
    expect(active.rows.map((row) => row.key)).toEqual(['y']);
    // … and is in the archive once, with the range it was planned for and when it was deleted.
    const archive = await calendarPage(o, 'archive');
    expect(archive.rows.map((row) => row.key)).toEqual(['x']);
    expect(archive.rows[0]?.when).toBe(whenText(now + DAY, now + DAY + HOUR, false, 'America/New_York'));
    expect(archive.rows[0]?.notes).toEqual([
      { text: expect.stringMatching(/^Deleted \w{3}, \w{3} \d+, \d+:\d{2} [AP]M, before it began$/), tone: 'plain' },
    ]);

    const removed = await bulk('archive', [
      ['all', '1'],
      ['confirmed', '1'],
    ]);
    expect(removed.response?.headers.get('Location')).toBe('/amc-calendar/activities/archive');
    expect(Object.keys((await stored(services.paths.calendarEvents(o.community, 'activities'))) ?? {})).toEqual(['y']);
    // Removed from this calendar only.
    expect(await stored(services.paths.calendarEvent(o.community, 'kids-club', 'x'))).not.toBeNull();
  });
});

describe("an event's delete dialogs", () => {
  it('asks in order: the calendars, Delete Recurrence, Delete Imported Event; a plain event is confirmed', () => {
    const plain = { calendars: ['a'], recurring: false, imported: false };
    expect(nextDeleteStep(plain, NO_ANSWERS)).toBe('confirm');
    expect(nextDeleteStep(plain, { ...NO_ANSWERS, confirmed: true })).toBeNull();
    const all = { calendars: ['a', 'b'], recurring: true, imported: true };
    expect(nextDeleteStep(all, NO_ANSWERS)).toBe('calendars');
    expect(nextDeleteStep(all, { ...NO_ANSWERS, calendars: [] })).toBe('calendars');
    expect(nextDeleteStep(all, { ...NO_ANSWERS, calendars: ['a'] })).toBe('recurrence');
    expect(nextDeleteStep(all, { ...NO_ANSWERS, calendars: ['a'], scope: 'event' })).toBe('imported');
    expect(nextDeleteStep(all, { ...NO_ANSWERS, calendars: ['a'], scope: 'event', imported: 'allow' })).toBeNull();
  });

  it('deletes one occurrence of a recurring event in two calendars from the calendar chosen, only this one', async () => {
    const now = Date.now();
    const o = await own();
    const both = contexts(o.community, 'activities', 'kids-club');
    const updates: Record<string, DbValue> = {};
    for (const [index, id] of ['o1', 'o2', 'o3'].entries()) {
      for (const calendar of ['activities', 'kids-club']) {
        updates[services.paths.calendarEvent(o.community, calendar, id)] = event('Story Time', now + (index + 1) * DAY, {
          contexts: both,
          recurrenceId: 'rec',
        });
      }
    }
    for (const calendar of ['activities', 'kids-club']) {
      updates[services.paths.calendarRecurrence(o.community, calendar, 'rec')] = {
        recurrence: 'weekly',
        eventKeys: { o1: now + DAY, o2: now + 2 * DAY, o3: now + 3 * DAY },
        sections: both,
      };
    }
    await services.db.ref().update(updates);
    const path = '/amc-calendar/activities/active/delete/o2';
    const params = { context: 'activities', view: 'active', itemId: 'o2' };
    const first = (await deleteRoute.loader(args(get(o, path), params))) as EventDeleteData;
    expect(first).toMatchObject({ step: 'calendars', title: 'Delete Event', eventTitle: 'Story Time' });
    expect(first.calendars).toEqual([
      { id: 'activities', title: 'Activities', checked: true },
      { id: 'kids-club', title: 'Kids Club', checked: true },
    ]);

    const none = await outcome<EventDeleteData>(
      deleteRoute.action(
        args(
          post(o, path, [
            ['intent', 'delete'],
            ['calendarsChosen', '1'],
          ]),
          params,
        ),
      ),
    );
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({ step: 'calendars', error: 'Choose at least one calendar to delete the event from.' });

    const chosen: Array<[string, string]> = [
      ['intent', 'delete'],
      ['calendarsChosen', '1'],
      ['calendar', 'kids-club'],
    ];
    const second = await outcome<EventDeleteData>(deleteRoute.action(args(post(o, path, chosen), params)));
    expect(second.data).toMatchObject({
      step: 'recurrence',
      title: 'Delete Recurrence',
      text: 'Do you want to delete only this event or all events in this recurrence?',
      answers: { calendars: ['kids-club'], scope: null },
    });
    expect(await stored(services.paths.calendarEvent(o.community, 'kids-club', 'o2'))).not.toBeNull();

    const done = await outcome(deleteRoute.action(args(post(o, path, [...chosen, ['scope', 'event']]), params)));
    expect(done.response?.headers.get('Location')).toBe('/amc-calendar/activities/active');
    expect(Object.keys((await stored(services.paths.calendarEvents(o.community, 'kids-club'))) ?? {}).sort()).toEqual(['o1', 'o3']);
    expect(Object.keys((await stored(services.paths.calendarEvents(o.community, 'activities'))) ?? {}).sort()).toEqual(['o1', 'o2', 'o3']);
    const left = (await stored(services.paths.calendarEvent(o.community, 'activities', 'o2'))) as Record<string, unknown> | null;
    expect(left?.contexts).toEqual(contexts(o.community, 'activities'));
  });

  it('Delete Recurrence (all) from the active view removes the future occurrences and keeps the ended ones', async () => {
    const now = Date.now();
    const o = await own();
    const mine = contexts(o.community, 'activities');
    const starts = { past: now - 3 * DAY, next: now + DAY, later: now + 2 * DAY };
    const updates: Record<string, DbValue> = {
      [services.paths.calendarRecurrence(o.community, 'activities', 'rec')]: { recurrence: 'daily', eventKeys: starts, sections: mine },
    };
    for (const [id, start] of Object.entries(starts))
      updates[services.paths.calendarEvent(o.community, 'activities', id)] = event('Swim', start, { contexts: mine, recurrenceId: 'rec' });
    await services.db.ref().update(updates);
    const params = { context: 'activities', view: 'active', itemId: 'next' };
    const path = '/amc-calendar/activities/active/delete/next';
    expect(((await deleteRoute.loader(args(get(o, path), params))) as EventDeleteData).step).toBe('recurrence');
    const done = await outcome(
      deleteRoute.action(
        args(
          post(o, path, [
            ['intent', 'delete'],
            ['scope', 'recurrence'],
          ]),
          params,
        ),
      ),
    );
    expect(done.status).toBe(302);
    expect(Object.keys((await stored(services.paths.calendarEvents(o.community, 'activities'))) ?? {})).toEqual(['past']);
    const record = await stored(services.paths.calendarRecurrence(o.community, 'activities', 'rec'));
    expect(Object.keys(record?.eventKeys ?? {})).toEqual(['past']);
    expect(await stored(services.paths.calendarIcsBuildTime(o.community, 'activities'))).toBeGreaterThanOrEqual(now);
  });

  it('asks Delete Imported Event; Delete Forever adds the id to the source’s ignored list', async () => {
    const now = Date.now();
    const o = await own();
    await services.db.ref().update({
      [services.paths.calendarImports(o.community, 'activities')]: [
        { title: 'Town', type: 'iCal', calendarId: 'town-feed', ignored: ['old'] },
      ],
      [services.paths.calendarEvent(o.community, 'activities', 'imp')]: event('Parade', now + DAY, {
        contexts: contexts(o.community, 'activities'),
        id: 'uid-42',
        calendarId: 'town-feed',
      }),
      [services.paths.calendarEvent(o.community, 'activities', 'plain')]: event('Plain', now + DAY, {
        contexts: contexts(o.community, 'activities'),
      }),
    });
    const params = { context: 'activities', view: 'active', itemId: 'imp' };
    const path = '/amc-calendar/activities/active/delete/imp';
    expect(((await deleteRoute.loader(args(get(o, path), params))) as EventDeleteData).step).toBe('imported');
    const done = await outcome(
      deleteRoute.action(
        args(
          post(o, path, [
            ['intent', 'delete'],
            ['imported', 'forever'],
          ]),
          params,
        ),
      ),
    );
    expect(done.status).toBe(302);
    expect(await stored(services.paths.calendarEvent(o.community, 'activities', 'imp'))).toBeNull();
    const imports = (await services.db.ref(services.paths.calendarImports(o.community, 'activities')).get()).val() as Array<{
      ignored: string[];
    }>;
    expect(imports[0]?.ignored).toEqual(['old', 'uid-42']);

    const plainParams = { context: 'activities', view: 'active', itemId: 'plain' };
    const plainPath = '/amc-calendar/activities/active/delete/plain';
    const confirm = (await deleteRoute.loader(args(get(o, plainPath), plainParams))) as EventDeleteData;
    expect(confirm).toMatchObject({ step: 'confirm', title: 'Delete Event', text: 'Are you sure you want to delete this event?' });
    const unconfirmed = await outcome<EventDeleteData>(deleteRoute.action(args(post(o, plainPath, [['intent', 'delete']]), plainParams)));
    expect(unconfirmed.data?.step).toBe('confirm');
    expect(await stored(services.paths.calendarEvent(o.community, 'activities', 'plain'))).not.toBeNull();
    await outcome(
      deleteRoute.action(
        args(
          post(o, plainPath, [
            ['intent', 'delete'],
            ['confirmed', '1'],
          ]),
          plainParams,
        ),
      ),
    );
    expect(await stored(services.paths.calendarEvent(o.community, 'activities', 'plain'))).toBeNull();
    expect((await outcome(deleteRoute.loader(args(get(o, plainPath), plainParams)))).status).toBe(404);
  });
});

describe('the legacy events list', () => {
  it("shows a menu item's tabs, keyed by start, with the editor, RSVP and duplicate links; deletes by the events' rules", async () => {
    const now = Date.now();
    const soon = now + DAY;
    const later = now + 2 * DAY;
    const past = now - 2000;
    const o = await own({
      'events-resort': {
        [String(later)]: event('Later', later, { rsvpRequest: true }),
        [String(soon)]: event('Soon', soon),
        [String(past)]: event('Gone', past, { endDate: past + 1000, endDateDuration: 1000 }),
      },
    });
    const params = { menuId: 'main-menu', gridMenuKey: 'legacy-events' };
    const page = (await menuListRoute.loader(args(get(o, '/list/main-menu/legacy-events'), params))) as ListScreenData;
    expect(page.title).toBe('Happenings');
    expect(page.tabs.map((tab) => [tab.id, tab.title])).toEqual([['resort', 'At the Resort']]);
    expect(page.rows.map((row) => [row.title, row.passed])).toEqual([
      ['Gone', true],
      ['Soon', false],
      ['Later', false],
    ]);
    const laterRow = page.rows[2]!;
    expect(laterRow.editHref).toBe(`/detail/events/events-resort/${later}`);
    expect(laterRow.duplicateHref).toBe(`/detail/events/events-resort/${later}/duplicate`);
    expect(laterRow.detailAction).toEqual({ label: 'RSVP', href: `/detail/events/events-resort/${later}/rsvp` });
    expect(page.rows[1]?.detailAction).toBeNull();
    expect(page.addHref).toBe('/detail/events/events-resort');
    expect(page.nextSize).toBe(20);

    const archive = (await menuListRoute.loader(args(get(o, '/list/main-menu/legacy-events?view=archive'), params))) as ListScreenData;
    expect(archive.rows.map((row) => [row.title, row.editHref])).toEqual([['Gone', `/detail/eventsArchived/events-resort/${past}`]]);

    // Delete Item in the active view ends the event now (it moves to the archive).
    const itemParams = { ...params, tab: 'resort', itemId: String(soon) };
    const ended = await outcome(
      legacyDeleteRoute.action(args(post(o, `/list/main-menu/legacy-events/resort/delete/${soon}`, [['intent', 'delete']]), itemParams)),
    );
    expect(ended.status).toBe(302);
    const soonNow = (await stored(services.paths.legacyEvent(o.community, 'events-resort', String(soon)))) as Record<
      string,
      unknown
    > | null;
    expect(soonNow?.endDate).toBeLessThanOrEqual(Date.now());
    // It had not started: it now lasts nothing.
    expect(soonNow?.endDateDuration).toBe(0);

    // Delete Selected in the archive removes them.
    const removed = await outcome(
      menuListRoute.action(
        args(
          post(o, '/list/main-menu/legacy-events?view=archive', [
            ['intent', 'delete-selected'],
            ['all', '1'],
            ['confirmed', '1'],
          ]),
          params,
        ),
      ),
    );
    expect(removed.status).toBe(302);
    expect(Object.keys((await stored(services.paths.legacyEvents(o.community, 'events-resort'))) ?? {})).toEqual([String(later)]);
  });

  it('reads the spec’s sections whatever the menu item is called, with both tabs when it names none', async () => {
    const o = await own({ 'events-local': { '1': event('Local', Date.now() + DAY) } });
    await services.db
      .ref(services.paths.menu(o.community, 'main-menu'))
      .set([{ id: 'ev', uniqueId: 'ev', name: 'Events', type: 'events' }]);
    const page = (await menuListRoute.loader(
      args(get(o, '/list/main-menu/ev/local'), { menuId: 'main-menu', gridMenuKey: 'ev', tab: 'local' }),
    )) as ListScreenData;
    expect(page.tabs.map((tab) => tab.id)).toEqual(['resort', 'local']);
    expect(page.rows.map((row) => row.title)).toEqual(['Local']);
  });
});

describe('whenText', () => {
  const zone = 'America/New_York';
  const at = (iso: string) => new Date(iso).getTime();
  it('shows an event’s dates in the time zone: the end’s day only when it differs', () => {
    expect(whenText(at('2026-07-04T22:00:00Z'), at('2026-07-05T00:00:00Z'), false, zone)).toBe('Sat, Jul 4, 2026, 6:00 PM – 8:00 PM');
    expect(whenText(at('2026-07-04T22:00:00Z'), at('2026-07-06T00:00:00Z'), false, zone)).toBe(
      'Sat, Jul 4, 2026, 6:00 PM – Sun, Jul 5, 2026, 8:00 PM',
    );
    expect(whenText(at('2026-07-04T04:00:00Z'), at('2026-07-04T04:00:00Z') + 86_399_999, true, zone)).toBe('Sat, Jul 4, 2026, all day');
    expect(whenText(0, 0, false, zone)).toBeNull();
  });
});
