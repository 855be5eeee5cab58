import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { importedEventId } from '@server/events/import/apply';
import { loadImportStatuses } from '@server/events/import/status';
import type { Services } from '@server/services';
import { calendarPaths, ICS_UPLOAD_TEXTS } from '~/lib/calendars';
import * as configRoute from '~/routes/_app.amc-calendars_.config.$context';
import * as uploadRoute from '~/routes/_app.amc-calendars_.config.$context_.upload';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, multipartRequest, postRequest, routeArgs } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { CalendarConfigData } from './calendars.server';
import type { IcsUploadActionData, IcsUploadData } from './ics-upload.server';

/** Import a .ics file into a calendar: staff of its community, the same parser and messages as a feed, a size limit. */

let services: Services;
let close: () => Promise<void>;
let counter = 0;
beforeAll(async () => {
  ({ services, close } = await installTestServices('calendars-ics-upload'));
});
afterAll(async () => {
  await close?.();
});

async function ownCommunity() {
  counter += 1;
  const community = `ics-upload-${counter}`;
  const uid = `ics-editor-${counter}`;
  const { paths } = services;
  await services.db.ref().update({
    [paths.community(community)]: { title: `Upload Test ${counter}`, timeZone: 'America/New_York' },
    [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
    [paths.calendarConfig(community, 'activities')]: { title: 'Activities', audiences: ['Family', 'Adults'] } as DbValue,
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Staff' },
    { communityKey: community },
  );
  return { community, cookie };
}

const PATH = calendarPaths.upload('activities');
/** A month from now: within the import window of the real clock the upload uses. */
const FUTURE = `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')}T150000Z`;
const calendarText = (...events: string[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events.join('')}END:VCALENDAR\r\n`;
const vevent = (uid: string, start = FUTURE) => `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART:${start}\r\nSUMMARY:${uid}\r\nEND:VEVENT\r\n`;
const file = (text: string, name = 'pool.ics') => new File([text], name, { type: 'text/calendar' });
const SETTINGS = { intent: 'upload', audience: 'family', eventContext: 'resort', defaultLocation: '' };

async function upload(cookie: string, fields: Record<string, string>, files: Record<string, File>) {
  return outcome(uploadRoute.action(routeArgs(multipartRequest(cookie, PATH, fields, files), { context: 'activities' })));
}

describe('Import a .ics File', () => {
  it("imports a file's events with the chosen settings, skipping what it cannot read, and shows the run in the editor", async () => {
    const own = await ownCommunity();
    const page = await outcome(uploadRoute.loader(routeArgs(getRequest(own.cookie, PATH), { context: 'activities' })));
    expect(page.status).toBe(200);
    expect((page.data as IcsUploadData).audiences).toEqual([
      { value: 'family', label: 'Family' },
      { value: 'adults', label: 'Adults' },
    ]);

    const text = calendarText(vevent('swim'), vevent('bingo'), 'BEGIN:VEVENT\r\nUID:broken\r\nSUMMARY:No start\r\nEND:VEVENT\r\n');
    const done = await upload(own.cookie, SETTINGS, { icsFile: file(text) });
    expect(done.status).toBe(302);
    expect(done.response?.headers.get('Location')).toBe(calendarPaths.config('activities'));
    const event = (
      await services.db
        .ref(services.paths.calendarEvent(own.community, 'activities', importedEventId('activities', 'upload:pool.ics', 'swim')))
        .get()
    ).val() as Record<string, DbValue>;
    expect(event).toMatchObject({ title: 'swim', audience: 'family', type: 'resort', calendarId: 'upload:pool.ics' });
    const statuses = await loadImportStatuses(services, own.community, 'activities', [{ type: 'iCal', calendarId: 'upload:pool.ics' }]);
    expect(statuses.get('upload:pool.ics')).toMatchObject({ added: 2, skipped: { 'no-start': 1 } });

    const editor = await outcome(
      configRoute.loader(routeArgs(getRequest(own.cookie, calendarPaths.config('activities')), { context: 'activities' })),
    );
    const data = editor.data as CalendarConfigData;
    expect(data.uploadHref).toBe(PATH);
    expect(data.importRuns['upload:pool.ics']).toMatchObject({ importNow: false });
    expect(data.importRuns['upload:pool.ics']!.lines).toContain('1 event skipped: no start date');

    // The same file name again: the same source, its events updated.
    const again = await upload(own.cookie, SETTINGS, { icsFile: file(calendarText(vevent('swim'))) });
    expect(again.status).toBe(302);
    const config = (await services.db.ref(services.paths.calendarImports(own.community, 'activities')).get()).val() as unknown[];
    expect(config).toHaveLength(1);
    expect(
      (await loadImportStatuses(services, own.community, 'activities', [{ type: 'iCal', calendarId: 'upload:pool.ics' }])).get(
        'upload:pool.ics',
      ),
    ).toMatchObject({ added: 0, removed: 1 });
  });

  it('answers a missing file, a file that is no calendar or is cut off, and missing settings with 400 and the choices kept', async () => {
    const own = await ownCommunity();
    const noFile = await upload(own.cookie, SETTINGS, {});
    expect(noFile.status).toBe(400);
    expect((noFile.data as IcsUploadActionData).error).toBe(ICS_UPLOAD_TEXTS.noFile);

    const notCalendar = await upload(own.cookie, SETTINGS, { icsFile: file('hello', 'notes.ics') });
    expect(notCalendar.status).toBe(400);
    expect((notCalendar.data as IcsUploadActionData).error).toBe(
      'The file could not be imported: This is not an iCalendar file (no BEGIN:VCALENDAR).',
    );
    expect((notCalendar.data as IcsUploadActionData).values).toEqual({ audience: 'family', eventContext: 'resort', defaultLocation: '' });

    const cutOff = await upload(own.cookie, SETTINGS, { icsFile: file(`BEGIN:VCALENDAR\r\n${vevent('swim')}`, 'cut.ics') });
    expect(cutOff.status).toBe(400);
    expect((cutOff.data as IcsUploadActionData).error).toContain('cut off');

    const noSettings = await upload(own.cookie, { ...SETTINGS, audience: '' }, { icsFile: file(calendarText(vevent('swim'))) });
    expect(noSettings.status).toBe(400);
    expect((noSettings.data as IcsUploadActionData).error).toBe(ICS_UPLOAD_TEXTS.settings);
    expect((await services.db.ref(services.paths.calendarEvents(own.community, 'activities')).get()).val()).toBeNull();
  });

  it('refuses a file over 10 MB with 413, and a url-encoded post without a file with 400', async () => {
    const own = await ownCommunity();
    const big = `${calendarText(vevent('swim'))}${'X'.repeat(10 * 1024 * 1024)}`;
    const tooLarge = await upload(own.cookie, SETTINGS, { icsFile: file(big, 'big.ics') });
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.data as IcsUploadActionData).error).toBe(ICS_UPLOAD_TEXTS.tooLarge);

    const plain = await outcome(uploadRoute.action(routeArgs(postRequest(own.cookie, PATH, SETTINGS), { context: 'activities' })));
    expect(plain.status).toBe(400);
  });

  it("is another community's staff's 404, and a sign-in for nobody", async () => {
    const own = await ownCommunity();
    const other = await ownCommunity();
    await services.db.ref(services.paths.calendarConfig(other.community, 'activities')).remove();
    const elsewhere = await upload(other.cookie, SETTINGS, { icsFile: file(calendarText(vevent('swim'))) });
    expect(elsewhere.status).toBe(404);
    const anonymous = await outcome(uploadRoute.action(routeArgs(multipartRequest(null, PATH, SETTINGS, {}), { context: 'activities' })));
    expect(anonymous.status).toBe(302);
    expect(anonymous.response?.headers.get('Location')).toMatch(/^\/login/);
    expect((await services.db.ref(services.paths.calendarEvents(own.community, 'activities')).get()).val()).toBeNull();
  });
});
