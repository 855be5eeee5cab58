import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarImportJobId } from '@server/events/import/run';
import { importStatusKey, recordImportStatus } from '@server/events/import/status';
import { remoteGrantKey } from '@server/paths';
import type { Services } from '@server/services';
import { CALENDAR_SCREEN_TEXTS } from '~/lib/calendars';
import * as listRoute from '~/routes/_app.amc-calendars';
import * as addRoute from '~/routes/_app.amc-calendars.add';
import * as deleteRoute from '~/routes/_app.amc-calendars.delete.$calendarId';
import * as configRoute from '~/routes/_app.amc-calendars_.config.$context';
import * as calendarByLink from '~/routes/amc-calendar.remote.$uuid._index';
import { CALENDAR_TEXTS } from '~/schemas/calendar-config';
import { activitiesConfig, activitiesConfigFields } from '../../../tests/setup/calendar-fixtures';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type {
  CalendarConfigActionData,
  CalendarConfigData,
  CalendarsData,
  CreateCalendarActionData,
  DeleteCalendarData,
} from './calendars.server';
import type { RemoteCalendarData } from './remote-calendar.server';

/**
 * Manage Calendars and the calendar config editor with real requests, sessions and the
 * embedded database: each test makes a community of its own, with its own staff.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('calendars-screens'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

const EVENT = { title: 'Pancakes', startDate: 1_900_000_000_000, endDate: 1_900_003_600_000 };

async function ownCommunity(role: 'admin' | 'editor' = 'admin'): Promise<Own> {
  counter += 1;
  const community = `cal-test-${counter}`;
  const uid = `cal-${role}-${counter}`;
  const rights: Record<string, boolean> = role === 'admin' ? { isEditor: true, isAdmin: true } : { isEditor: true };
  const { paths } = services;
  await services.db.ref().update({
    [paths.community(community)]: { title: `Calendar Test ${counter}`, timeZone: 'America/New_York' },
    [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: rights } },
    [paths.calendarConfig(community, 'activities')]: activitiesConfig({ ignored: ['old-1'] }),
    [paths.calendarEvent(community, 'activities', 'ev-1')]: {
      ...EVENT,
      contexts: [`${community}/amc-events/calendars/activities`],
    },
    [paths.calendarEvent(community, 'activities', 'ev-imported')]: {
      ...EVENT,
      title: 'Town fair',
      id: 'ics-1',
      calendarId: 'https://town.example/feed.ics',
      contexts: [`${community}/amc-events/calendars/activities`],
    },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Calendar Staff' },
    { communityKey: community },
  );
  return { community, cookie };
}

const get = (own: Own, path: string) => getRequest(own.cookie, path);
const post = (own: Own, path: string, fields: PostedFields) => postRequest(own.cookie, path, fields);
const args = routeArgs;
const read = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, unknown> | null;

/** The config editor's form as the page posts it for the activities calendar (a blank row of each list), with `more` over it. */
function configForm(version: string, more: Record<string, string> = {}): Record<string, string> {
  return activitiesConfigFields(version, {
    intent: 'save',
    'audiences[2].title': '',
    'userCreatedEmails[0]': '',
    'imports[1].type': 'none',
    ...more,
  });
}

async function editorOf(own: Own, calendarId = 'activities') {
  return (await configRoute.loader(args(get(own, `/amc-calendars/config/${calendarId}`), { context: calendarId }))) as CalendarConfigData;
}

async function postConfig(own: Own, fields: Record<string, string>, calendarId = 'activities') {
  return outcome(configRoute.action(args(post(own, `/amc-calendars/config/${calendarId}`, fields), { context: calendarId })));
}

describe('Manage Calendars', () => {
  it("lists the community's calendars with their events, print, config and delete addresses", async () => {
    const own = await ownCommunity('editor');
    const data = (await listRoute.loader(args(get(own, '/amc-calendars')))) as CalendarsData;
    expect(data.calendars).toEqual([
      {
        calendarId: 'activities',
        title: 'Activities',
        eventsHref: '/amc-calendar/activities/active',
        printHref: '/activities-printout/activities',
        configHref: '/amc-calendars/config/activities',
        deleteHref: '/amc-calendars/delete/activities',
      },
    ]);
  });

  it("creates a calendar with an id from its title; an empty title gets 'Calendar title is required.'", async () => {
    const own = await ownCommunity('editor');
    const refused = await outcome(addRoute.action(args(post(own, '/amc-calendars/add', { intent: 'save', title: '  ' }))));
    expect(refused.status).toBe(400);
    expect((refused.data as CreateCalendarActionData).result.error).toEqual({ title: [CALENDAR_TEXTS.titleRequired] });

    // A title another calendar has is refused on the title field, keeping what was typed.
    const taken = await outcome(addRoute.action(args(post(own, '/amc-calendars/add', { intent: 'save', title: ' activities ' }))));
    expect(taken.status).toBe(400);
    const takenResult = (taken.data as CreateCalendarActionData).result;
    expect(takenResult.error).toEqual({ title: [CALENDAR_TEXTS.titleTaken] });
    expect(takenResult.initialValue).toMatchObject({ title: ' activities ' });

    const created = await outcome(addRoute.action(args(post(own, '/amc-calendars/add', { intent: 'save', title: 'Pool, Spa/Gym' }))));
    expect(created.status).toBe(302);
    expect(created.response?.headers.get('Location')).toBe('/amc-calendars');
    expect(await read(services.paths.calendarConfig(own.community, 'pool--spa-gym'))).toMatchObject({
      title: 'Pool, Spa/Gym',
      priorNotificationTime: 15,
      allowUserCreated: false,
      'header-info': { delaySeconds: 5 },
    });
  });

  it('deletes a calendar, its events and its remote access in one go after the confirmation', async () => {
    const own = await ownCommunity('admin');
    const { paths } = services;
    await services.db.ref().update({
      [`${paths.calendarConfig(own.community, 'activities')}/remoteKey`]: 'rk-activities',
      [paths.remoteByDetail('rk-activities', 'link-1')]: {
        type: 'calendar',
        accessType: 'url',
        origContext: `${own.community}/amc-events`,
        contexts: [`${own.community}/amc-events/calendars/activities`],
        title: 'Club',
        editInfo: true,
      },
      [paths.remoteByUid('link-1', 'rk-activities')]: { type: 'calendar', accessType: 'url', origContext: `${own.community}/amc-events` },
    });
    const confirm = (await deleteRoute.loader(
      args(get(own, '/amc-calendars/delete/activities'), { calendarId: 'activities' }),
    )) as DeleteCalendarData;
    expect(confirm.text).toBe('Are you certain you want to delete this calendar and all its events?');
    expect(confirm.calendar.title).toBe('Activities');

    const deleted = await outcome(
      deleteRoute.action(args(post(own, '/amc-calendars/delete/activities', { intent: 'delete' }), { calendarId: 'activities' })),
    );
    expect(deleted.status).toBe(302);
    expect(await read(paths.calendarConfig(own.community, 'activities'))).toBeNull();
    expect(await read(paths.calendar(own.community, 'activities'))).toBeNull();
    expect(await read(paths.remoteByDetail('rk-activities'))).toBeNull();
    expect(await read(paths.remoteByUid('link-1'))).toBeNull();

    const again = await outcome(deleteRoute.loader(args(get(own, '/amc-calendars/delete/activities'), { calendarId: 'activities' })));
    expect(again.status).toBe(404);
  });

  it("answers 404 for another community's calendar", async () => {
    const own = await ownCommunity('editor');
    const other = await ownCommunity('editor');
    await services.db.ref(services.paths.calendarConfig(other.community, 'kids')).set({ title: 'Kids' });
    const answer = await outcome(deleteRoute.loader(args(get(own, '/amc-calendars/delete/kids'), { calendarId: 'kids' })));
    expect(answer.status).toBe(404);
    const editor = await outcome(configRoute.loader(args(get(own, '/amc-calendars/config/kids'), { context: 'kids' })));
    expect(editor.status).toBe(404);
  });
});

describe('the calendar config editor', () => {
  it('loads the config as its form value; Remote Management only for location admins', async () => {
    const editorOwn = await ownCommunity('editor');
    const data = await editorOf(editorOwn);
    expect(data.defaultValue).toMatchObject({
      title: 'Activities',
      priorNotificationTime: '15',
      audiences: [{ title: 'Family' }, { title: 'Adults' }],
      imports: [
        { title: 'Town feed', type: 'iCal', calendarId: 'https://town.example/feed.ics', audience: 'family', eventContext: 'local' },
      ],
    });
    expect(data.remoteAdmin).toBe(false);
    expect((await editorOf(await ownCommunity('admin'))).remoteAdmin).toBe(true);
  });

  it('approval needs a staff e-mail; the refusal opens User Created Events; fixed, it saves keeping the ignored list', async () => {
    const own = await ownCommunity('editor');
    const { version } = await editorOf(own);
    const refused = await postConfig(own, configForm(version, { allowUserCreated: 'on', userCreatedRequiresApproval: 'on' }));
    expect(refused.status).toBe(400);
    const answer = refused.data as CalendarConfigActionData;
    expect(answer.result.error).toEqual({ userCreatedEmails: [CALENDAR_TEXTS.approvalNeedsEmail] });
    expect(answer.openSection).toBe('user-created');

    const saved = await postConfig(
      own,
      configForm(version, {
        allowUserCreated: 'on',
        userCreatedRequiresApproval: 'on',
        'userCreatedEmails[0]': 'Staff@Example.com',
        'audiences[2].title': 'Teens',
      }),
    );
    expect(saved.status).toBe(302);
    expect(await read(services.paths.calendarConfig(own.community, 'activities'))).toMatchObject({
      allowUserCreated: true,
      userCreatedRequiresApproval: true,
      userCreatedEmails: ['staff@example.com'],
      audiences: ['Family', 'Adults', 'Teens'],
      import: [{ calendarId: 'https://town.example/feed.ics', ignored: ['old-1'] }],
    });
    // The calendar has an import: it is asked for at once, not only at the next hourly run.
    const job = await services.jobs.jobStatus('calendar-import', calendarImportJobId(own.community, 'activities'));
    expect(job).not.toBeNull();
    expect(job!.state).not.toBe('unknown');
  });

  it('a new title another calendar has is refused in General, keeping what was typed; the stored title saves as it is', async () => {
    const own = await ownCommunity('editor');
    await services.db.ref(services.paths.calendarConfig(own.community, 'kids-club')).set({ title: 'Kids Club', priorNotificationTime: 15 });
    const { version } = await editorOf(own);
    const refused = await postConfig(own, configForm(version, { title: 'kids  club' }));
    expect(refused.status).toBe(400);
    const answer = refused.data as CalendarConfigActionData;
    expect(answer.result.error).toEqual({ title: [CALENDAR_TEXTS.titleTaken] });
    expect(answer.result.initialValue).toMatchObject({ title: 'kids  club' });
    expect(answer.openSection).toBe('general');
    expect(await read(`${services.paths.calendarConfig(own.community, 'activities')}/title`)).toBe('Activities');
    expect((await postConfig(own, configForm(version))).status).toBe(302);
  });

  it("an import with a calendar ID needs every select: 'If you add a calendar ID…', in Calendar Import Config", async () => {
    const own = await ownCommunity('editor');
    const { version } = await editorOf(own);
    const refused = await postConfig(own, configForm(version, { 'imports[1].calendarId': 'abc@group.calendar.google.com' }));
    expect(refused.status).toBe(400);
    const answer = refused.data as CalendarConfigActionData;
    expect(answer.openSection).toBe('import');
    expect(answer.result.error).toMatchObject({
      'imports[1].type': [CALENDAR_TEXTS.importIncomplete],
      'imports[1].audience': [CALENDAR_TEXTS.importIncomplete],
      'imports[1].eventContext': [CALENDAR_TEXTS.importIncomplete],
    });
  });

  it('a stale form is a conflict (409) with their values; saving again with the new version replaces them', async () => {
    const own = await ownCommunity('editor');
    const { version } = await editorOf(own);
    await services.db.ref(`${services.paths.calendarConfig(own.community, 'activities')}/title`).set('Camp Activities');
    const stale = await postConfig(own, configForm(version, { title: 'Daily Activities' }));
    expect(stale.status).toBe(409);
    const answer = stale.data as CalendarConfigActionData;
    expect(answer.conflict?.theirs).toEqual([{ label: 'Title', value: 'Camp Activities' }]);
    const again = await postConfig(own, configForm(answer.version!, { title: 'Daily Activities' }));
    expect(again.status).toBe(302);
    expect(await read(`${services.paths.calendarConfig(own.community, 'activities')}`)).toMatchObject({ title: 'Daily Activities' });
  });

  it("'Remove Calendar Import' asks first; Cancel keeps it, Stop Syncing keeps the events, Stop and Delete removes them", async () => {
    const own = await ownCommunity('editor');
    const { paths } = services;
    const { version } = await editorOf(own);
    const asked = await postConfig(own, configForm(version, { intent: 'remove-import:0', title: 'Typed title' }));
    expect(asked.status).toBe(200);
    const question = asked.data as CalendarConfigActionData;
    expect(question.removal).toEqual({ index: 0, imports: [{ title: 'Town feed', calendarId: 'https://town.example/feed.ics' }] });
    expect(question.result.initialValue).toMatchObject({ title: 'Typed title' });
    expect(await read(paths.calendarConfig(own.community, 'activities'))).toMatchObject({ import: [{ title: 'Town feed' }] });

    const cancelled = await postConfig(own, configForm(version, { intent: 'dismiss', removeImport: '0' }));
    expect(cancelled.status).toBe(200);
    expect((cancelled.data as CalendarConfigActionData).removal).toBeNull();

    const deleted = await postConfig(own, configForm(version, { removeImport: '0', importRemoval: 'delete' }));
    expect(deleted.status).toBe(302);
    const config = await read(paths.calendarConfig(own.community, 'activities'));
    expect(config?.import).toBeUndefined();
    expect(await read(paths.calendarEvent(own.community, 'activities', 'ev-imported'))).toBeNull();
    expect(await read(paths.calendarEvent(own.community, 'activities', 'ev-1'))).toMatchObject({ title: 'Pancakes' });
  });

  it('a Submit that drops a saved import asks; Stop Syncing keeps its events', async () => {
    const own = await ownCommunity('editor');
    const { paths } = services;
    const { version } = await editorOf(own);
    const dropped = configForm(version);
    for (const name of Object.keys(dropped)) if (name.startsWith('imports[0]')) delete dropped[name];
    const asked = await postConfig(own, dropped);
    expect(asked.status).toBe(200);
    expect((asked.data as CalendarConfigActionData).removal).toEqual({
      index: null,
      imports: [{ title: 'Town feed', calendarId: 'https://town.example/feed.ics' }],
    });
    const stopped = await postConfig(own, { ...dropped, importRemoval: 'stop' });
    expect(stopped.status).toBe(302);
    expect((await read(paths.calendarConfig(own.community, 'activities')))?.import).toBeUndefined();
    expect(await read(paths.calendarEvent(own.community, 'activities', 'ev-imported'))).toMatchObject({ title: 'Town fair' });
  });

  it("shows each saved import's last run in the community's zone, or its last error; a run never makes the form stale", async () => {
    const own = await ownCommunity('editor');
    const { paths } = services;
    const FEED = 'https://town.example/feed.ics';
    expect((await editorOf(own)).importRuns).toEqual({
      [FEED]: { lines: [CALENDAR_SCREEN_TEXTS.importNever], failed: false, importNow: true },
    });
    const { version } = await editorOf(own);

    const source = { type: 'iCal', calendarId: FEED } as const;
    const importedAt = Date.UTC(2026, 10, 24, 18, 5); // 01:05 PM in New York
    await recordImportStatus(services, {
      community: own.community,
      calendarId: 'activities',
      source,
      outcome: { ok: true, result: { created: 4, updated: 2, unchanged: 0, removed: 1, ignored: 0 } },
      now: importedAt,
    });
    expect((await editorOf(own)).importRuns[FEED]).toEqual({
      lines: ['Last imported 11/24/2026 01:05 PM: 4 added, 2 updated, 1 removed'],
      failed: false,
      importNow: true,
    });
    await recordImportStatus(services, {
      community: own.community,
      calendarId: 'activities',
      source,
      outcome: {
        ok: true,
        result: { created: 4, updated: 2, unchanged: 0, removed: 1, ignored: 0, held: 34, skipped: { 'no-start': 2, 'not-closed': 1 } },
      },
      now: importedAt,
    });
    expect((await editorOf(own)).importRuns[FEED]).toEqual({
      lines: [
        'Last imported 11/24/2026 01:05 PM: 4 added, 2 updated, 1 removed',
        '2 events skipped: no start date',
        '1 event skipped: not closed (BEGIN:VEVENT without its END:VEVENT)',
        '34 events are no longer in the feed: removed at the next import if still missing.',
      ],
      failed: false,
      importNow: true,
    });
    await recordImportStatus(services, {
      community: own.community,
      calendarId: 'activities',
      source,
      outcome: { ok: true, result: { created: 4, updated: 2, unchanged: 0, removed: 1, ignored: 0 } },
      now: importedAt,
    });
    await recordImportStatus(services, {
      community: own.community,
      calendarId: 'activities',
      source,
      outcome: { ok: false, message: 'The iCal feed did not answer in time.' },
      now: importedAt + 3_600_000,
    });
    const later = await editorOf(own);
    expect(later.importRuns[FEED]).toEqual({
      lines: [
        'Last import failed 11/24/2026 02:05 PM: The iCal feed did not answer in time. Nothing was changed.',
        'Last imported 11/24/2026 01:05 PM: 4 added, 2 updated, 1 removed',
      ],
      failed: true,
      importNow: true,
    });
    expect(later.version).toBe(version);
    expect((await postConfig(own, configForm(version, { title: 'Camp Activities' }))).status).toBe(302);
    expect(await read(paths.calendarImportStatus(own.community, 'activities', importStatusKey(source)))).toMatchObject({
      error: 'The iCal feed did not answer in time.',
    });

    // Removing the import takes its record with it, and the edits kept of its removed events.
    const kept = paths.calendarImportKeptEdit(own.community, 'activities', importStatusKey(source), 'imp-fair');
    await services.db.ref(kept).set({ fields: { website: 'https://fair.example' }, endDate: importedAt + 86_400_000 });
    const dropped = configForm((await editorOf(own)).version, { title: 'Camp Activities' });
    for (const name of Object.keys(dropped)) if (name.startsWith('imports[0]')) delete dropped[name];
    expect((await postConfig(own, { ...dropped, importRemoval: 'stop' })).status).toBe(302);
    expect(await read(paths.calendarImportStatuses(own.community, 'activities'))).toBeNull();
    expect(await read(kept)).toBeNull();
  });

  it("'Import now' queues a run of that saved source and keeps the form as typed; an unsaved one is refused", async () => {
    const own = await ownCommunity('editor');
    const { version } = await editorOf(own);
    const queued = await postConfig(own, configForm(version, { intent: 'import-now:0', title: 'Typed title' }));
    expect(queued.status).toBe(200);
    const answer = queued.data as CalendarConfigActionData;
    expect(answer.notice).toBe(CALENDAR_SCREEN_TEXTS.importQueued('Town feed'));
    expect(answer.openSection).toBe('import');
    expect(answer.result.initialValue).toMatchObject({ title: 'Typed title' });
    const job = await services.jobs.jobStatus('calendar-import', calendarImportJobId(own.community, 'activities', '0'));
    expect(job).not.toBeNull();
    expect(job!.state).not.toBe('unknown');
    expect(await read(services.paths.calendarConfig(own.community, 'activities'))).toMatchObject({ title: 'Activities' });

    const unsaved = await postConfig(
      own,
      configForm(version, { intent: 'import-now:0', 'imports[0].calendarId': 'https://elsewhere.example/feed.ics' }),
    );
    expect(unsaved.status).toBe(400);
    expect((unsaved.data as CalendarConfigActionData).result.error).toEqual({ '': [CALENDAR_SCREEN_TEXTS.importNotSaved] });
  });

  it("location admins grant remote access under the calendar's new remote key; an editor's remote fields are ignored", async () => {
    const editorOwn = await ownCommunity('editor');
    const { paths } = services;
    const remoteFields = {
      'remote.remotelyManaged': 'on',
      'remote.entries[0].accessType': 'url',
      'remote.entries[0].title': 'Kids Club volunteers',
      'remote.entries[0].editInfo': 'on',
    };
    const ignored = await postConfig(editorOwn, configForm((await editorOf(editorOwn)).version, remoteFields));
    expect(ignored.status).toBe(302);
    expect((await read(paths.calendarConfig(editorOwn.community, 'activities')))?.remoteKey).toBeUndefined();

    const own = await ownCommunity('admin');
    const saved = await postConfig(own, configForm((await editorOf(own)).version, remoteFields));
    expect(saved.status).toBe(302);
    const remoteKey = (await read(paths.calendarConfig(own.community, 'activities')))?.remoteKey;
    expect(typeof remoteKey).toBe('string');
    const entries = await read(paths.remoteByDetail(remoteGrantKey(own.community, String(remoteKey))));
    expect(Object.values(entries ?? {})).toEqual([
      expect.objectContaining({
        type: 'calendar',
        accessType: 'url',
        title: 'Kids Club volunteers',
        editInfo: true,
        origContext: `${own.community}/amc-events`,
        contexts: [`${own.community}/amc-events/calendars/activities`],
      }),
    ]);
    const data = await editorOf(own);
    expect(data.defaultValue.remote.entries).toHaveLength(1);
    const uuid = data.defaultValue.remote.entries[0]!.uuid;
    expect(data.remoteLinks[uuid]).toBe(`${ORIGIN}/amc-calendar/remote/${uuid}/`);

    // Switched off: the entries go, the key stays.
    const off = await postConfig(own, configForm(data.version));
    expect(off.data).toBeNull();
    expect(off.status).toBe(302);
    expect(await read(paths.remoteByDetail(remoteGrantKey(own.community, String(remoteKey))))).toBeNull();
  });

  it("a link made with 'Copy Link for Remote Management' opens its calendar, and keeps opening it after later saves", async () => {
    const own = await ownCommunity('admin');
    const remoteFields = {
      'remote.remotelyManaged': 'on',
      'remote.entries[0].accessType': 'url',
      'remote.entries[0].title': 'Organizer',
      'remote.entries[0].editInfo': 'on',
    };
    expect((await postConfig(own, configForm((await editorOf(own)).version, remoteFields))).status).toBe(302);
    const data = await editorOf(own);
    const uuid = data.defaultValue.remote.entries[0]!.uuid;
    const link = new URL(data.remoteLinks[uuid]!);
    const opened = await outcome<RemoteCalendarData>(calendarByLink.loader(args(getRequest(null, link.pathname), { uuid }) as never));
    expect(opened.status).toBe(200);
    expect(opened.data?.title).toBe('Activities');

    // Saved again (the entry as the form shows it): the same link still opens.
    const again = await postConfig(
      own,
      configForm(data.version, { ...remoteFields, 'remote.entries[0].uuid': uuid, 'audiences[2].title': 'Kids' }),
    );
    expect(again.status).toBe(302);
    const reopened = await outcome<RemoteCalendarData>(calendarByLink.loader(args(getRequest(null, link.pathname), { uuid }) as never));
    expect(reopened.status).toBe(200);
  });

  it("an organizer's link written with the calendar's one context (the demo data's) survives a save of the calendar's settings", async () => {
    const own = await ownCommunity('admin');
    const { paths } = services;
    const uuid = `organizer-${own.community}`;
    const entry = {
      type: 'calendar',
      accessType: 'url',
      title: 'Organizer',
      name: '',
      editInfo: true,
      addButtons: false,
      sendNotifications: false,
      origContext: `${own.community}/amc-events`,
      contexts: [`${own.community}/amc-events/calendars/activities`],
      detailTitle: 'Activities',
      uid: uuid,
    };
    await services.db.ref().update({
      [`${paths.calendarConfig(own.community, 'activities')}/remoteKey`]: 'rk-organizer',
      [paths.remoteByUid(uuid, 'rk-organizer')]: entry,
      [paths.remoteByDetail('rk-organizer', uuid)]: entry,
    });
    const open = () =>
      outcome<RemoteCalendarData>(calendarByLink.loader(args(getRequest(null, `/amc-calendar/remote/${uuid}/`), { uuid }) as never));
    expect((await open()).status).toBe(200);

    const data = await editorOf(own);
    expect(data.defaultValue.remote.entries.map((row) => row.uuid)).toEqual([uuid]);
    const saved = await postConfig(
      own,
      configForm(data.version, {
        'remote.remotelyManaged': 'on',
        'remote.entries[0].uuid': uuid,
        'remote.entries[0].accessType': 'url',
        'remote.entries[0].title': 'Organizer',
        'remote.entries[0].editInfo': 'on',
        priorNotificationTime: '30',
      }),
    );
    expect(saved.status).toBe(302);
    expect((await read(paths.calendarConfig(own.community, 'activities')))?.priorNotificationTime).toBe(30);
    expect((await open()).status).toBe(200);
  });

  it("an e-mail access is invited to the remote calendar's page, not a listing's", async () => {
    const own = await ownCommunity('admin');
    const { paths } = services;
    await services.db.ref(paths.dollarsEnabled()).set(true);
    try {
      const saved = await postConfig(
        own,
        configForm((await editorOf(own)).version, {
          'remote.remotelyManaged': 'on',
          'remote.entries[0].accessType': 'email',
          'remote.entries[0].email': `club-${own.community}@example.com`,
          'remote.entries[0].name': 'Club Lead',
          'remote.entries[0].title': 'Volunteer',
          'remote.entries[0].editInfo': 'on',
        }),
      );
      expect(saved.data).toBeNull();
      const remoteKey = String((await read(paths.calendarConfig(own.community, 'activities')))?.remoteKey);
      const queue = Object.values(((await read(paths.emailQueue())) ?? {}) as Record<string, { email: string; body: string }>);
      const invitation = queue.find((item) => item.email === `club-${own.community}@example.com`);
      expect(invitation?.body).toContain(`${ORIGIN}/amc-calendar/remote/id/${remoteGrantKey(own.community, remoteKey)}/`);
      expect(invitation?.body).not.toContain('/detail/remote/');
    } finally {
      await services.db.ref(paths.dollarsEnabled()).remove();
    }
  });
});
