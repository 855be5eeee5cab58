import { isValidKey } from '@server/paths';
import { communityTimeZone } from '../import/run';
import { isObject, type EventDeps, type EventRecord } from '../records';
import { calendarFeed, type CalendarFeed, type FeedLocation, type FeedState } from './feed';

/**
 * What the feed job calls: reads one calendar of a community (its config title, events,
 * recurrence records, the community's zone and locations) and writes its feed (feed.ts). Null
 * when the calendar has no config (deleted, or never made). Storing the text at
 * `amc-events/{tab}-calendar.ics` and keeping `state` for the next build is the caller's.
 */
export async function buildCalendarFeed(
  deps: EventDeps,
  input: { community: string; calendarId: string; now: number; previous?: FeedState | null; source?: string | null },
): Promise<CalendarFeed | null> {
  const { db, paths } = deps;
  const { community, calendarId } = input;
  const [config, events, recurrences, locations, timeZone] = await Promise.all([
    db.ref(paths.calendarConfig(community, calendarId)).get(),
    db.ref(paths.calendarEvents(community, calendarId)).get(),
    db.ref(paths.calendarRecurrences(community, calendarId)).get(),
    db.ref(paths.locations(community)).get(),
    communityTimeZone(deps, community),
  ]);
  const configValue = config.val() as unknown;
  if (!isObject(configValue)) return null;
  const title = typeof configValue.title === 'string' && configValue.title.trim() !== '' ? configValue.title : calendarId;
  return calendarFeed({
    community,
    calendarId,
    title,
    timeZone,
    events: recordsOf(events.val()),
    recurrences: recordsOf(recurrences.val()),
    locations: locationsOf(locations.val()),
    now: input.now,
    previous: input.previous ?? null,
    source: input.source ?? null,
  });
}

function recordsOf(value: unknown): Record<string, EventRecord> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, EventRecord] => isValidKey(entry[0]) && isObject(entry[1])),
  );
}

function locationsOf(value: unknown): Record<string, FeedLocation> {
  if (!isObject(value)) return {};
  const found: Record<string, FeedLocation> = {};
  for (const [id, entry] of Object.entries(value)) {
    if (!isObject(entry) || typeof entry.title !== 'string' || entry.title.trim() === '') continue;
    const address = [entry.address, entry.city, entry.state, entry.zip]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join(', ');
    found[id] = address ? { title: entry.title, address } : { title: entry.title };
  }
  return found;
}
