import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { calendarFeedExists } from '@server/events/feed';
import { storagePaths } from '@server/paths';
import type { Services } from '@server/services';
import { loader } from '~/routes/_app.calendarBuilder';
import { outcome } from '../../../tests/setup/outcome';
import { TEST_ORIGIN, getRequest, routeArgs } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { CalendarBuilderData } from './calendar-builder.server';

/**
 * The calendar builder's loader with real requests, sessions, the embedded database and local
 * storage: each test makes a community of its own, with an editor of its own.
 */

let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('calendar-builder', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

async function ownCommunity(options: { record?: Record<string, DbValue>; calendars?: string[]; legacy?: string[] } = {}): Promise<Own> {
  counter += 1;
  const community = `builder-test-${counter}`;
  const uid = `builder-editor-${counter}`;
  const updates: Record<string, DbValue> = {
    [services.paths.community(community)]: { title: `Builder Test ${counter}`, timeZone: 'America/New_York', ...options.record },
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
  };
  for (const title of options.calendars ?? []) {
    updates[services.paths.calendarConfig(community, title.toLowerCase().replace(/\W+/g, '-'))] = { title };
  }
  for (const section of options.legacy ?? []) {
    updates[services.paths.legacyEvent(community, section, '1767261600000')] = { title: 'Pancake Breakfast', startDate: 1767261600000 };
  }
  await services.db.ref().update(updates);
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Builder Editor' },
    { communityKey: community },
  );
  return { community, cookie };
}

async function load(own: Own | null, query = '') {
  return outcome<CalendarBuilderData>(loader(routeArgs(getRequest(own?.cookie ?? null, `/calendarBuilder${query}`))));
}

async function data(own: Own, query = ''): Promise<CalendarBuilderData> {
  const answer = await load(own, query);
  expect(answer.status).toBe(200);
  return answer.data!;
}

async function writeFeed(community: string, calendarId: string) {
  await services.storage.put(
    storagePaths.calendarIcs(community, calendarId),
    new TextEncoder().encode('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'),
    {
      contentType: 'text/calendar',
    },
  );
}

describe('the calendar builder', () => {
  it('sends anonymous people to sign in, back to the builder with its query', async () => {
    const answer = await load(null, '?selectedTab=activities');
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get('Location')).toBe(
      `/login?redirectTo=${encodeURIComponent('/calendarBuilder?selectedTab=activities')}`,
    );
  });

  it("offers the community's calendars by title, then the legacy lists that hold events", async () => {
    const own = await ownCommunity({ calendars: ['Kids Club', 'Activities', 'Adult Programs'], legacy: ['events-local'] });
    const { calendars, choices, community } = await data(own);
    expect(calendars).toEqual([
      { id: 'activities', label: 'Activities', group: 'Activities' },
      { id: 'adult-programs', label: 'Adult Programs', group: 'Activities' },
      { id: 'kids-club', label: 'Kids Club', group: 'Activities' },
      { id: 'events-local', label: 'Legacy Events Tab 2', group: 'Legacy Events' },
    ]);
    expect(choices.selectedTab).toBe('activities');
    expect(community).toEqual({ key: own.community, name: `Builder Test ${counter}` });
  });

  it('offers both legacy tabs to a community with no calendar and no events', async () => {
    const own = await ownCommunity();
    const { calendars, choices } = await data(own);
    expect(calendars.map(({ id, label }) => [id, label])).toEqual([
      ['events-resort', 'Legacy Events Tab 1'],
      ['events-local', 'Legacy Events Tab 2'],
    ]);
    expect(choices.selectedTab).toBe('events-resort');
  });

  it("starts from the community's colours, the spec's text and date colours, and the page's origin", async () => {
    const own = await ownCommunity({
      calendars: ['Activities'],
      record: { colorBackground: '#1F4D3A', colorAccent: '#E39B2D', colorPrimary: 'not a colour' },
    });
    const answer = await data(own);
    expect(answer.defaults.colors).toEqual({
      colorBackground: '#1f4d3a',
      colorAccent: '#e39b2d',
      colorPrimary: '#183449',
      colorText: '#ffffff',
      colorDate: '#0d6efd',
    });
    expect(answer.choices.colors).toEqual(answer.defaults.colors);
    expect(answer.origin).toBe(TEST_ORIGIN);
  });

  it('reads the choices from the query, and falls back for anything it cannot use (never an error)', async () => {
    const own = await ownCommunity({ calendars: ['Activities', 'Kids Club'] });
    const chosen = await data(
      own,
      '?selectedTab=kids-club&defaultView=dayGridMonth&colorText=%23000000&height=640&hideArrows=true&expand=on&code=screen',
    );
    expect(chosen.choices).toMatchObject({
      selectedTab: 'kids-club',
      defaultView: 'dayGridMonth',
      height: 640,
      hideArrows: true,
      expand: true,
      isCondensed: false,
      code: 'screen',
    });
    expect(chosen.choices.colors.colorText).toBe('#000000');

    for (const query of [
      '?selectedTab=..%2F..&defaultView=%3Cscript%3E&colorText=red&height=1e9&code=ical&expand=maybe',
      '?selectedTab=&selectedTab=kids-club&height=&code=',
      `?selectedTab=${'x'.repeat(5000)}&colorBackground=${'#'.repeat(3000)}`,
      '?selectedTab=a%00b&height=%F0%9F%98%80',
    ]) {
      const answer = await load(own, query);
      expect(answer.status, query).toBe(200);
      expect(answer.data!.choices.selectedTab, query).toBe('activities');
      expect(answer.data!.choices.height, query).toBeNull();
      expect(answer.data!.choices.code, query).toBe('embed');
    }
  });

  it('shows the iCal URL only for a calendar whose feed file exists', async () => {
    const own = await ownCommunity({ calendars: ['Activities', 'Kids Club'] });
    await writeFeed(own.community, 'kids-club');

    const without = await data(own, '?selectedTab=activities&code=ical');
    expect(without.ical).toBeNull();
    expect(without.choices.code).toBe('embed');

    const withFeed = await data(own, '?selectedTab=kids-club&code=ical');
    expect(withFeed.ical).toEqual({
      url: `${TEST_ORIGIN}/files/${own.community}/amc-events/kids-club-calendar.ics`,
      webcal: `${TEST_ORIGIN.replace(/^https?:/, 'webcal:')}/files/${own.community}/amc-events/kids-club-calendar.ics`,
    });
    expect(withFeed.choices.code).toBe('ical');
    const served = await fetchFile(withFeed.ical!.url);
    expect(served).toContain('BEGIN:VCALENDAR');
  });

  it('calendarFeedExists takes the storage port or the services holding it', async () => {
    const own = await ownCommunity();
    expect(await calendarFeedExists(services, own.community, 'activities')).toBe(false);
    expect(await calendarFeedExists(services.storage, own.community, 'activities')).toBe(false);
    await writeFeed(own.community, 'activities');
    expect(await calendarFeedExists(services, own.community, 'activities')).toBe(true);
    expect(await calendarFeedExists(services.storage, own.community, 'activities')).toBe(true);
    expect(await calendarFeedExists(services.storage, `${own.community}-other`, 'activities')).toBe(false);
  });
});

/** The /files/… route's answer for a URL of this origin. */
async function fetchFile(url: string): Promise<string> {
  const files = await import('~/routes/files.$');
  const response = (await files.loader(routeArgs(new Request(url), { '*': new URL(url).pathname.slice('/files/'.length) }))) as Response;
  expect(response.status).toBe(200);
  return response.text();
}
