import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { createDb } from '@server/db';
import type { RealtimeDb } from '@server/db/types';
import { calendarIds } from '@server/events';
import { buildCalendarFeed } from '@server/events/feed/build';
import { allDay, icalJsOccurrences, timed } from '@server/events/feed/testing';
import { communityTimeZone } from '@server/listing';
import { createPaths } from '@server/paths';
import { seedDemoData } from '@server/seed';
import { makeTempDir } from '../../tests/setup/tmp';
import { closeCalendarIndexes, type IndexDeps } from './calendar-index';
import { publicCalendarOccurrences } from './page';

/**
 * The public calendar and the calendar's iCal feed show the same occurrences: every demo
 * calendar's events as the public page lists them (publicCalendarOccurrences) against its feed
 * (server/events/feed, decision 025) expanded by ical.js, after one occurrence was deleted from
 * an active view (decision 024: neither shows it).
 */

const NOW = Date.UTC(2026, 2, 5, 15, 0, 0, 0);
const YEAR = 366 * 864e5;
let db: RealtimeDb;
let sqlite: Database.Database;
let deps: IndexDeps;
let communities: string[] = [];

beforeAll(async () => {
  db = createDb({ engine: 'embedded', file: join(makeTempDir('public-feed-agreement'), 'rtdb.sqlite') });
  sqlite = new Database(':memory:');
  deps = { db, paths: createPaths('amc') };
  communities = (await seedDemoData({ db, identity: createEmbeddedIdentity(sqlite), product: 'amc', now: NOW })).communities;
});
afterAll(async () => {
  closeCalendarIndexes(db);
  await db.close();
  sqlite.close();
});

describe('the public calendar and the iCal feed', () => {
  it('list the same occurrences for every demo calendar', async () => {
    // An event deleted from the active view: archived with its `deleted` mark, on neither.
    const archived = deps.paths.calendarEvent('demo-campground', 'activities', 'ev-movie-night');
    await db.ref().update({ [`${archived}/endDate`]: NOW, [`${archived}/startDate`]: NOW, [`${archived}/deleted`]: { time: NOW } });
    let compared = 0;
    for (const community of communities) {
      const zone = await communityTimeZone(deps, community);
      for (const calendarId of await calendarIds(deps, community)) {
        const feed = await buildCalendarFeed(deps, { community, calendarId, now: NOW });
        if (!feed) continue;
        const page = (await publicCalendarOccurrences(deps, { community, tab: calendarId, from: NOW - YEAR, to: NOW + YEAR }))!;
        const day = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate()!;
        const shown = page
          .map((occurrence) =>
            occurrence.allDay
              ? allDay(occurrence.title, day(occurrence.start), day(occurrence.end))
              : timed(occurrence.title, occurrence.start, occurrence.end),
          )
          .sort();
        expect(shown, `${community}/${calendarId}`).toEqual(icalJsOccurrences(feed.ics));
        expect(shown.join('\n')).not.toContain('Movie Night');
        compared += shown.length;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});
