import { afterAll, describe, expect, it } from 'vitest';
import { recordingJobs } from '@jobs/testing/fixtures';
import { storagePaths } from '@server/paths';
import { createStorage } from '@server/storage';
import { serveFile } from '@server/storage/serve';
import { absoluteUrl, hrefs, webcalUrl } from '~/lib/hrefs';
import { makeTempDir } from '../../../tests/setup/tmp';
import { deleteCalendar, saveCalendarConfig, calendarConfigVersion, calendarConfigFormValue } from '../calendars';
import { bulkDeleteEvents, deleteEvent } from '../delete';
import { applyImport, importSourcesOf } from '../import/apply';
import { saveEvent } from '../save';
import { at, eventFields, get, makeCommunity, openTestDb, saveInput } from '../testing';
import { FEED_CACHE_CONTROL, FEED_CONTENT_TYPE, publishCalendarFeed, type FeedDeps } from './publish';
import { feedTargetsOf, FEED_BUILD_DELAY_MS } from './requests';
import { calendarFeedExists, staleCalendarFeeds } from './stale';

/**
 * Storing calendar feeds (issue 24 "iCal feeds", docs/decisions/026): what the calendar-feed job
 * runs, against the embedded database and local-disk storage; the feed builds every write that
 * sets icsBuildTime asks for; the sweep; serving the stored feed with 304s.
 */

const { db, deps: eventDeps } = openTestDb('feed-publish');
const storage = createStorage({ kind: 'local', root: makeTempDir('feed-publish-storage') });
const deps: FeedDeps = { ...eventDeps, storage, publicUrl: 'https://console.example' };
const { paths } = eventDeps;
afterAll(async () => {
  await db.close();
});
const T0 = at('2026-03-02T09:00');

async function calendarWithEvent(): Promise<{ community: string; eventId: string }> {
  const community = await makeCommunity(eventDeps);
  // The sweep goes through the communities' records.
  await db.ref(paths.community(community)).update({ name: community, timeZone: 'America/New_York' });
  const saved = await saveEvent(
    eventDeps,
    saveInput(community, {
      eventId: 'trivia',
      fields: eventFields(at('2026-03-10T18:00'), at('2026-03-10T19:00'), { title: 'Trivia' }),
      now: T0,
    }),
  );
  if (!saved.ok) throw new Error(saved.reason);
  return { community, eventId: 'trivia' };
}

const feedText = async (community: string, calendarId = 'activities') => {
  const object = await storage.get(storagePaths.calendarIcs(community, calendarId));
  // Unfolded (RFC 5545 §3.1): a long line goes on after CRLF and one space.
  return object
    ? Buffer.from(await object.bytes())
        .toString('utf8')
        .replace(/\r\n /g, '')
    : null;
};

describe('publishCalendarFeed', () => {
  it('stores the feed as text/calendar with a short cache, skips a build from the same icsBuildTime, and keeps the bytes (and ETag) of an unchanged calendar', async () => {
    const { community } = await calendarWithEvent();
    const path = storagePaths.calendarIcs(community, 'activities');
    const buildTime = (await get(eventDeps, paths.calendarIcsBuildTime(community, 'activities'))) as number;
    expect(buildTime).toBe(T0);
    expect(await calendarFeedExists(storage, community, 'activities')).toBe(false);

    const first = await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 1000 });
    expect(first).toMatchObject({ kind: 'built', builtFrom: T0, components: 1, written: true });
    const object = (await storage.get(path))!;
    expect(object.contentType).toBe(FEED_CONTENT_TYPE);
    expect(object.cacheControl).toBe(FEED_CACHE_CONTROL);
    const text = (await feedText(community))!;
    expect(text).toContain('SUMMARY:Trivia\r\n');
    expect(text).toContain(`SOURCE;VALUE=URI:https://console.example/files/${community}/amc-events/activities-calendar.ics\r\n`);
    expect(await calendarFeedExists(deps, community, 'activities')).toBe(true);
    expect(await get(eventDeps, paths.calendarFeed(community, 'activities'))).toMatchObject({ builtFrom: T0, builtAt: T0 + 1000 });
    expect(typeof (await get(eventDeps, paths.calendarFeedState(community, 'activities')))).toBe('string');

    // Built from the current icsBuildTime already: nothing is done.
    expect(await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 2000 })).toEqual({
      kind: 'current',
      builtFrom: T0,
    });

    // A new icsBuildTime with nothing changed (a save of the same fields): the same bytes, not written again.
    await db.ref(paths.calendarIcsBuildTime(community, 'activities')).set(T0 + 5000);
    const again = await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 6000 });
    expect(again).toMatchObject({ kind: 'built', builtFrom: T0 + 5000, written: false });
    expect((await storage.get(path))!.etag).toBe(object.etag);
    expect(await feedText(community)).toBe(text);
    expect(await staleCalendarFeeds(eventDeps)).not.toContainEqual({ community, calendarId: 'activities' });
  });

  it('rebuilds a changed event with SEQUENCE 1 and LAST-MODIFIED of the build, and removes the feed of a deleted calendar', async () => {
    const { community, eventId } = await calendarWithEvent();
    await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 1000 });
    const stored = await get(eventDeps, paths.calendarEvent(community, 'activities', eventId));
    const edited = await saveEvent(
      eventDeps,
      saveInput(community, { eventId, isNew: false, version: null, fields: { ...stored, title: 'Trivia night' }, now: T0 + 60_000 }),
    );
    expect(edited.ok).toBe(true);
    expect(await staleCalendarFeeds(eventDeps)).toContainEqual({ community, calendarId: 'activities' });
    const built = await publishCalendarFeed(deps, { community, calendarId: 'activities', now: Date.UTC(2026, 2, 3, 4, 0, 0) });
    expect(built).toMatchObject({ kind: 'built', written: true });
    const text = (await feedText(community))!;
    expect(text).toContain('SUMMARY:Trivia night\r\n');
    expect(text).toContain('SEQUENCE:1\r\n');
    expect(text).toContain('LAST-MODIFIED:20260303T040000Z\r\n');

    const deleted = await deleteCalendar(eventDeps, { community, calendarId: 'activities', now: T0 + 120_000 });
    expect(deleted.ok).toBe(true);
    expect(await staleCalendarFeeds(eventDeps)).toContainEqual({ community, calendarId: 'activities' });
    expect(await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 130_000 })).toEqual({
      kind: 'removed',
      existed: true,
    });
    expect(await calendarFeedExists(storage, community, 'activities')).toBe(false);
    expect(await get(eventDeps, paths.calendarFeed(community, 'activities'))).toBeNull();
    expect(await get(eventDeps, paths.calendarFeedState(community, 'activities'))).toBeNull();
    expect(await staleCalendarFeeds(eventDeps)).not.toContainEqual({ community, calendarId: 'activities' });
  });

  it('builds again when the stored file went missing, and answers false for keys no feed can have', async () => {
    const { community } = await calendarWithEvent();
    await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 1000 });
    await storage.delete(storagePaths.calendarIcs(community, 'activities'));
    expect(await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 2000 })).toMatchObject({
      kind: 'built',
      written: true,
    });
    expect(await calendarFeedExists(storage, community, 'a/b')).toBe(false);
    expect(await calendarFeedExists(storage, '', 'activities')).toBe(false);
  });
});

describe('the writes that set icsBuildTime ask for feed builds', () => {
  const feedJobs = (jobs: ReturnType<typeof recordingJobs>) =>
    jobs.added.filter((job) => job.name === 'calendar-feed').map((job) => job.payload);

  it('event saves (in every calendar of the event), deletes, Delete Selected, config saves and calendar deletes; deduplicated per calendar and delayed', async () => {
    const community = await makeCommunity(eventDeps);
    const jobs = recordingJobs();
    const withJobs = { ...eventDeps, jobs };
    const saved = await saveEvent(
      withJobs,
      saveInput(community, {
        eventId: 'shared',
        fields: eventFields(at('2026-03-10T18:00'), at('2026-03-10T19:00')),
        now: T0,
        calendars: ['activities', 'kids-club'],
      }),
    );
    expect(saved.ok).toBe(true);
    expect(feedJobs(jobs)).toEqual([
      { community, calendarId: 'activities' },
      { community, calendarId: 'kids-club' },
    ]);
    expect(jobs.added[0]!.options).toEqual({ delay: FEED_BUILD_DELAY_MS, deduplicationId: `calendar-feed/${community}/activities` });

    const eventId = 'shared';
    jobs.added.length = 0;
    const removed = await deleteEvent(withJobs, {
      community,
      calendarId: 'activities',
      eventId,
      calendars: ['kids-club'],
      scope: null,
      view: 'active',
      imported: null,
      now: T0 + 1,
    });
    expect(removed.ok).toBe(true);
    expect(feedJobs(jobs)).toContainEqual({ community, calendarId: 'kids-club' });

    jobs.added.length = 0;
    await bulkDeleteEvents(withJobs, { community, calendarId: 'activities', keys: [eventId], view: 'active', now: T0 + 2 });
    expect(feedJobs(jobs)).toContainEqual({ community, calendarId: 'activities' });

    jobs.added.length = 0;
    const config = (await get(eventDeps, paths.calendarConfig(community, 'activities'))) as Record<string, unknown>;
    const renamed = await saveCalendarConfig(withJobs, {
      community,
      calendarId: 'activities',
      version: calendarConfigVersion(config),
      value: { ...calendarConfigFormValue(config), title: 'Pool Activities' },
      importRemoval: null,
      now: T0 + 3,
    });
    expect(renamed.ok).toBe(true);
    expect(feedJobs(jobs)).toEqual([{ community, calendarId: 'activities' }]);

    jobs.added.length = 0;
    await deleteCalendar(withJobs, { community, calendarId: 'kids-club', now: T0 + 4 });
    expect(feedJobs(jobs)).toContainEqual({ community, calendarId: 'kids-club' });
  });

  it('imports', async () => {
    const community = await makeCommunity(eventDeps);
    await db.ref(paths.calendarImports(community, 'activities')).set([
      {
        title: 'Pool',
        type: 'iCal',
        calendarId: 'https://feeds.example/pool.ics',
        audience: 'Family',
        eventContext: 'resort',
        defaultLocation: '',
      },
    ]);
    const jobs = recordingJobs();
    const config = await get(eventDeps, paths.calendarConfig(community, 'activities'));
    const source = importSourcesOf(config)[0]!;
    const start = at('2026-03-12T10:00');
    await applyImport(
      { ...eventDeps, jobs },
      {
        community,
        calendarId: 'activities',
        source,
        fetched: {
          events: [
            {
              id: 'swim-1',
              title: 'Lap Swim',
              description: '',
              location: '',
              address: '',
              city: '',
              latitude: '',
              longitude: '',
              startDate: start,
              endDate: start + 36e5,
              allDay: false,
            },
          ],
          cancelled: [],
        },
        now: T0,
      },
    );
    expect(feedJobs(jobs)).toEqual([{ community, calendarId: 'activities' }]);
  });

  it('finds the calendars of an update from its own paths: icsBuildTime set, a config written whole with one, a config removed', () => {
    expect(
      feedTargetsOf(paths, {
        [paths.calendarIcsBuildTime('c1', 'a')]: 5,
        [paths.calendarIcsBuildTime('c1', 'a') + 'x']: 5,
        [paths.calendarConfig('c2', 'b')]: { title: 'B', icsBuildTime: 5 },
        [paths.calendarConfig('c2', 'no-build')]: { title: 'B' },
        [paths.calendarConfig('c3', 'gone')]: null,
        [paths.calendarEvent('c1', 'a', 'e1')]: null,
        [paths.legacyEvents('c1', 'events-resort')]: null,
      }),
    ).toEqual([
      { community: 'c1', calendarId: 'a' },
      { community: 'c2', calendarId: 'b' },
      { community: 'c3', calendarId: 'gone' },
    ]);
  });
});

describe('serving a stored feed', () => {
  it('answers an anonymous GET with 200 text/calendar, then 304 to its ETag, still after an unchanged rebuild', async () => {
    const { community } = await calendarWithEvent();
    await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 1000 });
    const href = hrefs.calendarFeed(community, 'activities');
    expect(href).toBe(hrefs.files(storagePaths.calendarIcs(community, 'activities')));
    expect(webcalUrl(absoluteUrl('https://console.example', href))).toBe(`webcal://console.example${href}`);
    const url = `http://localhost${href}`;
    const path = storagePaths.calendarIcs(community, 'activities');
    const first = await serveFile(storage, new Request(url), path);
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(first.headers.get('Content-Disposition')).toBeNull();
    expect(await first.text()).toContain('BEGIN:VCALENDAR');
    const etag = first.headers.get('ETag')!;
    const lastModified = first.headers.get('Last-Modified')!;

    await db.ref(paths.calendarIcsBuildTime(community, 'activities')).set(T0 + 9000);
    await publishCalendarFeed(deps, { community, calendarId: 'activities', now: T0 + 10_000 });
    const revalidated = await serveFile(storage, new Request(url, { headers: { 'If-None-Match': etag } }), path);
    expect(revalidated.status).toBe(304);
    const byDate = await serveFile(storage, new Request(url, { headers: { 'If-Modified-Since': lastModified } }), path);
    expect(byDate.status).toBe(304);
  });
});
