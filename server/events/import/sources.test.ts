import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarHostResolver,
  calendarImportHandlers,
  calendarImportRequests,
  FEED_HOST,
  GOOGLE_BUSY,
  GOOGLE_CALENDAR,
  GOOGLE_KEY,
  NO_TRIBE_SITE,
  REBIND_HOST,
  resolvedHosts,
  TRIBE_SITE,
} from '../../../tests/mocks/calendar-imports';
import { PRIVATE_NETWORK_MESSAGE } from './network';
import { calendarImportPort, GOOGLE_OFFLINE_MESSAGE, httpSourceUrl, plainText, tribeEndpoint } from './sources';
import { importFailure } from './testing';
import type { ImportedEvent } from './types';

const server = setupServer(...calendarImportHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calendarImportRequests.length = 0;
  resolvedHosts.length = 0;
});
afterAll(() => server.close());

const NY = 'America/New_York';
const at = (local: string) => fromZonedTime(local, NY).getTime();
const local = (ms: number) => formatInTimeZone(ms, NY, 'yyyy-MM-dd HH:mm');
const window = { now: at('2026-03-01T00:00'), timeZone: NY };
const port = calendarImportPort({ googleApiKey: GOOGLE_KEY, resolve: calendarHostResolver });
const brief = (event: ImportedEvent) => `${event.id} ${local(event.startDate)} → ${local(event.endDate)} ${event.title}`;

const failure = importFailure;

describe('iCal by URL', () => {
  it('reads the feed and expands it', async () => {
    const { events } = await port.events({ type: 'iCal', calendarId: `${FEED_HOST}/pool.ics` }, window);
    expect(events.map(brief)).toEqual([
      'pool-swim/20260310T140000Z 2026-03-10 10:00 → 2026-03-10 11:00 Lap Swim',
      'pool-swim/20260317T140000Z 2026-03-17 10:00 → 2026-03-17 11:00 Lap Swim',
      'pool-swim/20260324T140000Z 2026-03-24 10:00 → 2026-03-24 11:00 Lap Swim',
    ]);
  });

  it('reads webcal:// as https://', async () => {
    const { events } = await port.events({ type: 'iCal', calendarId: 'webcal://feeds.example/pool.ics' }, window);
    expect(events).toHaveLength(3);
    expect(calendarImportRequests[0]!.protocol).toBe('https:');
  });

  it("follows a redirect to a public address and refuses one into the server's network", async () => {
    expect((await port.events({ type: 'iCal', calendarId: `${FEED_HOST}/moved.ics` }, window)).events).toHaveLength(3);
    expect(await failure(port.events({ type: 'iCal', calendarId: `${FEED_HOST}/inside.ics` }, window))).toMatchObject({
      kind: 'invalid-request',
      message: PRIVATE_NETWORK_MESSAGE,
    });
    expect(await failure(port.events({ type: 'iCal', calendarId: `${FEED_HOST}/intranet.ics` }, window))).toMatchObject({
      kind: 'invalid-request',
      message: PRIVATE_NETWORK_MESSAGE,
    });
    // Each hop's host was resolved before it was asked; the private ones were never asked.
    expect(calendarImportRequests.map((url) => url.pathname)).toEqual(['/moved.ics', '/pool.ics', '/inside.ics', '/intranet.ics']);
    expect(resolvedHosts).toEqual(['feeds.example', 'feeds.example', 'feeds.example', 'feeds.example', 'intranet.example']);
  });

  it('says when the feed breaks off in the middle of its body', async () => {
    const cut = calendarImportPort({
      resolve: calendarHostResolver,
      fetch: async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('BEGIN:VCALENDAR\r\n'));
              controller.error(new Error('connection reset'));
            },
          }),
        ),
    });
    expect(await failure(cut.events({ type: 'iCal', calendarId: `${FEED_HOST}/pool.ics` }, window))).toMatchObject({
      kind: 'network',
      message: 'The iCal feed stopped answering before the end.',
    });
  });

  it('refuses a host that resolves to any private address, and says when a host is not found', async () => {
    for (const feed of [
      `${REBIND_HOST}/x.ics`,
      'https://intranet.example/x.ics',
      'http://[::ffff:127.0.0.1]/x.ics',
      'http://localhost:3000/x.ics',
    ]) {
      expect(await failure(port.events({ type: 'iCal', calendarId: feed }, window))).toMatchObject({
        kind: 'invalid-request',
        message: PRIVATE_NETWORK_MESSAGE,
      });
    }
    expect(await failure(port.events({ type: 'tribe', calendarId: 'http://192.168.1.5/' }, window))).toMatchObject({
      message: PRIVATE_NETWORK_MESSAGE,
    });
    expect(await failure(port.events({ type: 'iCal', calendarId: 'https://gone.example/x.ics' }, window))).toMatchObject({
      kind: 'network',
      message: 'The iCal feed did not answer: its address (gone.example) was not found.',
    });
    expect(calendarImportRequests).toEqual([]);
  });

  it('says what is wrong with a missing feed, a web page, a feed too large and an address of the server itself', async () => {
    expect(await failure(port.events({ type: 'iCal', calendarId: `${FEED_HOST}/missing.ics` }, window))).toMatchObject({
      kind: 'not-found',
      status: 404,
    });
    expect((await failure(port.events({ type: 'iCal', calendarId: `${FEED_HOST}/html.ics` }, window))).kind).toBe('invalid-response');
    expect(await failure(port.events({ type: 'iCal', calendarId: `${FEED_HOST}/huge.ics` }, window))).toMatchObject({
      kind: 'invalid-response',
      message: 'The iCal feed: the calendar is too large (more than 10 MB).',
    });
    for (const address of ['http://localhost:3000/x.ics', 'http://127.0.0.1/x.ics', 'http://10.1.2.3/x.ics', 'ftp://feeds.example/x.ics']) {
      expect((await failure(port.events({ type: 'iCal', calendarId: address }, window))).kind).toBe('invalid-request');
    }
    expect(calendarImportRequests.map((url) => url.pathname)).toEqual(['/missing.ics', '/html.ics', '/huge.ics']);
  });
});

describe('Google Calendar', () => {
  it('lists single events in the window page by page, all-day days kept, cancelled instances reported', async () => {
    const { events, cancelled } = await port.events({ type: 'google', calendarId: GOOGLE_CALENDAR }, window);
    expect(events.map(brief)).toEqual([
      'swim_20260310T140000Z 2026-03-10 10:00 → 2026-03-10 11:00 Lap Swim',
      'fair 2026-03-14 00:00 → 2026-03-15 23:59 Craft Fair',
      'open-house 2026-03-20 09:00 → 2026-03-20 10:00 Open House',
    ]);
    expect(events[0]).toMatchObject({ description: 'Lanes <b>open</b>', location: 'Indoor Pool', allDay: false });
    expect(events[1]!.allDay).toBe(true);
    expect(cancelled).toEqual(['swim_20260317T140000Z']);
    const [first, second] = calendarImportRequests;
    expect(Object.fromEntries(first!.searchParams)).toEqual({
      key: GOOGLE_KEY,
      singleEvents: 'true',
      orderBy: 'startTime',
      timeMin: '2026-03-01T05:00:00.000Z',
      timeMax: '2027-03-01T05:00:00.000Z',
      maxResults: '2500',
      showDeleted: 'true',
    });
    expect(first!.pathname).toBe(`/calendar/v3/calendars/${encodeURIComponent(GOOGLE_CALENDAR)}/events`);
    expect(second!.searchParams.get('pageToken')).toBe('page-2');
  });

  it('maps a refused key, a busy API and an unknown calendar', async () => {
    const wrongKey = calendarImportPort({ googleApiKey: 'wrong' });
    expect((await failure(wrongKey.events({ type: 'google', calendarId: GOOGLE_CALENDAR }, window))).kind).toBe('invalid-request');
    expect(await failure(port.events({ type: 'google', calendarId: GOOGLE_BUSY }, window))).toMatchObject({
      kind: 'rate-limited',
      retryAfter: 30,
    });
    expect((await failure(port.events({ type: 'google', calendarId: 'nobody@example.com' }, window))).kind).toBe('not-found');
  });

  it('is offline without a key and says so, without asking Google', async () => {
    const offline = calendarImportPort({});
    expect(offline.offline('google')).toBe(true);
    expect(offline.offline('iCal')).toBe(false);
    const error = await failure(offline.events({ type: 'google', calendarId: GOOGLE_CALENDAR }, window));
    expect(error).toMatchObject({ kind: 'offline', message: GOOGLE_OFFLINE_MESSAGE });
    expect(calendarImportRequests).toEqual([]);
  });
});

describe('The Events Calendar', () => {
  it('follows the pages of the REST API with the window in the community zone', async () => {
    const { events } = await port.events({ type: 'tribe', calendarId: `${TRIBE_SITE}/` }, window);
    expect(events.map(brief)).toEqual([
      '101 2026-04-02 19:00 → 2026-04-02 21:00 Concert #101 – Rock & Roll',
      '102 2026-04-04 00:00 → 2026-04-05 23:59 Town Picnic',
      '103 2026-04-09 19:00 → 2026-04-09 21:00 Concert #103 – Rock & Roll',
    ]);
    expect(events[0]).toMatchObject({
      location: 'Bandshell',
      address: '1 Park Rd',
      city: 'Maple Falls',
      latitude: '44.5',
      longitude: '-72.1',
      description: '<p>Night 101</p>',
    });
    expect(events[1]).toMatchObject({ allDay: true, location: '' });
    expect(calendarImportRequests.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { start_date: '2026-03-01 00:00:00', end_date: '2027-03-01 00:00:00', per_page: '50', page: '1' },
      { start_date: '2026-03-01 00:00:00', end_date: '2027-03-01 00:00:00', per_page: '50', page: '2' },
    ]);
  });

  it('says when the site has no events API', async () => {
    expect((await failure(port.events({ type: 'tribe', calendarId: NO_TRIBE_SITE }, window))).kind).toBe('not-found');
  });
});

describe('addresses and text', () => {
  it('builds the REST address from a site address', () => {
    expect(tribeEndpoint('town.example/events?x=1')?.toString()).toBe('https://town.example/events/wp-json/tribe/events/v1/events');
    expect(tribeEndpoint('https://town.example/wp-json/tribe/events/v1/events')?.toString()).toBe(
      'https://town.example/wp-json/tribe/events/v1/events',
    );
    expect(httpSourceUrl('webcal://feeds.example/x.ics')?.toString()).toBe('https://feeds.example/x.ics');
    expect(httpSourceUrl('ftp://feeds.example/x.ics')).toBeNull();
  });

  it('reads WordPress titles as plain text', () => {
    expect(plainText('<b>Tom&#8217;s</b> &amp; Jerry&#x27;s &hellip; &bogus;')).toBe("Tom’s & Jerry's … &bogus;");
  });
});
