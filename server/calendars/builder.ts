import { communitySummary } from '@server/authz';
import { loadCommunityRecord } from '@server/community/record';
import type { RealtimeDb } from '@server/db/types';
import { listCalendars } from '@server/events/calendars';
import { calendarFeedExists } from '@server/events/feed';
import { LEGACY_EVENT_SECTIONS, type Paths } from '@server/paths';
import type { FileStorage } from '@server/storage/types';
import {
  ACTIVITIES_GROUP,
  FALLBACK_CALENDAR_COLORS,
  LEGACY_EVENTS_GROUP,
  pickerColor,
  readBuilderQuery,
  type BuilderChoices,
  type BuilderColors,
  type BuilderDefaults,
} from '~/lib/calendar-builder';
import { calendarFeedUrls } from '~/lib/hrefs';
import { PUBLIC_CALENDAR_DEFAULTS } from '~/lib/public-calendar';

/**
 * The calendar builder's reads (spec 03 "Calendar builder", §7 "Public calendar and builder":
 * read events-resort, events-local and amc-events/config ordered by title for the selector;
 * storage get of the calendar's .ics for the iCal URL; §8 "Missing iCal file: No iCal tab").
 *
 * The selector (docs/decisions/028): the community's calendars ('Activities', by title), then
 * the legacy lists that hold events ('Legacy Events Tab 1' = events-resort, 'Tab 2' =
 * events-local). A community with neither still gets both legacy tabs, so the selector is
 * never empty (events-resort is the public calendar's default).
 */

export interface BuilderDeps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

export interface BuilderCalendar {
  /** The public calendar's selectedTab: an amc-events calendar id, events-resort or events-local. */
  id: string;
  label: string;
  group: typeof ACTIVITIES_GROUP | typeof LEGACY_EVENTS_GROUP;
}

export interface CalendarBuilderData {
  community: { key: string; name: string };
  calendars: BuilderCalendar[];
  defaults: BuilderDefaults;
  choices: BuilderChoices;
  /** The console's origin (the Screen URL, the embed code). */
  origin: string;
  /** The selected calendar's feed, its address and webcal:// link, or null when it has no .ics file. */
  ical: { url: string; webcal: string } | null;
}

const LEGACY_LABELS: Record<(typeof LEGACY_EVENT_SECTIONS)[number], string> = {
  'events-resort': `${LEGACY_EVENTS_GROUP} Tab 1`,
  'events-local': `${LEGACY_EVENTS_GROUP} Tab 2`,
};

/** The calendars the selector offers, in its order. */
export async function builderCalendars(deps: BuilderDeps, community: string): Promise<BuilderCalendar[]> {
  const [calendars, legacy] = await Promise.all([
    listCalendars(deps, community),
    Promise.all(
      LEGACY_EVENT_SECTIONS.map(async (section) => {
        const first = await deps.db.ref(deps.paths.legacyEvents(community, section)).orderByKey().limitToFirst(1).get();
        return { section, used: first.exists() };
      }),
    ),
  ]);
  const activities: BuilderCalendar[] = calendars.map(({ calendarId, title }) => ({
    id: calendarId,
    label: title,
    group: ACTIVITIES_GROUP,
  }));
  const used = legacy.filter(({ used }) => used).map(({ section }) => section);
  const sections = activities.length === 0 && used.length === 0 ? [...LEGACY_EVENT_SECTIONS] : used;
  return [
    ...activities,
    ...sections.map((section): BuilderCalendar => ({ id: section, label: LEGACY_LABELS[section], group: LEGACY_EVENTS_GROUP })),
  ];
}

/** The pickers' defaults: the community's background, accent and primary colours (else the fallbacks), text and date as the spec says. */
export function builderColors(record: Record<string, unknown>): BuilderColors {
  const own = (name: 'colorBackground' | 'colorAccent' | 'colorPrimary') =>
    pickerColor(typeof record[name] === 'string' ? record[name] : null) ?? FALLBACK_CALENDAR_COLORS[name];
  return {
    colorBackground: own('colorBackground'),
    colorAccent: own('colorAccent'),
    colorPrimary: own('colorPrimary'),
    colorText: PUBLIC_CALENDAR_DEFAULTS.colorText,
    colorDate: PUBLIC_CALENDAR_DEFAULTS.colorDate,
  };
}

/**
 * Everything the builder shows for `search` (its query, read with fallbacks: never an error)
 * in `community`, for a page served at `origin`.
 */
export async function loadCalendarBuilder(
  deps: BuilderDeps,
  input: { community: string; search: URLSearchParams; origin: string; request?: Request },
): Promise<CalendarBuilderData> {
  const { community, search, origin } = input;
  const [record, calendars] = await Promise.all([loadCommunityRecord(deps, community, input.request), builderCalendars(deps, community)]);
  const defaults: BuilderDefaults = { tabs: calendars.map((calendar) => calendar.id), colors: builderColors(record) };
  const choices = readBuilderQuery(search, defaults);
  const hasFeed = await calendarFeedExists(deps, community, choices.selectedTab);
  return {
    community: { key: community, name: communitySummary(community, record)?.displayName ?? community },
    calendars,
    defaults,
    choices: hasFeed || choices.code !== 'ical' ? choices : { ...choices, code: 'embed' },
    origin,
    ical: hasFeed ? calendarFeedUrls(origin, community, choices.selectedTab) : null,
  };
}
