import { afterAll, describe, expect, it } from 'vitest';
import { at, get, makeCommunity, openTestDb } from '../testing';
import { importedEventId } from './apply';
import { calendarImportJobId, calendarsWithImports, communityTimeZone, importUploadedIcs, runCalendarImports } from './run';
import { calendarImportPort } from './sources';

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
