import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteGrantFromEntry, type RemoteGrant } from '@server/authz/access';
import { openDemoDb, type DemoDb } from '../../tests/setup/services';
import { calendarGrantByUuid, calendarGrantOfUser, calendarOfGrant, resolveCalendarGrant, upcomingEvents } from './calendar';

let demo: DemoDb;
beforeAll(async () => {
  demo = await openDemoDb('remote-calendar');
});
afterAll(async () => demo.db.close());

const deps = () => ({ db: demo.db, paths: demo.paths });
/** The seeded URL grant for demo-campground's Activities (firebase/seed/demo-data.json). */
const LINK = '8d2e4f6a-1c3b-4e5d-9f70-2a4b6c8d0e13';
const KAYAK_LINK = '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19';

const grant = (fields: Record<string, unknown>): RemoteGrant =>
  remoteGrantFromEntry(
    'activities-remote',
    {
      type: 'calendar',
      accessType: 'url',
      origContext: 'demo-campground/amc-events',
      contexts: ['demo-campground/amc-events/calendars/activities'],
      editInfo: true,
      ...fields,
    },
    'someone',
  )!;

describe('calendar grants', () => {
  it('resolve the seeded link to its calendar', async () => {
    const found = await calendarGrantByUuid(deps(), LINK);
    expect(found?.detailId).toBe('activities-remote');
    expect(await calendarOfGrant(deps(), found!)).toEqual({
      community: 'demo-campground',
      calendarId: 'activities',
      title: 'Activities',
      remoteKey: 'activities-remote',
    });
  });

  it('never reach another calendar, community or item', async () => {
    expect(await calendarOfGrant(deps(), grant({}))).not.toBeNull();
    // Another calendar of the same community: its config has no such remoteKey.
    expect(await calendarOfGrant(deps(), grant({ contexts: ['demo-campground/amc-events/calendars/kids-club'] }))).toBeNull();
    // Another community named by the origContext.
    expect(await calendarOfGrant(deps(), grant({ origContext: 'demo-town/amc-events' }))).toBeNull();
    expect(
      await calendarOfGrant(
        deps(),
        grant({ origContext: 'demo-town/amc-events', contexts: ['demo-town/amc-events/calendars/activities'] }),
      ),
    ).toBeNull();
    // A listing context, two contexts, another kind of grant, a stale key.
    expect(await calendarOfGrant(deps(), grant({ contexts: ['demo-campground/recreation-resort'] }))).toBeNull();
    expect(
      await calendarOfGrant(
        deps(),
        grant({ contexts: ['demo-campground/amc-events/calendars/activities', 'demo-campground/amc-events/calendars/kids-club'] }),
      ),
    ).toBeNull();
    expect(await calendarOfGrant(deps(), grant({ type: 'business' }))).toBeNull();
    expect(await calendarOfGrant(deps(), { ...grant({}), detailId: 'other-key', itemId: 'other-key' })).toBeNull();
    // A grant keyed by another community never opens this community's calendar with the same remoteKey.
    const keyed = (key: string) =>
      remoteGrantFromEntry(
        key,
        {
          type: 'calendar',
          accessType: 'url',
          origContext: 'demo-campground/amc-events',
          contexts: ['demo-campground/amc-events/calendars/activities'],
        },
        'x',
      )!;
    expect(await calendarOfGrant(deps(), keyed('demo-campground~activities-remote'))).not.toBeNull();
    expect(await calendarOfGrant(deps(), keyed('demo-town~activities-remote'))).toBeNull();
  });

  it('read the grants the config editor wrote with the community context beside the calendar', async () => {
    const written = grant({ contexts: ['demo-campground/amc-events', 'demo-campground/amc-events/calendars/activities'] });
    expect(await calendarOfGrant(deps(), written)).toMatchObject({ community: 'demo-campground', calendarId: 'activities' });
    // The community context alone names no calendar; another community's beside it is not the origContext.
    expect(await calendarOfGrant(deps(), grant({ contexts: ['demo-campground/amc-events'] }))).toBeNull();
    expect(
      await calendarOfGrant(deps(), grant({ contexts: ['demo-town/amc-events', 'demo-campground/amc-events/calendars/activities'] })),
    ).toBeNull();
  });

  it('by link: only URL grants for a calendar', async () => {
    expect(await calendarGrantByUuid(deps(), KAYAK_LINK)).toBeNull();
    expect(await calendarGrantByUuid(deps(), 'no-such-link')).toBeNull();
    expect(await calendarGrantByUuid(deps(), '../x')).toBeNull();
  });

  it("by detail id: the person's own calendar grant only", async () => {
    expect(await calendarGrantOfUser(deps(), LINK, 'activities-remote')).not.toBeNull();
    expect(await calendarGrantOfUser(deps(), 'demo-remote', 'activities-remote')).toBeNull();
    // The remote demo person's business grant is no calendar grant.
    expect(await calendarGrantOfUser(deps(), 'demo-remote', 'lakeside-grill')).toBeNull();
  });

  it('answer 404 without a calendar and 403 without the permission', async () => {
    expect(await resolveCalendarGrant(deps(), null, null)).toEqual({ ok: false, status: 404 });
    expect(await resolveCalendarGrant(deps(), grant({ type: 'business' }), null)).toEqual({ ok: false, status: 404 });
    expect(await resolveCalendarGrant(deps(), grant({ editInfo: false }), 'editInfo')).toEqual({ ok: false, status: 403 });
    expect((await resolveCalendarGrant(deps(), grant({}), 'editInfo')).ok).toBe(true);
  });
});

describe('upcoming events', () => {
  it('pages the events whose end is ahead, in order of their end', async () => {
    const now = Date.now();
    const calendar = { community: 'demo-campground', calendarId: 'activities' };
    const all = await upcomingEvents(deps(), calendar, { now, page: 0, pageSize: 1000 });
    expect(all.rows.length).toBeGreaterThan(3);
    expect(all.more).toBe(false);
    expect(all.rows.every((row) => row.endDate > now)).toBe(true);
    const ends = all.rows.map((row) => row.endDate);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));

    const first = await upcomingEvents(deps(), calendar, { now, page: 0, pageSize: 2 });
    const second = await upcomingEvents(deps(), calendar, { now, page: 1, pageSize: 2 });
    expect(first.more).toBe(true);
    expect(first.rows.map((row) => row.eventId)).toEqual(all.rows.slice(0, 2).map((row) => row.eventId));
    expect(second.rows.map((row) => row.eventId)).toEqual(all.rows.slice(2, 4).map((row) => row.eventId));
  });
});
