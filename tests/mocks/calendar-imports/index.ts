import { http, HttpResponse } from 'msw';
import type { HostResolver } from '@server/events/import/network';
import { GOOGLE_CALENDAR_BASE_URL, TRIBE_EVENTS_PATH } from '@server/events/import/sources';

/**
 * The calendar import sources as documented (one handler set per source kind, STYLE 19):
 *
 * - iCal feeds at FEED_HOST: /pool.ics → POOL_ICS (text/calendar); /missing.ics → 404;
 *   /html.ics → 200 with an HTML page; /huge.ics → a Content-Length over the limit; /moved.ics →
 *   301 to /pool.ics; /inside.ics → 302 to a link-local (cloud metadata) address; /intranet.ics →
 *   302 to INTRANET_HOST, whose name resolves to a private address.
 * - Host names resolve through `calendarHostResolver` (a fake DNS, CALENDAR_HOSTS): the feed and
 *   site hosts to public addresses, INTRANET_HOST to a private one, REBIND_HOST to a public and
 *   a loopback one; any other name is not found.
 * - Google Calendar API v3 events.list (`GET /calendars/{calendarId}/events`): the key must be
 *   GOOGLE_KEY (else 400 keyInvalid, as Google answers) and `singleEvents=true` (else 400);
 *   GOOGLE_CALENDAR answers two pages (nextPageToken 'page-2'): a timed event, an all-day one,
 *   then a cancelled instance and a timed event without an end; GOOGLE_BUSY → 429 with
 *   Retry-After 30; any other calendar → 404 notFound.
 * - The Events Calendar (`GET {site}/wp-json/tribe/events/v1/events`): TRIBE_SITE answers two
 *   pages (total_pages 2) of per_page events; NO_TRIBE_SITE → 404 rest_no_route.
 */

export const FEED_HOST = 'https://feeds.example';
export const GOOGLE_KEY = 'test-calendar-api-key';
export const GOOGLE_CALENDAR = 'pool@group.calendar.google.com';
export const GOOGLE_BUSY = 'busy@group.calendar.google.com';
export const TRIBE_SITE = 'https://town.example';
export const NO_TRIBE_SITE = 'https://no-tribe.example';

export const INTRANET_HOST = 'https://intranet.example';
export const REBIND_HOST = 'https://rebind.example';

/** What each host name resolves to (documentation addresses stand for public ones). */
export const CALENDAR_HOSTS: Record<string, string[]> = {
  'feeds.example': ['203.0.113.10', '2001:db8::10'],
  'town.example': ['203.0.113.20'],
  'no-tribe.example': ['203.0.113.30'],
  'intranet.example': ['10.20.30.40'],
  'rebind.example': ['203.0.113.50', '127.0.0.1'],
};

/** Host names looked up, in order. */
export const resolvedHosts: string[] = [];

export const calendarHostResolver: HostResolver = async (hostname) => {
  resolvedHosts.push(hostname);
  const found = CALENDAR_HOSTS[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
};

/** Every request the handlers saw, for assertions on query parameters. */
export const calendarImportRequests: URL[] = [];

export const POOL_ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:pool-swim',
  'DTSTART;TZID=America/New_York:20260310T100000',
  'DTEND;TZID=America/New_York:20260310T110000',
  'RRULE:FREQ=WEEKLY;COUNT=3',
  'SUMMARY:Lap Swim',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const googleError = (code: number, status: string, reason: string, message: string) =>
  HttpResponse.json({ error: { code, message, status, errors: [{ reason, message, domain: 'global' }] } }, { status: code });

const googleHandlers = [
  http.get(`${GOOGLE_CALENDAR_BASE_URL}/calendars/:calendarId/events`, ({ request, params }) => {
    const url = new URL(request.url);
    calendarImportRequests.push(url);
    if (url.searchParams.get('key') !== GOOGLE_KEY) return googleError(400, 'INVALID_ARGUMENT', 'keyInvalid', 'API key not valid.');
    if (url.searchParams.get('singleEvents') !== 'true') return googleError(400, 'INVALID_ARGUMENT', 'badRequest', 'singleEvents');
    const calendarId = decodeURIComponent(String(params.calendarId));
    if (calendarId === GOOGLE_BUSY)
      return HttpResponse.json({ error: { code: 429, message: 'Rate Limit Exceeded' } }, { status: 429, headers: { 'Retry-After': '30' } });
    if (calendarId !== GOOGLE_CALENDAR) return googleError(404, 'NOT_FOUND', 'notFound', 'Not Found');
    if (url.searchParams.get('pageToken') === 'page-2') {
      return HttpResponse.json({
        kind: 'calendar#events',
        items: [
          { kind: 'calendar#event', id: 'swim_20260317T140000Z', status: 'cancelled' },
          {
            kind: 'calendar#event',
            id: 'open-house',
            status: 'confirmed',
            summary: 'Open House',
            start: { dateTime: '2026-03-20T09:00:00-04:00' },
          },
        ],
      });
    }
    return HttpResponse.json({
      kind: 'calendar#events',
      summary: 'Pool',
      timeZone: 'America/New_York',
      nextPageToken: 'page-2',
      items: [
        {
          kind: 'calendar#event',
          id: 'swim_20260310T140000Z',
          status: 'confirmed',
          summary: 'Lap Swim',
          description: 'Lanes <b>open</b><script>x()</script>',
          location: 'Indoor Pool',
          start: { dateTime: '2026-03-10T10:00:00-04:00', timeZone: 'America/New_York' },
          end: { dateTime: '2026-03-10T11:00:00-04:00', timeZone: 'America/New_York' },
          recurringEventId: 'swim',
        },
        {
          kind: 'calendar#event',
          id: 'fair',
          status: 'confirmed',
          summary: 'Craft Fair',
          start: { date: '2026-03-14' },
          end: { date: '2026-03-16' },
        },
      ],
    });
  }),
];

const icalHandlers = [
  http.get(`${FEED_HOST}/:file`, ({ request, params }) => {
    calendarImportRequests.push(new URL(request.url));
    switch (params.file) {
      case 'pool.ics':
        return new HttpResponse(POOL_ICS, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
      case 'html.ics':
        return new HttpResponse('<html><body>Sign in</body></html>', { headers: { 'Content-Type': 'text/html' } });
      case 'moved.ics':
        return new HttpResponse(null, { status: 301, headers: { Location: '/pool.ics' } });
      case 'inside.ics':
        return new HttpResponse(null, { status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data' } });
      case 'intranet.ics':
        return new HttpResponse(null, { status: 302, headers: { Location: `${INTRANET_HOST}/calendar.ics` } });
      case 'huge.ics':
        return new HttpResponse('BEGIN:VCALENDAR', { headers: { 'Content-Length': String(50 * 1024 * 1024) } });
      default:
        return new HttpResponse('Not Found', { status: 404 });
    }
  }),
];

function tribeEvent(id: number, day: number) {
  return {
    id,
    status: 'publish',
    title: `Concert #${id} &#8211; Rock &amp; Roll`,
    description: `<p>Night ${id}</p>`,
    all_day: false,
    start_date: `2026-04-${String(day).padStart(2, '0')} 19:00:00`,
    end_date: `2026-04-${String(day).padStart(2, '0')} 21:00:00`,
    utc_start_date: `2026-04-${String(day).padStart(2, '0')} 23:00:00`,
    utc_end_date: `2026-04-${String(day + 1).padStart(2, '0')} 01:00:00`,
    timezone: 'America/New_York',
    venue: { id: 9, venue: 'Bandshell', address: '1 Park Rd', city: 'Maple Falls', geo_lat: 44.5, geo_lng: -72.1 },
  };
}

const tribeHandlers = [
  http.get(`${TRIBE_SITE}${TRIBE_EVENTS_PATH}`, ({ request }) => {
    const url = new URL(request.url);
    calendarImportRequests.push(url);
    const page = Number(url.searchParams.get('page') ?? '1');
    const events =
      page === 1
        ? [
            tribeEvent(101, 2),
            {
              id: 102,
              title: 'Town Picnic',
              description: '',
              all_day: true,
              start_date: '2026-04-04 00:00:00',
              end_date: '2026-04-05 23:59:59',
              utc_start_date: '2026-04-04 04:00:00',
              utc_end_date: '2026-04-06 03:59:59',
              venue: [],
            },
          ]
        : [tribeEvent(103, 9)];
    return HttpResponse.json({ events, rest_url: url.toString(), total: 3, total_pages: 2 });
  }),
  http.get(`${NO_TRIBE_SITE}/wp-json/*`, () =>
    HttpResponse.json(
      { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } },
      { status: 404 },
    ),
  ),
];

export const calendarImportHandlers = [...icalHandlers, ...googleHandlers, ...tribeHandlers];
