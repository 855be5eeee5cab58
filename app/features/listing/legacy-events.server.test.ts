import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { listCalendars } from '@server/events';
import type { Services } from '@server/services';
import type { CalendarConfigActionData, CalendarConfigData } from '~/features/calendars/calendars.server';
import { groupRowsByDay } from '~/lib/listing/groups';
import type { ListScreenData, RowView } from '~/lib/listing/screen';
import * as menuListRoute from '~/routes/_app.list.$menuId.$gridMenuKey';
import * as configRoute from '~/routes/_app.list.$menuId.$gridMenuKey.$tab.config[.]events';
import * as rowsRoute from '~/routes/_app.list.$menuId.$gridMenuKey.$tab.rows';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import { dayHeading } from './list-view.server';

/**
 * The legacy events list's grouped rows and its config.events action (spec 02 "Legacy events
 * list", "Calendar config editor", §4 listing actions, §9 page sizes) with real requests, sessions
 * and the embedded database. Each test makes a community of its own, in Los Angeles time, so a
 * day that is not the server's or New York's shows.
 */

const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('legacy-events'));
});
afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

const LIST = '/list/main-menu/legacy-events';
const PARAMS = { menuId: 'main-menu', gridMenuKey: 'legacy-events' };
const CONFIG = `${LIST}/resort/config.events`;
const CONFIG_PARAMS = { ...PARAMS, tab: 'resort' };

async function own(events: Record<string, DbValue> = {}): Promise<Own> {
  counter += 1;
  const community = `legacy-events-${counter}`;
  const uid = `legacy-editor-${counter}`;
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Legacy ${counter}`, timeZone: ZONE },
    [services.paths.menu(community, 'main-menu')]: [
      { id: 'legacy', uniqueId: 'legacy-events', name: 'Happenings', type: 'events', tabs: [{ id: 'resort', title: 'At the Resort' }] },
    ],
    [services.paths.calendarConfig(community, 'activities')]: { title: 'Activities', priorNotificationTime: 15 },
    [services.paths.legacyEvents(community, 'events-resort')]: events,
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Editor' },
    { communityKey: community },
  );
  return { community, cookie };
}

const get = (o: Own | null, path: string) => getRequest(o?.cookie ?? null, path);
const post = (o: Own | null, path: string, fields: PostedFields) => postRequest(o?.cookie ?? null, path, fields);
const args = routeArgs;

/** Epoch ms of a wall time in Los Angeles (June and July 2027: UTC−7). */
const la = (date: string, time: string) => new Date(`${date}T${time}:00-07:00`).getTime();
function event(title: string, start: number): [string, Record<string, DbValue>] {
  return [String(start), { title, startDate: start, endDate: start + HOUR, endDateDuration: HOUR, allDay: false }];
}
const page = async (o: Own, query = '') => (await menuListRoute.loader(args(get(o, `${LIST}${query}`), PARAMS))) as ListScreenData;
const headings = (rows: RowView[]) => groupRowsByDay(rows).map((group) => [group.heading, group.rows.map((row) => row.title)]);

describe('grouped rows', () => {
  it('groups rows under the day of their start in the community’s time zone', async () => {
    const o = await own(
      Object.fromEntries([
        event('Morning Yoga', la('2027-06-05', '10:00')),
        // 06:30 on June 6 in UTC, 02:30 in New York: still Saturday in Los Angeles.
        event('Late Show', la('2027-06-05', '23:30')),
        event('Midnight Swim', la('2027-06-06', '00:30')),
      ]),
    );
    const data = await page(o);
    expect(data.rows.map((row) => row.day)).toEqual([
      { key: '2027-06-05', heading: 'Saturday, June 5, 2027' },
      { key: '2027-06-05', heading: 'Saturday, June 5, 2027' },
      { key: '2027-06-06', heading: 'Sunday, June 6, 2027' },
    ]);
    expect(headings(data.rows)).toEqual([
      ['Saturday, June 5, 2027', ['Morning Yoga', 'Late Show']],
      ['Sunday, June 6, 2027', ['Midnight Swim']],
    ]);
    expect(dayHeading(la('2027-06-05', '23:30'), 'America/New_York')).toBe('Sunday, June 6, 2027');
  });

  it('pages 50 then 20; a day split across pages starts the next page with its heading, and stays one group on one page', async () => {
    const rows: Array<[string, Record<string, DbValue>]> = [];
    for (let index = 0; index < 55; index++) rows.push(event(`July 1 #${index}`, la('2027-07-01', '08:00') + index * 60_000));
    for (let index = 0; index < 5; index++) rows.push(event(`July 2 #${index}`, la('2027-07-02', '09:00') + index * 60_000));
    const o = await own(Object.fromEntries(rows));
    const first = await page(o);
    expect(first.rows).toHaveLength(50);
    expect(groupRowsByDay(first.rows).map((group) => [group.heading, group.rows.length])).toEqual([['Thursday, July 1, 2027', 50]]);

    const next = (await rowsRoute.loader(args(get(o, `${LIST}/resort/rows?after=${encodeURIComponent(first.next!)}`), CONFIG_PARAMS))) as {
      rows: RowView[];
      next: string | null;
    };
    expect(next.rows).toHaveLength(10);
    expect(groupRowsByDay(next.rows).map((group) => [group.heading, group.rows.length])).toEqual([
      ['Thursday, July 1, 2027', 5],
      ['Friday, July 2, 2027', 5],
    ]);
    expect(next.next).toBeNull();
    // Shown together (infinite scroll appends; without JavaScript `more=1` loads both chunks): two days.
    expect(groupRowsByDay([...first.rows, ...next.rows]).map((group) => group.rows.length)).toEqual([55, 5]);
    const more = await page(o, '?more=1');
    expect(groupRowsByDay(more.rows).map((group) => [group.heading, group.rows.length])).toEqual([
      ['Thursday, July 1, 2027', 55],
      ['Friday, July 2, 2027', 5],
    ]);
  });

  it('posts Delete Selected of a tab to the list’s layout, the tab in the query (a tab’s own address takes no post)', async () => {
    const start = la('2027-06-05', '10:00');
    const o = await own(Object.fromEntries([event('Morning Yoga', start)]));
    const data = (await menuListRoute.loader(args(get(o, `${LIST}/resort?q=yoga`), { ...PARAMS, tab: 'resort' }))) as ListScreenData;
    expect(data.bulkAction).toBe(`${LIST}?q=yoga&tab=resort`);
    const confirmed = await outcome(
      menuListRoute.action(
        args(
          post(o, data.bulkAction, [
            ['intent', 'delete-selected'],
            ['key', String(start)],
            ['confirmed', '1'],
          ]),
          PARAMS,
        ),
      ),
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.response?.headers.get('Location')).toBe(`${LIST}/resort?q=yoga`);
    const ended = (await services.db.ref(services.paths.legacyEvent(o.community, 'events-resort', String(start))).get()).val() as {
      endDate: number;
    };
    expect(ended.endDate).toBeLessThanOrEqual(Date.now());
  });

  it('groups no other list', async () => {
    const o = await own();
    await services.db.ref(services.paths.calendarEvent(o.community, 'activities', 'e1')).set(event('Bingo', la('2027-06-05', '10:00'))[1]);
    const { loader } = await import('~/routes/_app.amc-calendar.$context.$view');
    const calendar = (await loader(
      args(get(o, '/amc-calendar/activities/active'), { context: 'activities', view: 'active' }),
    )) as ListScreenData;
    expect(calendar.rows.map((row) => [row.title, row.day])).toEqual([['Bingo', null]]);
    expect(calendar.links.configEvents).toBeNull();
  });
});

const load = (o: Own | null) => outcome<CalendarConfigData>(configRoute.loader(args(get(o, CONFIG), CONFIG_PARAMS)));
const save = (o: Own | null, fields: Array<[string, string]>) =>
  outcome<CalendarConfigActionData>(configRoute.action(args(post(o, CONFIG, fields), CONFIG_PARAMS)));
const storedConfig = async (o: Own) =>
  (await services.db.ref(services.paths.calendarConfig(o.community, 'events-resort')).get()).val() as Record<string, unknown> | null;

describe('config.events', () => {
  it('shows Audiences, User Created Events and Calendar Import Config of the list’s events config, new until saved', async () => {
    const o = await own();
    expect((await page(o)).links.configEvents).toBe(`${CONFIG}#editor`);
    const loaded = await load(o);
    expect(loaded.status).toBe(200);
    const data = loaded.data!;
    expect(data).toMatchObject({
      calendarId: 'events-resort',
      heading: 'Events Config',
      sections: ['audiences', 'user-created', 'import'],
      remoteAdmin: false,
      formAction: CONFIG,
      listHref: `${LIST}/resort`,
      eventsHref: null,
    });
    expect(data.defaultValue).toMatchObject({
      title: 'Happenings: At the Resort',
      audiences: [{ title: 'Family' }],
      allowUserCreated: false,
    });
    // Nothing is written by looking.
    expect(await storedConfig(o)).toBeNull();
  });

  it('saves through the config editor’s code: the title stays, a stale version is a conflict, a bad form comes back', async () => {
    const o = await own();
    const { version } = (await load(o)).data!;
    const saved = await save(o, [
      ['intent', 'save'],
      ['version', version],
      ['title', 'Not this'],
      ['audiences[0].title', 'Family'],
      ['audiences[1].title', 'Teens'],
      ['allowUserCreated', 'on'],
    ]);
    expect(saved.status).toBe(302);
    expect(saved.response?.headers.get('Location')).toBe(`${LIST}/resort`);
    expect(await storedConfig(o)).toMatchObject({
      title: 'Happenings: At the Resort',
      priorNotificationTime: 15,
      audiences: ['Family', 'Teens'],
      allowUserCreated: true,
    });
    // Not a calendar of Manage Calendars.
    expect((await listCalendars(services, o.community)).map((calendar) => calendar.calendarId)).toEqual(['activities']);

    const stale = await save(o, [
      ['intent', 'save'],
      ['version', version],
      ['audiences[0].title', 'Seniors'],
    ]);
    expect(stale.status).toBe(409);
    expect(stale.data?.conflict?.theirs.map((row) => row.label)).toContain('Audiences');
    expect(stale.data?.openSection).toBe('audiences');
    expect((await storedConfig(o))?.audiences).toEqual(['Family', 'Teens']);

    const current = (await load(o)).data!;
    expect(current.defaultValue.audiences).toEqual([{ title: 'Family' }, { title: 'Teens' }]);
    const refused = await save(o, [
      ['intent', 'save'],
      ['version', current.version],
      ['audiences[0].title', 'Family'],
      ['userCreatedRequiresApproval', 'on'],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.data?.result.error?.userCreatedEmails).toEqual(['You must include at least one email address to have approval.']);
    expect(refused.data?.openSection).toBe('user-created');
    expect(refused.data?.result.initialValue).toMatchObject({ userCreatedRequiresApproval: 'on' });
  });

  it('is for staff of the community only, and only on a legacy events list', async () => {
    expect((await load(null)).status).toBe(302);
    expect((await save(null, [['intent', 'save']])).status).toBe(302);
    const o = await own();
    await services.db
      .ref(services.paths.menu(o.community, 'main-menu'))
      .set([{ id: 'faq', uniqueId: 'legacy-events', name: 'FAQ', type: 'faqs' }]);
    expect((await load(o)).status).toBe(404);
    expect((await page(o)).links.configEvents).toBeNull();
  });
});
