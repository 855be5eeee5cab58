import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { CALENDAR_SCREEN_TEXTS } from '~/lib/calendars';
import { CALENDAR_SECTIONS } from '~/schemas/calendar-config';
import type { CalendarConfigActionData, CalendarConfigData } from './calendars.server';
import { CalendarConfigEditor } from './config-editor';

/** The config editor's Calendar Import Config as the server renders it (what a browser without JavaScript gets). */

const FEED = 'https://town.example/feed.ics';
const UPLOAD = 'upload:pool.ics';
const row = (title: string, calendarId: string) => ({
  title,
  type: 'iCal',
  calendarId,
  defaultLocation: '',
  audience: 'family',
  eventContext: 'local',
});

const data: CalendarConfigData = {
  calendarId: 'activities',
  importRuns: {
    [FEED]: {
      lines: [
        'Last import failed 11/24/2026 02:05 PM: The calendar address points to a private network.',
        'Last imported 11/24/2026 01:05 PM: 4 added, 2 updated, 1 removed',
      ],
      failed: true,
      importNow: true,
    },
    [UPLOAD]: { lines: [CALENDAR_SCREEN_TEXTS.importNever], failed: false, importNow: false },
  },
  title: 'Activities',
  heading: 'Calendar Config',
  sections: CALENDAR_SECTIONS.map((section) => section.id),
  defaultValue: {
    title: 'Activities',
    priorNotificationTime: '15',
    audiences: [{ title: 'Family' }],
    allowUserCreated: false,
    userCreatedRequiresApproval: false,
    userCreatedEmails: [],
    imports: [row('Town feed', FEED), row('Pool', UPLOAD)],
    remote: { remotelyManaged: false, allowFavorite: false, entries: [] },
  },
  version: 'v1',
  remoteAdmin: false,
  dollarsEnabled: false,
  remoteLinks: {},
  locations: [],
  formAction: '/amc-calendars/config/activities',
  listHref: '/amc-calendars',
  eventsHref: '/amc-calendar/activities/active',
};

async function render(actionData?: CalendarConfigActionData) {
  const routes = [{ path: '/', element: <CalendarConfigEditor data={data} actionData={actionData} /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected response');
  return renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

describe('Calendar Import Config', () => {
  it("labels each import's address by its type: 'Calendar address (iCal URL)' for iCal, 'Calendar ID' for Google", async () => {
    const labelOf = (html: string, index: number) =>
      new RegExp(`<label[^>]*for="calendar-imports-${index}-calendarId"[^>]*>([^<]*)</label>`).exec(html)?.[1];
    const html = await render();
    expect(labelOf(html, 0)).toBe('Calendar address (iCal URL)');
    // The blank row has no type yet: it names both.
    expect(labelOf(html, 2)).toBe('Calendar ID or address (iCal URL)');
    const google = await render({
      result: {
        status: 'error',
        initialValue: { imports: [{ title: 'Town', type: 'google', calendarId: 'town@group.calendar.google.com' }] },
        error: {},
      },
      version: 'v1',
      conflict: null,
      openSection: 'import',
      removal: null,
    } as unknown as CalendarConfigActionData);
    expect(labelOf(google, 0)).toBe('Calendar ID');
  });

  it("shows each saved import's last run, and an 'Import now' submit for those fetched from an address", async () => {
    const html = await render();
    expect(html).toContain('Last import failed 11/24/2026 02:05 PM: The calendar address points to a private network.');
    expect(html).toContain('Last imported 11/24/2026 01:05 PM: 4 added, 2 updated, 1 removed');
    expect(html).toContain(CALENDAR_SCREEN_TEXTS.importNever);
    const buttons = html.match(/<button[^>]*value="import-now:\d+"[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toContain('type="submit"');
    expect(buttons[0]).toContain('name="intent"');
    expect(buttons[0]).toContain('value="import-now:0"');
    expect(buttons[0]).toContain('aria-label="Import now: Town feed"');
  });

  it('says the run was queued, with the import section open', async () => {
    const html = await render({
      result: { status: 'success', initialValue: {} },
      version: 'v1',
      conflict: null,
      openSection: 'import',
      removal: null,
      notice: CALENDAR_SCREEN_TEXTS.importQueued('Town feed'),
    });
    expect(html).toContain(CALENDAR_SCREEN_TEXTS.importQueued('Town feed'));
    expect(html).toMatch(/<details[^>]*open=""[^>]*id="section-import"|<details[^>]*id="section-import"[^>]*open=""/);
  });

  it('draws every section holding an error open after a refused save, not only the first (no JavaScript)', async () => {
    const html = await render({
      result: {
        status: 'error',
        initialValue: {},
        error: {
          title: ['Calendar title is required.'],
          'imports[0].audience': ['If you add a calendar ID you must include all selects below.'],
        },
      },
      version: 'v1',
      conflict: null,
      openSection: 'general',
      removal: null,
      notice: null,
    });
    const opened = [...html.matchAll(/<details[^>]*>/g)]
      .filter(([tag]) => / open=""/.test(tag))
      .map(([tag]) => /id="([^"]+)"/.exec(tag)?.[1]);
    expect(opened).toEqual(['section-general', 'section-import']);
  });
});
