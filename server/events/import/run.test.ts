import { afterAll, describe, expect, it } from 'vitest';
import { calendarConfigVersion } from '../calendars';
import { at, get, makeCommunity, openTestDb } from '../testing';
import { importedEventId } from './apply';
import { icsEvents } from './expand';
import { calendarImportJobId, calendarsWithImports, communityTimeZone, importUploadedIcs, runCalendarImports } from './run';
import { calendarImportPort, ImportError, type CalendarImportPort } from './sources';
import { importStatusKey, loadImportStatuses } from './status';

/** Running imports: an uploaded .ics, the calendars the schedule visits, the community's zone. */

const { db, deps } = openTestDb('events-import-run');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;
const NOW = at('2026-03-01T00:00');
const UPLOAD = 'upload:pool-schedule.ics';
const ics = (start: string) =>
  `BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:swim\nDTSTART:${start}\nDTEND:${start.replace('T10', 'T11')}\nSUMMARY:Swim\nEND:VEVENT\nEND:VCALENDAR\n`;

async function community(timeZone?: string) {
  const key = await makeCommunity(deps);
  await db.ref().update({
    ...(timeZone ? { [paths.community(key)]: { timeZone } } : {}),
    [paths.calendarImports(key, 'activities')]: [
      { title: 'Pool', type: 'iCal', calendarId: UPLOAD, audience: 'Kids', eventContext: 'resort' },
    ],
  });
  return key;
}

describe('importUploadedIcs', () => {
  it("writes an uploaded file's floating times in the community's zone, and updates them on a new upload", async () => {
    const key = await community('America/Chicago');
    const first = await importUploadedIcs(deps, {
      community: key,
      calendarId: 'activities',
      sourceKey: '0',
      text: ics('20260310T100000'),
      now: NOW,
    });
    expect(first).toEqual({ ok: true, result: { created: 1, updated: 0, unchanged: 0, removed: 0, ignored: 0 } });
    const path = paths.calendarEvent(key, 'activities', importedEventId('activities', UPLOAD, 'swim'));
    expect(await get(deps, `${path}/startDate`)).toBe(at('2026-03-10T10:00', 'America/Chicago'));

    const second = await importUploadedIcs(deps, {
      community: key,
      calendarId: 'activities',
      sourceKey: '0',
      text: ics('20260311T100000'),
      now: NOW,
    });
    expect(second).toMatchObject({ ok: true, result: { updated: 1 } });
    expect(await get(deps, `${path}/startDate`)).toBe(at('2026-03-11T10:00', 'America/Chicago'));
  });

  it('refuses a file that is not iCalendar and a source that is gone', async () => {
    const key = await community();
    expect(
      await importUploadedIcs(deps, { community: key, calendarId: 'activities', sourceKey: '0', text: 'hello', now: NOW }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(
      await importUploadedIcs(deps, { community: key, calendarId: 'activities', sourceKey: '7', text: ics('20260310T100000'), now: NOW }),
    ).toEqual({
      ok: false,
      reason: 'gone',
    });
  });
});

describe('runs', () => {
  it('skips upload-fed sources, reports a source it cannot read, and lists the calendars with sources to fetch', async () => {
    const key = await community();
    await db.ref(paths.community(key)).update({ name: 'Pine Hollow' });
    const imports = { ...deps, imports: calendarImportPort({}) };
    expect(await runCalendarImports(imports, { community: key, calendarId: 'activities', now: NOW })).toEqual([]);
    expect(await calendarsWithImports(deps)).not.toContainEqual({ community: key, calendarId: 'activities' });

    await db
      .ref(`${paths.calendarImports(key, 'activities')}/1`)
      .set({ title: 'Town', type: 'iCal', calendarId: 'http://localhost/x.ics', audience: 'Kids', eventContext: 'local' });
    expect(await runCalendarImports(imports, { community: key, calendarId: 'activities', now: NOW })).toEqual([
      {
        key: '1',
        title: 'Town',
        type: 'iCal',
        calendarId: 'http://localhost/x.ics',
        ok: false,
        kind: 'invalid-request',
        message: expect.any(String),
      },
    ]);
    expect(await runCalendarImports(imports, { community: key, calendarId: 'kids-club', now: NOW })).toEqual([]);
    expect(await calendarsWithImports(deps)).toContainEqual({ community: key, calendarId: 'activities' });
    expect(await calendarsWithImports(deps)).not.toContainEqual({ community: key, calendarId: 'kids-club' });
  });

  it("reads the community's zone, New York by default", async () => {
    expect(await communityTimeZone(deps, await community('America/Denver'))).toBe('America/Denver');
    expect(await communityTimeZone(deps, await community())).toBe('America/New_York');
  });

  it('gives job ids BullMQ takes', () => {
    expect(calendarImportJobId('pine:hollow', 'activities')).toBe('calendar-import--pine%3Ahollow--activities');
  });
});

describe('the status of each run', () => {
  const FEED = 'https://feeds.example/pool.ics';
  const feed = (count: number) =>
    `BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:swim\nDTSTART:20260310T100000Z\nRRULE:FREQ=DAILY;COUNT=${count}\nSUMMARY:Swim\nEND:VEVENT\nEND:VCALENDAR\n`;
  /** A port answering `answers` in turn: a feed text, or an ImportError. */
  function scripted(answers: Array<string | ImportError>): CalendarImportPort {
    return {
      offline: () => false,
      async events(_source, window) {
        const answer = answers.shift()!;
        if (answer instanceof ImportError) throw answer;
        return icsEvents(answer, window);
      },
    };
  }

  it('records counts, then an error in plain words keeping the last counts, and never changes the editor version', async () => {
    const key = await makeCommunity(deps);
    const source = { title: 'Pool', type: 'iCal', calendarId: FEED, audience: 'Kids', eventContext: 'resort' };
    await db.ref(paths.calendarImports(key, 'activities')).set([source]);
    const configPath = paths.calendarConfig(key, 'activities');
    const version = calendarConfigVersion((await get(deps, configPath)) as Record<string, unknown>);
    const port = scripted([feed(3), feed(2), new ImportError('invalid-request', 'The calendar address points to a private network.')]);
    const imports = { ...deps, imports: port };
    const statusOf = async () => (await loadImportStatuses(deps, key, 'activities', [{ type: 'iCal', calendarId: FEED }])).get(FEED);

    await runCalendarImports(imports, { community: key, calendarId: 'activities', now: NOW });
    expect(await statusOf()).toEqual({
      checkedAt: NOW,
      error: null,
      importedAt: NOW,
      added: 3,
      updated: 0,
      removed: 0,
      skipped: {},
      held: 0,
    });
    await runCalendarImports(imports, { community: key, calendarId: 'activities', now: NOW + 1000 });
    expect(await statusOf()).toEqual({
      checkedAt: NOW + 1000,
      error: null,
      importedAt: NOW + 1000,
      added: 0,
      updated: 0,
      removed: 1,
      skipped: {},
      held: 0,
    });
    await runCalendarImports(imports, { community: key, calendarId: 'activities', now: NOW + 2000 });
    expect(await statusOf()).toEqual({
      checkedAt: NOW + 2000,
      error: 'The calendar address points to a private network.',
      importedAt: NOW + 1000,
      added: 0,
      updated: 0,
      removed: 1,
      skipped: {},
      held: 0,
    });
    // Beside the config, under a key of the source's type and address; the form's version is untouched.
    expect(await get(deps, `${configPath}/importStatus/${importStatusKey({ type: 'iCal', calendarId: FEED })}/checkedAt`)).toBe(NOW + 2000);
    expect(calendarConfigVersion((await get(deps, configPath)) as Record<string, unknown>)).toBe(version);
  });

  it('records an uploaded file that is not iCalendar as the error of its source', async () => {
    const key = await community();
    await importUploadedIcs(deps, { community: key, calendarId: 'activities', sourceKey: '0', text: 'hello', now: NOW });
    const statuses = await loadImportStatuses(deps, key, 'activities', [{ type: 'iCal', calendarId: UPLOAD }]);
    expect(statuses.get(UPLOAD)).toMatchObject({
      checkedAt: NOW,
      error: 'The uploaded file: This is not an iCalendar file (no BEGIN:VCALENDAR).',
      importedAt: null,
    });
  });
});
