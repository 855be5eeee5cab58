import { fromZonedTime } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { publicPageCache } from '@server/http/public-page-cache';
import { REQUEST_SCOPE_HEADER } from '@server/http/request-scope';
import { calendarIndex, publicCalendarOccurrences, zonedDayKey } from '@server/public-calendar';
import type { Services } from '@server/services';
import * as calendarRoute from '~/routes/calendar';
import * as audiencesRoute from '~/routes/calendar_.audiences.$clocation';
import * as eventRoute from '~/routes/calendar_.event.$clocation.$tab.$eventId._index';
import * as deleteRoute from '~/routes/calendar_.event.$clocation.$tab.$eventId.delete';
import { getRequest, postRequest, routeArgs } from '../../../tests/setup/requests';
import { demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { PublicDeleteData } from './manage.server';
import type { PublicCalendarData, PublicCalendarMissing, PublicEventData } from './public-calendar.server';

/**
 * The public calendar's loaders and staff actions with real requests and the embedded database:
 * each test makes a community of its own (New York time) with an Activities calendar and the
 * legacy resort list.
 */

const TZ = 'America/New_York';
const HOUR = 36e5;
const DAY = 24 * HOUR;
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('public-calendar'));
});
afterAll(async () => {
  await close?.();
});

const at = (local: string) => fromZonedTime(local, TZ).getTime();
/** The first day of next month in New York, yyyy-MM-dd. */
function nextMonth(): string {
  const today = zonedDayKey(Date.now(), TZ);
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}
const dayOfNextMonth = (day: number, time: string) => at(`${nextMonth().slice(0, 8)}${String(day).padStart(2, '0')} ${time}`);

interface Setup {
  community: string;
}

async function setup(): Promise<Setup> {
  counter += 1;
  const community = `public-cal-${counter}`;
  const { paths } = services;
  const context = `${community}/amc-events/calendars/activities`;
  const event = (title: string, start: number, end: number, extra: Record<string, DbValue> = {}): Record<string, DbValue> => ({
    title,
    description: `<p>${title} at the hall.</p>`,
    startDate: start,
    endDate: end,
    endDateDuration: end - start,
    allDay: false,
    resortLocationId: 'hall',
    contexts: [context],
    ...extra,
  });
  const now = Date.now();
  const past = Math.floor((now - 3 * DAY) / HOUR) * HOUR;
  const soon = Math.ceil((now + 2 * DAY) / HOUR) * HOUR;
  await services.db.ref().update({
    [paths.community(community)]: {
      title: `Camp ${counter}`,
      name: `Camp ${counter}`,
      timeZone: TZ,
      website: 'https://camp.example',
      address: '1 Road',
      city: 'Town',
      state: 'NY',
    },
    [paths.calendarConfig(community, 'activities')]: { title: 'Activities', audiences: ['Family'] },
    [paths.calendarConfig(community, 'kids-club')]: { title: 'Kids Club', audiences: ['Kids'] },
    [`${paths.locations(community)}/hall`]: { title: 'Community Hall', address: '2 Hall Road', city: 'Town', state: 'NY', zip: '12846' },
    [paths.calendarEvent(community, 'activities', 'ev-bingo')]: event(
      'Bingo Night',
      dayOfNextMonth(3, '19:00'),
      dayOfNextMonth(3, '21:00'),
    ),
    [paths.calendarEvent(community, 'activities', 'ev-dance')]: event('Late Dance', dayOfNextMonth(4, '21:00'), dayOfNextMonth(5, '01:00')),
    [paths.calendarEvent(community, 'activities', 'ev-deleted')]: event('Deleted Before It Began', now - HOUR, now - HOUR, {
      deleted: { time: now - HOUR, startDate: dayOfNextMonth(6, '10:00'), endDate: dayOfNextMonth(6, '11:00') },
    }),
    [paths.calendarEvent(community, 'activities', 'ev-past')]: event('Potluck', past, past + 2 * HOUR),
    [paths.calendarEvent(community, 'activities', 'ev-soon')]: event('Campfire', soon, soon + HOUR),
    [paths.calendarEvent(community, 'activities', 'ev-yoga-1')]: event('Yoga', past - DAY, past - DAY + HOUR, { recurrenceId: 'rec-yoga' }),
    [paths.calendarEvent(community, 'activities', 'ev-yoga-2')]: event('Yoga', soon + DAY, soon + DAY + HOUR, { recurrenceId: 'rec-yoga' }),
    [paths.calendarEvent(community, 'activities', 'ev-yoga-3')]: event('Yoga', soon + 8 * DAY, soon + 8 * DAY + HOUR, {
      recurrenceId: 'rec-yoga',
    }),
    [paths.calendarRecurrence(community, 'activities', 'rec-yoga')]: {
      eventKeys: { 'ev-yoga-1': true, 'ev-yoga-2': true, 'ev-yoga-3': true },
      sections: [context],
      rule: { frequency: 'weekly' },
    },
    [paths.legacyEvent(community, 'events-resort', String(soon))]: {
      title: 'Legacy Bingo',
      startDate: soon,
      endDate: soon + HOUR,
      allDay: false,
    },
    // A pending submission lives outside the calendar: it never shows.
    [paths.googleEventImport(community, 'pending-1')]: {
      ...event('Pending Party', soon, soon + HOUR),
      eventContext: context,
      userCreated: true,
    },
  });
  return { community };
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) => getRequest(cookie ?? null, path, headers);

async function load<Data>(
  promise: Promise<unknown>,
): Promise<{ status: number; data: Data | null; missing: PublicCalendarMissing | null }> {
  try {
    const value = await promise;
    if (value instanceof Response) return { status: value.status, data: null, missing: null };
    return { status: 200, data: value as Data, missing: null };
  } catch (error) {
    const thrown = error as { type?: string; data?: PublicCalendarMissing; init?: { status?: number } };
    if (thrown?.type === 'DataWithResponseInit') return { status: thrown.init?.status ?? 500, data: null, missing: thrown.data ?? null };
    if (error instanceof Response) return { status: error.status, data: null, missing: null };
    throw error;
  }
}
const calendar = (path: string, cookie?: string, headers?: Record<string, string>) =>
  load<PublicCalendarData>(calendarRoute.loader(routeArgs(get(path, cookie, headers)) as never));
const eventPage = (community: string, tab: string, eventId: string, cookie?: string) =>
  load<PublicEventData>(
    eventRoute.loader(
      routeArgs(get(`/calendar/event/${community}/${tab}/${eventId}`, cookie), { clocation: community, tab, eventId }) as never,
    ),
  );
const titles = (data: PublicCalendarData) => data.list.flatMap((day) => day.rows.map((row) => `${day.key} ${row.title}`));

describe('the public calendar page', () => {
  it("lists a month's events from the community's zone, each day once, with the 04:00 threshold, never deleted or pending ones", async () => {
    const { community } = await setup();
    const month = nextMonth();
    const { status, data } = await calendar(`/calendar?clocation=${community}&selectedTab=activities&date=${month}`);
    expect(status).toBe(200);
    const key = (day: number) => `${month.slice(0, 8)}${String(day).padStart(2, '0')}`;
    expect(titles(data!)).toEqual(expect.arrayContaining([`${key(3)} Bingo Night`, `${key(4)} Late Dance`]));
    // Ends at 01:00: not on the next day.
    expect(titles(data!)).not.toContain(`${key(5)} Late Dance`);
    expect(titles(data!).join('\n')).not.toMatch(/Deleted Before It Began|Pending Party/);
    const bingo = data!.list.find((day) => day.key === key(3))!.rows[0]!;
    expect(bingo).toMatchObject({
      title: 'Bingo Night',
      time: '7:00 pm - 9:00 pm',
      location: 'Community Hall',
      passed: false,
      href: `/calendar/event/${community}/activities/ev-bingo`,
      manage: null,
    });
    expect(bingo.when).toMatch(/^[A-Z][a-z]+ 3rd \d{4} @ 7:00 pm - 9:00 pm$/);
    expect(data!.canonical).toBe(`/calendar?clocation=${community}&selectedTab=activities&date=${month}`);
    expect(data!.jsonLd.map((entry) => entry.name)).toEqual(expect.arrayContaining(['Bingo Night', 'Late Dance']));
    expect(data!.staff).toBeNull();
  });

  it('starts the list today and shows a month with passed events marked, then navigates by links', async () => {
    const { community } = await setup();
    const list = (await calendar(`/calendar?clocation=${community}&selectedTab=activities`)).data!;
    const today = zonedDayKey(Date.now(), TZ);
    expect(list.list.every((day) => day.key >= today)).toBe(true);
    expect(titles(list).join('\n')).not.toContain('Potluck');
    expect(list.period.prevHref).toBeNull();
    expect(list.period.nextHref).toContain('date=');

    const month = (await calendar(`/calendar?clocation=${community}&selectedTab=activities&defaultView=dayGridMonth&date=${today}`)).data!;
    const cells = month.month!.weeks.flat();
    expect(cells.length % 7).toBe(0);
    expect(cells.find((cell) => cell.isToday)?.key).toBe(today);
    const potluck = cells.flatMap((cell) => cell.rows).find((row) => row.title === 'Potluck');
    // A past event is on the month, marked passed (unless it fell in the previous month).
    if (potluck) expect(potluck.passed).toBe(true);
    expect(month.period.prevHref).toContain('defaultView=dayGridMonth');
    expect(month.viewHrefs.list).not.toContain('defaultView');
  });

  it('reads the legacy lists and bad query values fall back to the defaults', async () => {
    const { community } = await setup();
    const legacy = (
      await calendar(`/calendar?clocation=${community}&selectedTab=events-resort&duration=-4&colorText=nope&defaultView=week`)
    ).data!;
    expect(legacy.view).toBe('listMonth');
    expect(legacy.calendar.title).toBe('Legacy Events Tab 1');
    expect(legacy.colors.text).toBe('#ffffff');
    const tabbed = (await calendar(`/calendar?clocation=${community}&selectedTab=activities&isTabbed=true`)).data!;
    expect(tabbed.tabs.map((tab) => [tab.title, tab.current])).toEqual([
      ['Activities', true],
      ['Kids Club', false],
    ]);
  });

  it("keeps a month's busy day to its first events and '+N more' unless expanded, and shortens descriptions when condensed", async () => {
    const { community } = await setup();
    const { paths } = services;
    const long = `<p>${'A long afternoon of games and music by the lake. '.repeat(6)}</p><p>Second paragraph.</p>`;
    const busy: Record<string, DbValue> = {};
    for (const [index, time] of ['09:00', '11:00', '13:00', '15:00'].entries()) {
      busy[paths.calendarEvent(community, 'activities', `ev-busy-${index}`)] = {
        title: `Busy ${index}`,
        description: long,
        startDate: dayOfNextMonth(10, time),
        endDate: dayOfNextMonth(10, time) + HOUR,
        contexts: [`${community}/amc-events/calendars/activities`],
      };
    }
    await services.db.ref().update(busy);
    const base = `/calendar?clocation=${community}&selectedTab=activities&defaultView=dayGridMonth&date=${nextMonth()}`;
    const cellOf = (data: PublicCalendarData) => data.month!.weeks.flat().find((cell) => cell.key === `${nextMonth().slice(0, 8)}10`)!;
    const month = cellOf((await calendar(base)).data!);
    expect(month.rows.map((row) => row.title)).toEqual(['Busy 0', 'Busy 1']);
    expect(month.more).toBe(2);
    expect(month.moreHref).toContain(`duration=1&date=${nextMonth().slice(0, 8)}10`);
    const expanded = cellOf((await calendar(`${base}&expand=true`)).data!);
    expect(expanded.rows).toHaveLength(4);
    expect(expanded.moreHref).toBeNull();

    const day = `${nextMonth().slice(0, 8)}10`;
    const condensed = (await calendar(`/calendar?clocation=${community}&selectedTab=activities&isCondensed=true&duration=1&date=${day}`))
      .data!;
    expect(condensed.period.title).toMatch(/^[A-Z][a-z]{2} 10, \d{4} – [A-Z][a-z]{2} 10, \d{4}$/);
    const row = condensed.list[0]!.rows[0]!;
    expect(row.condensed).toBe(true);
    expect(row.description).toHaveLength(1);
    expect(row.description[0]!.length).toBeLessThanOrEqual(161);
    expect(row.description[0]!.endsWith('…')).toBe(true);
    const full = (await calendar(`/calendar?clocation=${community}&selectedTab=activities&duration=1&date=${day}`)).data!;
    expect(full.list[0]!.rows[0]!.description).toHaveLength(2);
  });

  it('answers a helpful 404 for an unknown community or calendar', async () => {
    const { community } = await setup();
    expect(await calendar('/calendar?clocation=no-such-place')).toMatchObject({
      status: 404,
      missing: { what: 'community', community: 'no-such-place' },
    });
    expect(await calendar(`/calendar?clocation=${community}&selectedTab=nope`)).toMatchObject({
      status: 404,
      missing: { what: 'calendar', communityName: `Camp ${counter}` },
    });
  });

  it('shows the management actions to staff of the community only', async () => {
    const { community } = await setup();
    const staff = await sessionCookie(services.sessions, demoPerson('system'));
    const other = await sessionCookie(services.sessions, demoPerson('editorB'));
    const path = `/calendar?clocation=${community}&selectedTab=activities&date=${nextMonth()}`;
    const asStaff = (await calendar(path, staff)).data!;
    expect(asStaff.staff).toEqual({ audiencesHref: `/calendar/audiences/${community}` });
    expect(asStaff.list[0]!.rows[0]!.manage).toMatchObject({
      deleteHref: expect.stringMatching(/\/delete$/),
      notifyHref: expect.stringContaining('/amc-messages/messages/add?calendar=activities&event='),
    });
    expect((await calendar(path, other)).data!.staff).toBeNull();
  });

  it('gives the same occurrences as publicCalendarOccurrences, and marks an anonymous page keepable until the calendar changes', async () => {
    const { community } = await setup();
    const from = Date.now() - 10 * DAY;
    const to = Date.now() + 40 * DAY;
    const deps = { db: services.db, paths: services.paths };
    const occurrences = (await publicCalendarOccurrences(deps, { community, tab: 'activities', from, to }))!;
    expect(occurrences.map((occurrence) => occurrence.id).sort()).toEqual(
      ['ev-bingo', 'ev-dance', 'ev-past', 'ev-soon', 'ev-yoga-1', 'ev-yoga-2', 'ev-yoga-3'].filter((id) =>
        occurrences.some((occurrence) => occurrence.id === id),
      ),
    );
    expect(occurrences.some((occurrence) => occurrence.id === 'ev-deleted')).toBe(false);
    expect(await publicCalendarOccurrences(deps, { community, tab: 'nope', from, to })).toBeNull();

    const scope = `scope-${counter}`;
    await calendar(`/calendar?clocation=${community}&selectedTab=activities`, undefined, { [REQUEST_SCOPE_HEADER]: scope });
    const validity = publicPageCache().takePending(scope)!;
    expect(validity.isCurrent()).toBe(true);
    expect(validity.expiresAt).toBeGreaterThan(Date.now());
    const index = await calendarIndex(deps, community, 'activities');
    const changed = new Promise<void>((done) => {
      const stop = index.subscribe(() => {
        stop();
        done();
      });
    });
    await services.db.ref(`${services.paths.calendarEvent(community, 'activities', 'ev-bingo')}/title`).set('Bingo Night (moved)');
    await changed;
    expect(validity.isCurrent()).toBe(false);
    const after = (await calendar(`/calendar?clocation=${community}&selectedTab=activities&date=${nextMonth()}`)).data!;
    expect(titles(after).join('\n')).toContain('Bingo Night (moved)');
  });
});

describe("an occurrence's own page", () => {
  it('shows the event with its schema.org Event, and 404 for what is not there', async () => {
    const { community } = await setup();
    const { status, data } = await eventPage(community, 'activities', 'ev-bingo');
    expect(status).toBe(200);
    expect(data!.event).toMatchObject({ title: 'Bingo Night', location: 'Community Hall', address: '2 Hall Road, Town, NY, 12846' });
    expect(data!.jsonLd).toMatchObject({
      '@type': 'Event',
      name: 'Bingo Night',
      startDate: expect.stringMatching(/T19:00:00-0[45]:00$/),
      organizer: { name: `Camp ${counter}`, url: 'https://camp.example' },
      location: { name: 'Community Hall' },
    });
    expect(data!.canonical).toBe(`/calendar/event/${community}/activities/ev-bingo`);
    expect((await eventPage(community, 'activities', 'ev-deleted')).missing).toMatchObject({ what: 'event' });
    expect((await eventPage(community, 'nope', 'ev-bingo')).missing).toMatchObject({ what: 'calendar' });
    expect((await eventPage('nope', 'activities', 'ev-bingo')).missing).toMatchObject({ what: 'community' });
  });
});

describe('staff actions', () => {
  const deleteArgs = (request: Request, community: string, eventId: string) =>
    routeArgs(request, { clocation: community, tab: 'activities', eventId }) as never;
  const read = async (path: string) => (await services.db.ref(path).get()).val() as unknown;

  it('refuses the public (403) and staff of other communities', async () => {
    const { community } = await setup();
    const path = `/calendar/event/${community}/activities/ev-bingo/delete`;
    const anonymous = await load(deleteRoute.loader(deleteArgs(get(path), community, 'ev-bingo')));
    expect(anonymous.status).toBe(403);
    const posted = await load(deleteRoute.action(deleteArgs(postRequest(null, path, { intent: 'delete-event' }), community, 'ev-bingo')));
    expect(posted.status).toBe(403);
    const other = await sessionCookie(services.sessions, demoPerson('editorB'));
    expect((await load(deleteRoute.loader(deleteArgs(get(path, other), community, 'ev-bingo')))).status).toBe(403);
    expect(await read(services.paths.calendarEvent(community, 'activities', 'ev-bingo'))).not.toBeNull();
  });

  it("asks 'Delete Event' for a plain event and deletes it", async () => {
    const { community } = await setup();
    const cookie = await sessionCookie(services.sessions, demoPerson('system'));
    const path = `/calendar/event/${community}/activities/ev-bingo/delete`;
    const page = await load<PublicDeleteData>(deleteRoute.loader(deleteArgs(get(path, cookie), community, 'ev-bingo')));
    expect(page.data).toMatchObject({
      dialogTitle: 'Delete Event',
      dialogText: 'Are you sure you want to delete this event?',
      recurring: false,
    });
    const done = await load(
      deleteRoute.action(deleteArgs(postRequest(cookie, path, { intent: 'delete-event', _community: community }), community, 'ev-bingo')),
    );
    expect(done.status).toBe(302);
    expect(await read(services.paths.calendarEvent(community, 'activities', 'ev-bingo'))).toBeNull();
  });

  it("asks 'Delete Recurrence' and deletes the recurrence's future events only", async () => {
    const { community } = await setup();
    const cookie = await sessionCookie(services.sessions, demoPerson('system'));
    const path = `/calendar/event/${community}/activities/ev-yoga-2/delete`;
    const page = await load<PublicDeleteData>(deleteRoute.loader(deleteArgs(get(path, cookie), community, 'ev-yoga-2')));
    expect(page.data).toMatchObject({
      dialogTitle: 'Delete Recurrence',
      dialogText: 'Do you want to delete only this event or all events in this recurrence?',
      recurring: true,
    });
    await load(
      deleteRoute.action(
        deleteArgs(postRequest(cookie, path, { intent: 'delete-recurrence', _community: community }), community, 'ev-yoga-2'),
      ),
    );
    expect(await read(services.paths.calendarEvent(community, 'activities', 'ev-yoga-2'))).toBeNull();
    expect(await read(services.paths.calendarEvent(community, 'activities', 'ev-yoga-3'))).toBeNull();
    // The past one stays, and so does the recurrence record with its date.
    expect(await read(services.paths.calendarEvent(community, 'activities', 'ev-yoga-1'))).not.toBeNull();
    expect(await read(`${services.paths.calendarRecurrence(community, 'activities', 'rec-yoga')}/eventKeys`)).toEqual({
      'ev-yoga-1': true,
    });
  });

  it("asks 'Delete Imported Event': Delete Forever keeps the next import from bringing it back", async () => {
    const { community } = await setup();
    const cookie = await sessionCookie(services.sessions, demoPerson('system'));
    const soon = Date.now() + 2 * 24 * 3_600_000;
    const context = `${community}/amc-events/calendars/activities`;
    await services.db.ref().update({
      [services.paths.calendarImports(community, 'activities')]: [
        { title: 'Town', type: 'iCal', calendarId: 'town-feed', ignored: ['old'] },
      ],
      [services.paths.calendarEvent(community, 'activities', 'ev-parade')]: {
        title: 'Parade',
        startDate: soon,
        endDate: soon + 3_600_000,
        contexts: [context],
        id: 'uid-42',
        calendarId: 'town-feed',
      },
      [services.paths.calendarEvent(community, 'activities', 'ev-market')]: {
        title: 'Market',
        startDate: soon,
        endDate: soon + 3_600_000,
        contexts: [context],
        id: 'uid-43',
        calendarId: 'town-feed',
      },
    });
    const ask = async (eventId: string) =>
      (
        await load<PublicDeleteData>(
          deleteRoute.loader(deleteArgs(get(`/calendar/event/${community}/activities/${eventId}/delete`, cookie), community, eventId)),
        )
      ).data;
    expect(await ask('ev-parade')).toMatchObject({
      dialogTitle: 'Delete Imported Event',
      dialogText: 'This event was imported. Delete Forever also skips it in future imports.',
      imported: true,
      recurring: false,
    });
    const post = (eventId: string, intent: string) =>
      load(
        deleteRoute.action(
          deleteArgs(
            postRequest(cookie, `/calendar/event/${community}/activities/${eventId}/delete`, { intent, _community: community }),
            community,
            eventId,
          ),
        ),
      );
    expect((await post('ev-parade', 'delete-forever')).status).toBe(302);
    expect((await post('ev-market', 'delete-event')).status).toBe(302);
    expect(await read(services.paths.calendarEvent(community, 'activities', 'ev-parade'))).toBeNull();
    expect(await read(services.paths.calendarEvent(community, 'activities', 'ev-market'))).toBeNull();
    // Delete Forever recorded its id; Delete, Allow Future Imports did not.
    expect(await read(services.paths.calendarImports(community, 'activities'))).toMatchObject([{ ignored: ['old', 'uid-42'] }]);
  });

  it('reads and sets the audience list, refusing duplicates', async () => {
    const { community } = await setup();
    const cookie = await sessionCookie(services.sessions, demoPerson('system'));
    const path = `/calendar/audiences/${community}`;
    const args = (request: Request) => routeArgs(request, { clocation: community }) as never;
    expect((await load(audiencesRoute.loader(args(get(path))))).status).toBe(403);
    const bad = await audiencesRoute.action(
      args(postRequest(cookie, path, { intent: 'save', audiences: 'Family\nfamily', _community: community })),
    );
    expect(bad).toMatchObject({ init: { status: 400 }, data: { message: 'Each audience may appear only once.' } });
    const saved = await audiencesRoute.action(
      args(postRequest(cookie, path, { intent: 'save', audiences: ' Family \n\nAdults', _community: community })),
    );
    expect((saved as Response).status).toBe(302);
    expect(await read(services.paths.audience(community))).toEqual(['Family', 'Adults']);
    const page = await load<{ audiences: string[] }>(audiencesRoute.loader(args(get(path, cookie))));
    expect(page.data!.audiences).toEqual(['Family', 'Adults']);
  });
});
