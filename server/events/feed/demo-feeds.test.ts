import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { createDb } from '@server/db';
import type { RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import { seedDemoData } from '@server/seed';
import { makeTempDir } from '../../../tests/setup/tmp';
import { communityTimeZone } from '../import/run';
import { calendarIds, type EventDeps } from '../records';
import { buildCalendarFeed } from './build';
import { icalJsOccurrences, nodeIcalOccurrences, productOccurrences } from './testing';

/**
 * The feed of every demo calendar (firebase/seed/demo-data.json: two communities in New York and
 * Chicago time, three calendars, a recurrence with an edited occurrence, all-day events), read by
 * ical.js and by node-ical.
 */

const NOW = Date.UTC(2026, 2, 5, 15, 0, 0, 0);
let db: RealtimeDb;
let sqlite: Database.Database;
let deps: EventDeps;
let communities: string[] = [];

beforeAll(async () => {
  db = createDb({ engine: 'embedded', file: join(makeTempDir('demo-feeds'), 'rtdb.sqlite') });
  sqlite = new Database(':memory:');
  deps = { db, paths: createPaths('amc') };
  communities = (await seedDemoData({ db, identity: createEmbeddedIdentity(sqlite), product: 'amc', now: NOW })).communities;
});
afterAll(async () => {
  await db.close();
  sqlite.close();
});

describe('the demo calendars’ feeds', () => {
  it('give in ical.js and in node-ical exactly the occurrences each demo calendar stores', async () => {
    let calendars = 0;
    let occurrences = 0;
    for (const community of communities) {
      const timeZone = await communityTimeZone(deps, community);
      for (const calendarId of await calendarIds(deps, community)) {
        const feed = (await buildCalendarFeed(deps, { community, calendarId, now: NOW }))!;
        const stored = ((await db.ref(deps.paths.calendarEvents(community, calendarId)).get()).val() ?? {}) as Record<
          string,
          Record<string, unknown>
        >;
        const expected = productOccurrences(stored, timeZone);
        expect(icalJsOccurrences(feed.ics), `${community}/${calendarId} in ical.js`).toEqual(expected);
        expect(nodeIcalOccurrences(feed.ics), `${community}/${calendarId} in node-ical`).toEqual(expected);
        calendars += 1;
        occurrences += expected.length;
      }
    }
    expect(calendars).toBeGreaterThan(1);
    expect(occurrences).toBeGreaterThan(10);
  });
});
