import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffContext } from '@server/authz';
import type { Services } from '@server/services';
import { CALENDAR_SCREEN_TEXTS, ICS_UPLOAD_TEXTS } from '~/lib/calendars';
import { CALENDAR_TEXTS } from '~/schemas/calendar-config';
import { activitiesConfig, activitiesConfigFields } from '../../tests/setup/calendar-fixtures';
import { installTestServices } from '../../tests/setup/services';
import {
  answerCalendarConfig,
  answerCreateCalendar,
  answerIcsUpload,
  deleteCalendar,
  deleteCalendarData,
  editorPlace,
  loadCalendarRows,
  loadConfigForm,
  openConfigTarget,
  openRemoteCalendar,
  readCalendar,
  remoteCalendarHref,
  remoteCalendarLeave,
  remoteLinksOf,
  runLines,
  type CalendarConfigAnswer,
  type ConfigTarget,
} from './index';

/**
 * The use cases of Manage Calendars, the config editor, the .ics upload and the remote
 * calendar pages without a request: each test makes a community of its own.
 */

let services: Services;
let close: () => Promise<void>;
let counter = 0;
const NOW = 1_800_000_000_000;

beforeAll(async () => {
  ({ services, close } = await installTestServices('calendars-use-cases', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

async function ownCommunity(): Promise<string> {
  counter += 1;
  const community = `cal-use-${counter}`;
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Use Case ${counter}`, timeZone: 'America/New_York' },
    [services.paths.calendarConfig(community, 'activities')]: activitiesConfig(),
  });
  return community;
}

const staffOf = (community: string, admin: boolean): StaffContext => ({
  user: { uid: 'staff', email: 'staff@test.example', displayName: 'Staff', method: 'password', persistent: true, communityKey: community },
  access: {
    uid: 'staff',
    email: 'staff@test.example',
    isSuperAdmin: false,
    isResortSystem: false,
    adminLocations: admin ? [community] : [],
    editLocations: [community],
    canNotifyLocations: admin ? [community] : [],
    editorDefault: community,
    remoteGrants: [],
  },
  community,
  communities: [{ key: community, title: 'Use Case', displayName: 'Use Case', pinned: false, ordinal: null }],
});

async function targetOf(community: string, admin = false): Promise<ConfigTarget> {
  const target = await openConfigTarget(services, staffOf(community, admin), 'activities');
  if (!target) throw new Error('no calendar');
  return target;
}

function posted(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}

/** The editor's form for the activities calendar, with `more` over it. */
const configForm = (version: string, more: Record<string, string> = {}) => posted(activitiesConfigFields(version, more));

const formOf = (answer: CalendarConfigAnswer) => {
  if (answer.kind !== 'form') throw new Error(`not the form: ${answer.kind}`);
  return answer;
};

describe('Manage Calendars', () => {
  it('finds a calendar only by a valid key with a stored config', async () => {
    const community = await ownCommunity();
    expect(await readCalendar(services, community, 'activities')).toMatchObject({ calendarId: 'activities' });
    expect(await readCalendar(services, community, 'kids')).toBeNull();
    expect(await readCalendar(services, community, 'a/b')).toBeNull();
    expect(await readCalendar(services, community, undefined)).toBeNull();
  });

  it('lists, creates (title required) and deletes calendars', async () => {
    const community = await ownCommunity();
    const refused = await answerCreateCalendar(services, { community, formData: posted({ title: ' ' }), now: NOW });
    expect(refused).toMatchObject({ kind: 'form', status: 400 });
    if (refused.kind === 'form') expect(refused.data.result.error).toEqual({ title: [CALENDAR_TEXTS.titleRequired] });
    expect(await answerCreateCalendar(services, { community, formData: posted({ title: 'Kids Club' }), now: NOW })).toEqual({
      kind: 'created',
    });
    const { calendars } = await loadCalendarRows(services, community);
    expect(calendars.map((row) => row.title)).toEqual(['Activities', 'Kids Club']);
    expect(calendars[0]).toEqual({
      calendarId: 'activities',
      title: 'Activities',
      configHref: '/amc-calendars/config/activities',
      eventsHref: '/amc-calendar/activities/active',
      printHref: '/activities-printout/activities',
      deleteHref: '/amc-calendars/delete/activities',
    });

    const calendar = (await readCalendar(services, community, 'activities'))!;
    expect(deleteCalendarData(calendar)).toMatchObject({ calendar: { title: 'Activities' }, text: CALENDAR_TEXTS.deleteCalendar });
    expect(await deleteCalendar(services, { community, calendar, now: NOW })).toEqual({ kind: 'deleted' });
    expect(await readCalendar(services, community, 'activities')).toBeNull();
  });
});

describe('the config form', () => {
  it("shows the stored config; Remote Management only for location admins on the editor's page", async () => {
    const community = await ownCommunity();
    const staff = await targetOf(community);
    const data = await loadConfigForm(staff, editorPlace('activities'));
    expect(data.defaultValue).toMatchObject({
      title: 'Activities',
      priorNotificationTime: '15',
      audiences: [{ title: 'Family' }, { title: 'Adults' }],
    });
    expect(data.sections).not.toContain('remote');
    expect(data.importRuns['https://town.example/feed.ics']).toEqual({
      lines: [CALENDAR_SCREEN_TEXTS.importNever],
      failed: false,
      importNow: true,
    });
    expect(data.uploadHref).toBe('/amc-calendars/config/activities/upload');
    const admin = await loadConfigForm(await targetOf(community, true), editorPlace('activities'));
    expect(admin.sections).toContain('remote');
  });

  it('asks before removing an import, keeps the form on Cancel, and answers errors with their section', async () => {
    const community = await ownCommunity();
    const target = await targetOf(community);
    const { version } = await loadConfigForm(target, editorPlace('activities'));
    const place = editorPlace('activities');

    const asked = formOf(
      await answerCalendarConfig(target, place, {
        formData: configForm(version),
        chosen: { intent: 'remove-import', argument: '0' },
        now: NOW,
      }),
    );
    expect(asked.data.removal).toEqual({ index: 0, imports: [{ title: 'Town feed', calendarId: 'https://town.example/feed.ics' }] });
    const dismissed = formOf(
      await answerCalendarConfig(target, place, { formData: configForm(version), chosen: { intent: 'dismiss' }, now: NOW }),
    );
    expect(dismissed).toMatchObject({ status: 200, data: { openSection: 'import', removal: null } });

    const invalid = formOf(
      await answerCalendarConfig(target, place, {
        formData: configForm(version, { 'userCreatedEmails[0]': 'not-an-address' }),
        chosen: { intent: 'save' },
        now: NOW,
      }),
    );
    expect(invalid).toMatchObject({ status: 400, data: { openSection: 'user-created' } });
  });

  it('asks which removal a Submit that drops an import means, then saves; a stale version is a conflict', async () => {
    const community = await ownCommunity();
    const target = await targetOf(community);
    const place = editorPlace('activities');
    const { version } = await loadConfigForm(target, place);
    const dropped = { 'imports[0].type': 'none', 'imports[0].calendarId': '', 'imports[0].title': '' };

    const question = formOf(
      await answerCalendarConfig(target, place, { formData: configForm(version, dropped), chosen: { intent: 'save' }, now: NOW }),
    );
    expect(question.data.removal).toEqual({ index: null, imports: [{ title: 'Town feed', calendarId: 'https://town.example/feed.ics' }] });

    const saved = await answerCalendarConfig(target, place, {
      formData: configForm(version, { removeImport: '0', importRemoval: 'stop', 'audiences[2].title': 'Kids' }),
      chosen: { intent: 'save' },
      now: NOW,
    });
    expect(saved).toEqual({ kind: 'saved', to: '/amc-calendars', message: CALENDAR_SCREEN_TEXTS.saved });
    const stored = (await readCalendar(services, community, 'activities'))!.stored;
    expect(stored.audiences).toEqual(['Family', 'Adults', 'Kids']);

    const stale = formOf(
      await answerCalendarConfig(await targetOf(community), place, { formData: configForm(version), chosen: { intent: 'save' }, now: NOW }),
    );
    expect(stale.status).toBe(409);
    expect(stale.data.conflict?.theirs.map((row) => row.label)).toContain('Audiences');
  });

  it('gives a remotely managed calendar a remote key and its entries their links', async () => {
    const community = await ownCommunity();
    const target = await targetOf(community, true);
    const place = editorPlace('activities');
    const { version } = await loadConfigForm(target, place);
    const saved = await answerCalendarConfig(target, place, {
      formData: configForm(version, {
        'remote.remotelyManaged': 'on',
        'remote.entries[0].accessType': 'url',
        'remote.entries[0].title': 'Organizer',
      }),
      chosen: { intent: 'save' },
      now: NOW,
    });
    expect(saved.kind).toBe('saved');
    const data = await loadConfigForm(await targetOf(community, true), place);
    const uuid = data.defaultValue.remote.entries[0]!.uuid;
    expect(data.remoteLinks).toEqual({ [uuid]: `${target.origin}/amc-calendar/remote/${uuid}/` });
  });
});

describe('links and texts', () => {
  it("writes an entry's link: its own page for a URL entry, the calendar's sign-in page for an e-mail entry", () => {
    const entry = (uuid: string, accessType: 'url' | 'email') => ({ uuid, accessType }) as never;
    expect(
      remoteLinksOf('https://console.test', 'camp', 'rk 1', {
        remotelyManaged: true,
        allowFavorite: false,
        entries: [entry('u/1', 'url'), entry('u2', 'email'), entry('', 'url')],
      }),
    ).toEqual({
      'u/1': 'https://console.test/amc-calendar/remote/u%2F1/',
      u2: 'https://console.test/amc-calendar/remote/id/camp~rk%201/',
    });
  });

  it('pages a remote calendar and leaves it by sign-in kind', () => {
    expect(remoteCalendarHref({ uuid: 'a b' })).toBe('/amc-calendar/remote/a%20b/');
    expect(remoteCalendarHref({ uuid: 'a b' }, 3)).toBe('/amc-calendar/remote/a%20b/?page=3');
    expect(remoteCalendarHref({ detailId: 'camp~rk' }, 2)).toBe('/amc-calendar/remote/id/camp~rk/?page=2');
    expect(remoteCalendarLeave({ uuid: 'x' })).toEqual({ leaveHref: '/remote/left', leaveLabel: 'Leave this page' });
    expect(remoteCalendarLeave({ detailId: 'x' })).toEqual({ leaveHref: '/detail/remote?all=1', leaveLabel: 'Your remote access' });
  });

  it("reads an import's last run", () => {
    const when = (ms: number) => `at ${ms}`;
    expect(runLines(undefined, when)).toEqual({ lines: [CALENDAR_SCREEN_TEXTS.importNever], failed: false });
    const failed = runLines(
      {
        error: 'Feed not found.',
        checkedAt: 2,
        importedAt: 1,
        added: 3,
        updated: 0,
        removed: 1,
        skipped: { 'no-start': 2 },
        held: 1,
      } as never,
      when,
    );
    expect(failed).toEqual({
      failed: true,
      lines: [
        CALENDAR_SCREEN_TEXTS.importFailed('at 2', 'Feed not found.'),
        CALENDAR_SCREEN_TEXTS.importLast('at 1', 3, 0, 1),
        CALENDAR_SCREEN_TEXTS.importSkipped(2, 'no start date'),
        CALENDAR_SCREEN_TEXTS.importHeld(1),
      ],
    });
  });
});

describe('.ics upload and remote pages', () => {
  it('refuses a missing file and settings the calendar does not offer', async () => {
    const community = await ownCommunity();
    const calendar = (await readCalendar(services, community, 'activities'))!;
    const values = { audience: 'family', eventContext: 'local', defaultLocation: '' };
    expect(await answerIcsUpload(services, { community, calendar, file: null, values, now: NOW })).toEqual({
      kind: 'refused',
      status: 400,
      data: { error: ICS_UPLOAD_TEXTS.noFile, values },
    });
    const file = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'pool.ics');
    const wrong = { ...values, eventContext: 'elsewhere' };
    expect(await answerIcsUpload(services, { community, calendar, file, values: wrong, now: NOW })).toMatchObject({
      kind: 'refused',
      data: { error: ICS_UPLOAD_TEXTS.settings },
    });
  });

  it('finds no calendar for an unknown link or another person', async () => {
    const deps = { db: services.db, paths: services.paths };
    expect(await openRemoteCalendar(deps, { uuid: 'nobody-link' }, null)).toEqual({ kind: 'not-found' });
    expect(await openRemoteCalendar(deps, { uid: 'nobody', detailId: 'camp~rk' }, null)).toEqual({ kind: 'not-found' });
  });
});
