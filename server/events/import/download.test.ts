import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedFetch } from './network';
import { calendarImportPort } from './sources';
import { importFailure } from './testing';

/**
 * A feed whose download does not finish is an error, never a shorter calendar: a body shorter
 * than its Content-Length, a connection dropped mid-body, a server that stalls past the time
 * limit, a body that ends before END:VCALENDAR. Served by a local HTTP server through the
 * pinned connection the port uses.
 */

const VEVENTS = Array.from(
  { length: 40 },
  (_, index) =>
    `BEGIN:VEVENT\r\nUID:swim-${index}\r\nDTSTART:202603${String(10 + (index % 18)).padStart(2, '0')}T150000Z\r\nSUMMARY:Swim ${index}\r\nEND:VEVENT\r\n`,
).join('');
const FULL = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${VEVENTS}END:VCALENDAR\r\n`;
const HALF = FULL.slice(0, Math.floor(FULL.length / 2));

let server: Server;
let port = 0;
/** Responses left hanging by the stalling route, ended after the tests. */
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = request.url ?? '';
    if (route === '/full.ics') {
      response.writeHead(200, { 'Content-Type': 'text/calendar', 'Content-Length': Buffer.byteLength(FULL) });
      response.end(FULL);
    } else if (route === '/short-length.ics') {
      // Promises the whole calendar, sends half, closes the connection.
      response.writeHead(200, { 'Content-Type': 'text/calendar', 'Content-Length': Buffer.byteLength(FULL) });
      response.write(HALF, () => response.socket?.destroy());
    } else if (route === '/dropped-chunked.ics') {
      response.writeHead(200, { 'Content-Type': 'text/calendar' });
      response.write(HALF, () => response.socket?.destroy());
    } else if (route === '/stalls.ics') {
      response.writeHead(200, { 'Content-Type': 'text/calendar' });
      response.write(HALF);
      hanging.push(response);
    } else if (route === '/cut-off.ics') {
      // Ends cleanly, but the text stops before END:VCALENDAR.
      response.writeHead(200, { 'Content-Type': 'text/calendar', Connection: 'close' });
      response.end(HALF);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const response of hanging) response.socket?.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const importPort = (timeoutMs?: number) =>
  calendarImportPort({
    // The feed's name resolves to a public address; the connection goes to the local server.
    resolve: async () => [{ address: '203.0.113.7', family: 4 }],
    fetch: (url, init) => pinnedFetch(url, init, [{ address: '127.0.0.1', family: 4 }]),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
const window = { now: Date.UTC(2026, 2, 1), timeZone: 'America/New_York' };
const feed = (path: string) => ({ type: 'iCal' as const, calendarId: `http://feeds.example:${port}${path}` });

const failure = importFailure;

describe('feed downloads that do not finish', () => {
  it('reads a whole feed', async () => {
    expect((await importPort().events(feed('/full.ics'), window)).events).toHaveLength(40);
  });

  it('refuses a body shorter than its Content-Length', async () => {
    const error = await failure(importPort().events(feed('/short-length.ics'), window));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('The iCal feed stopped answering before the end.');
  });

  it('refuses a chunked body whose connection dropped', async () => {
    const error = await failure(importPort().events(feed('/dropped-chunked.ics'), window));
    expect(error.message).toBe('The iCal feed stopped answering before the end.');
  });

  it('refuses a feed that stalls past the time limit', async () => {
    const error = await failure(importPort(300).events(feed('/stalls.ics'), window));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The iCal feed did not finish answering in time.');
  });

  it('refuses a feed that ends before END:VCALENDAR', async () => {
    const error = await failure(importPort().events(feed('/cut-off.ics'), window));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toBe('The iCal feed: The calendar is cut off (it does not end with END:VCALENDAR).');
  });
});

describe('events of Google Calendar and The Events Calendar without a start', () => {
  it('are skipped and counted, the others read', async () => {
    const google = calendarImportPort({
      googleApiKey: 'key',
      fetch: async () =>
        Response.json({
          items: [
            {
              id: 'swim',
              summary: 'Swim',
              start: { dateTime: '2026-03-10T10:00:00-05:00' },
              end: { dateTime: '2026-03-10T11:00:00-05:00' },
            },
            { id: 'broken', summary: 'No start', start: {} },
          ],
        }),
    });
    const fetched = await google.events({ type: 'google', calendarId: 'pool@example.com' }, window);
    expect(fetched.events.map((event) => event.id)).toEqual(['swim']);
    expect(fetched.skipped).toEqual({ 'no-start': 1 });

    const tribe = calendarImportPort({
      resolve: async () => [{ address: '203.0.113.7', family: 4 }],
      fetch: async () =>
        Response.json({
          events: [
            { id: 7, title: 'Swim', utc_start_date: '2026-03-10 15:00:00', utc_end_date: '2026-03-10 16:00:00' },
            { id: 8, title: 'No start' },
          ],
          total_pages: 1,
        }),
    });
    const site = await tribe.events({ type: 'tribe', calendarId: 'https://town.example' }, window);
    expect(site.events.map((event) => event.id)).toEqual(['7']);
    expect(site.skipped).toEqual({ 'no-start': 1 });
  });
});
