import { isValidKey, LEGACY_EVENT_SECTIONS } from '@server/paths';
import { DEFAULT_TIME_ZONE } from '~/lib/event-times';
import { hrefs } from '~/lib/hrefs';
import { contrastRatio } from '~/lib/icons/colors';
import { PUBLIC_CALENDAR_DEFAULTS, publicCalendarSearch, readColor, type PublicCalendarQuery } from '~/lib/public-calendar';
import { calendarIndex, type CalendarIndex, type IndexDeps } from './calendar-index';
import { eventJsonLd, type CommunityFacts, type JsonLdEvent, type LocationFacts } from './json-ld';
import {
  addDaysToKey,
  dateOfKey,
  dayHeading,
  dayKeyOf,
  isKnownZone,
  isPassed,
  isoWithOffset,
  MONTH_NAMES,
  occurrenceDays,
  occurrenceWhen,
  rowTimeText,
  startOfDayKey,
  weekdayOfKey,
  WEEKDAY_NAMES,
  zonedDayKey,
  type PublicOccurrence,
} from './rules';

/**
 * The public calendar page's data (spec 03 "Public calendar page (/calendar)", §3 calendar
 * colours, §9 calendar constants): what `/calendar` shows for a parsed query, built on the
 * server in the community's time zone, every link a plain link (views, months, events), so the
 * page works without JavaScript.
 *
 * - The period: the month of `date` (the page's own navigation parameter; default today, or
 *   `startDate` when that is later), or, in the list view with `duration`, that many days from
 *   it. The list view starts today (spec 03 §9 "list view valid from today"); `startDate` and
 *   `endDate` bound both views.
 * - Colours: the query's, else the community's, else the spec's defaults; a text colour that
 *   would be unreadable on its background (WCAG AA, 4.5:1) is darkened or lightened until it reads.
 */

const LEGACY_TABS = LEGACY_EVENT_SECTIONS as readonly string[];
/** The most rows of a month cell before '+N more' (all of them with `expand`). */
export const MONTH_CELL_ROWS = 3;
/** The most events the page's JSON-LD lists. */
export const MAX_JSON_LD_EVENTS = 200;
/** The longest a rendered page is reused when nothing it watches changed (community, titles, colours). */
export const PAGE_MAX_AGE_MS = 60_000;
const CONDENSED_LENGTH = 160;

export interface PublicCalendarColors {
  background: string;
  accent: string;
  primary: string;
  /** Text on the primary colour. */
  text: string;
  /** Dates (day headings), on white. */
  date: string;
  /** Text on the background colour. */
  onBackground: string;
}

export interface PublicCalendarTab {
  tab: string;
  title: string;
  href: string;
  current: boolean;
}

export interface PublicCalendarRow {
  id: string;
  title: string;
  /** '7:00 pm - 9:00 pm', 'all-day'. */
  time: string;
  /** The whole when in the spec's event date format. */
  when: string;
  /** ISO with offset, for <time dateTime>. */
  startIso: string;
  passed: boolean;
  href: string;
  location: string | null;
  description: string[];
  /** Whether the description was shortened (isCondensed). */
  condensed: boolean;
  /** Staff of the community: where the event's management actions are. */
  manage: { deleteHref: string; notifyHref: string | null } | null;
}

export interface PublicCalendarDay {
  key: string;
  heading: string;
  rows: PublicCalendarRow[];
}

export interface PublicCalendarCell {
  key: string;
  day: number;
  /** 'Monday, November 30, 2026', the cell's accessible name. */
  label: string;
  inMonth: boolean;
  isToday: boolean;
  isPast: boolean;
  rows: PublicCalendarRow[];
  /** How many rows are left out ('+N more'), and where they are (the list of that day). */
  more: number;
  moreHref: string | null;
}

export interface PublicCalendarModel {
  community: { key: string; name: string };
  calendar: { tab: string; title: string };
  query: PublicCalendarQuery;
  /** The page's <title>. */
  pageTitle: string;
  description: string;
  /** Site-relative canonical address (its query from publicCalendarSearch). */
  canonical: string;
  view: PublicCalendarQuery['defaultView'];
  colors: PublicCalendarColors;
  tabs: PublicCalendarTab[];
  period: { title: string; prevHref: string | null; nextHref: string | null; todayHref: string | null };
  viewHrefs: { list: string; month: string };
  list: PublicCalendarDay[];
  month: { weekdays: string[]; weeks: PublicCalendarCell[][] } | null;
  empty: boolean;
  jsonLd: JsonLdEvent[];
  /** Staff of the community see the management actions. */
  staff: { audiencesHref: string } | null;
  /** The address the live route is at for this calendar. */
  liveHref: string;
  /** When the page as rendered stops being true even if nothing changes (an end passes, a day begins). */
  expiresAt: number;
  /** The index version the page was built from. */
  index: CalendarIndex;
  indexVersion: number;
}

export type PublicCalendarResult =
  | { kind: 'page'; model: PublicCalendarModel }
  | { kind: 'not-found'; what: 'community' | 'calendar'; community: string; calendar: string; communityName: string | null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const hexOf = (channels: number[]) => `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
const channelsOf = (color: string) => [1, 3, 5].map((offset) => parseInt(color.slice(offset, offset + 2), 16));

/**
 * The colour as chosen when it reads at 4.5:1 (WCAG AA) on every background it is shown on, else
 * the same colour darkened (or lightened, on dark backgrounds) just enough, so its hue stays.
 */
export function readableOn(foreground: string, backgrounds: readonly string[]): string {
  const fg = foreground.slice(0, 7);
  const worst = (color: string) => Math.min(...backgrounds.map((background) => contrastRatio(color, background.slice(0, 7))));
  if (worst(fg) >= 4.5) return fg;
  const towards = contrastRatio('#000000', backgrounds[0]!.slice(0, 7)) >= contrastRatio('#ffffff', backgrounds[0]!.slice(0, 7)) ? 0 : 255;
  const from = channelsOf(fg);
  for (let step = 1; step <= 20; step++) {
    const mixed = hexOf(from.map((channel) => channel + (towards - channel) * (step / 20)));
    if (worst(mixed) >= 4.5) return mixed;
  }
  return towards === 0 ? '#000000' : '#ffffff';
}

/** The backgrounds dates are shown on (white, the day headings' and other months' grey, today's cell). */
const DATE_BACKGROUNDS = ['#ffffff', '#f6f8fa', '#fff8e1'];

/** The page's colours: query, else community, else defaults (spec 03 §3, §9 shared defaults), made readable. */
export function calendarColors(query: PublicCalendarQuery, community: Record<string, unknown>): PublicCalendarColors {
  const pick = (fromQuery: string | null, stored: unknown, fallback: string) =>
    (fromQuery ?? readColor(text(stored)) ?? fallback).slice(0, 7);
  const background = pick(query.colorBackground, community.colorBackground, '#1da9f3');
  const primary = pick(query.colorPrimary, community.colorPrimary, '#183449');
  const accent = pick(query.colorAccent, community.colorAccent, primary);
  return {
    background,
    primary,
    accent,
    text: readableOn(query.colorText ?? PUBLIC_CALENDAR_DEFAULTS.colorText, [primary]),
    date: readableOn(query.colorDate ?? PUBLIC_CALENDAR_DEFAULTS.colorDate, DATE_BACKGROUNDS),
    onBackground: readableOn('#ffffff', [background]),
  };
}

export interface CommunityRecord {
  key: string;
  name: string;
  timeZone: string;
  record: Record<string, unknown>;
}

/** The community's record, or null when there is no such community. */
export async function readCommunity(deps: IndexDeps, key: string): Promise<CommunityRecord | null> {
  if (!isValidKey(key)) return null;
  const record = (await deps.db.ref(deps.paths.community(key)).get()).val() as unknown;
  if (!isObject(record)) return null;
  const zone = text(record.timeZone);
  return {
    key,
    name: text(record.displayName) || text(record.name) || text(record.title) || key,
    timeZone: zone && isKnownZone(zone) ? zone : DEFAULT_TIME_ZONE,
    record,
  };
}

/** Legacy tabs' names (spec 03 builder labels 'Legacy Events' 'Tab 1' / 'Tab 2'). */
const LEGACY_TITLES: Record<string, string> = { 'events-resort': 'Legacy Events Tab 1', 'events-local': 'Legacy Events Tab 2' };

/** The community's public calendars: the amc-events calendars by title, and the two legacy lists. */
export async function readCalendarTabs(
  deps: IndexDeps,
  community: string,
): Promise<Array<{ tab: string; title: string; legacy: boolean }>> {
  const configs = (await deps.db.ref(deps.paths.calendarConfigs(community)).get()).val() as unknown;
  const tabs: Array<{ tab: string; title: string; legacy: boolean }> = [];
  if (isObject(configs)) {
    for (const [tab, config] of Object.entries(configs)) {
      if (!isObject(config) || !isValidKey(tab)) continue;
      const title = text(config.title);
      if (LEGACY_TABS.includes(tab)) continue;
      tabs.push({ tab, title: title || tab, legacy: false });
    }
  }
  tabs.sort((a, b) => a.title.localeCompare(b.title, 'en-US') || a.tab.localeCompare(b.tab));
  const legacyTitle = (tab: string) => {
    const config = isObject(configs) ? configs[tab] : null;
    return (isObject(config) && text(config.title)) || LEGACY_TITLES[tab]!;
  };
  for (const tab of LEGACY_TABS) tabs.push({ tab, title: legacyTitle(tab), legacy: true });
  return tabs;
}

/** The community's locations (resortLocationId → title and address). */
export async function readLocations(deps: IndexDeps, community: string): Promise<Map<string, LocationFacts>> {
  const value = (await deps.db.ref(deps.paths.locations(community)).get()).val() as unknown;
  const found = new Map<string, LocationFacts>();
  const entries = Array.isArray(value)
    ? value.map((entry, index) => [String(index), entry] as const)
    : isObject(value)
      ? Object.entries(value)
      : [];
  for (const [id, entry] of entries) {
    if (!isObject(entry) || !text(entry.title)) continue;
    found.set(id, {
      title: text(entry.title),
      streetAddress: text(entry.address),
      locality: text(entry.city),
      region: text(entry.state),
      postalCode: text(entry.zip),
    });
  }
  return found;
}

export function communityFacts(community: CommunityRecord, origin: string): CommunityFacts {
  const website = text(community.record.website);
  return {
    name: community.name,
    url: /^https?:\/\//i.test(website) ? website : `${origin}${hrefs.publicCalendar({ clocation: community.key })}`,
    streetAddress: text(community.record.address),
    locality: text(community.record.city),
    region: text(community.record.state),
    postalCode: text(community.record.zip),
    image: text(community.record.drawable) || null,
  };
}

/** A location line: the community location's title and address, else the event's own place. */
export function locationText(occurrence: PublicOccurrence, locations: ReadonlyMap<string, LocationFacts>): string | null {
  const known = occurrence.locationId ? locations.get(occurrence.locationId) : undefined;
  if (known) return known.title;
  return occurrence.place?.title ?? null;
}

/** The look of the calendar a page was opened with (everything but the community, tab and date), for its links. */
export function lookOf(query: PublicCalendarQuery): Record<string, string> {
  const { clocation: _c, selectedTab: _t, ...rest } = publicCalendarSearch({ ...query, date: null });
  return rest;
}

export interface LoadPublicCalendarInput {
  query: PublicCalendarQuery;
  now: number;
  origin: string;
  /** Staff of this community are asking (the management actions show). */
  staff: boolean;
}

/** The page for a query, or what was not found. */
export async function loadPublicCalendar(deps: IndexDeps, input: LoadPublicCalendarInput): Promise<PublicCalendarResult> {
  const { query, now } = input;
  const community = await readCommunity(deps, query.clocation);
  const notFound = (what: 'community' | 'calendar'): PublicCalendarResult => ({
    kind: 'not-found',
    what,
    community: query.clocation,
    calendar: query.selectedTab,
    communityName: community?.name ?? null,
  });
  if (!community) return notFound('community');
  const tabs = await readCalendarTabs(deps, community.key);
  const current = tabs.find((entry) => entry.tab === query.selectedTab);
  if (!current) return notFound('calendar');
  const [index, locations] = await Promise.all([calendarIndex(deps, community.key, current.tab), readLocations(deps, community.key)]);
  const indexVersion = index.version;
  const zone = community.timeZone;
  const today = zonedDayKey(now, zone);
  const view = query.defaultView;

  // The period and the range the page may show.
  const floor =
    [query.startDate, view === 'listMonth' ? today : null]
      .filter((key): key is string => !!key)
      .sort()
      .at(-1) ?? null;
  const ceiling = query.endDate;
  const anchor = query.date ?? (floor && floor > today ? floor : today);
  const spanDays = view === 'listMonth' && query.duration ? query.duration : null;
  const anchorDate = dateOfKey(anchor);
  const periodStart = spanDays ? anchor : dayKeyOf({ ...anchorDate, day: 1 });
  const periodEnd = spanDays ? addDaysToKey(anchor, spanDays) : monthAfter(periodStart);
  const shiftAnchor = (direction: 1 | -1) =>
    spanDays ? addDaysToKey(anchor, direction * spanDays) : direction === 1 ? periodEnd : monthBefore(periodStart);

  const look = lookOf(query);
  const calendarHref = (changes: Partial<PublicCalendarQuery>) => hrefs.publicCalendar(publicCalendarSearch({ ...query, ...changes }));
  const eventHref = (occurrence: PublicOccurrence) => hrefs.publicCalendarEvent(community.key, current.tab, occurrence.id, look);

  const prevAnchor = shiftAnchor(-1);
  const prevEnd = spanDays ? anchor : periodStart;
  const nextAnchor = shiftAnchor(1);
  const hasPrev = !floor || prevEnd > floor;
  const hasNext = !ceiling || periodEnd <= ceiling;
  const todayInRange = (!query.startDate || today >= query.startDate) && (!ceiling || today <= ceiling);
  const period = {
    title: spanDays
      ? `${shortDay(periodStart)} – ${shortDay(addDaysToKey(periodEnd, -1))}`
      : `${MONTH_NAMES[anchorDate.month - 1]} ${anchorDate.year}`,
    prevHref: query.hideArrows || !hasPrev ? null : calendarHref({ date: prevAnchor }),
    nextHref: query.hideArrows || !hasNext ? null : calendarHref({ date: nextAnchor }),
    todayHref: todayInRange && (today < periodStart || today >= periodEnd) ? calendarHref({ date: null }) : null,
  };

  // Days shown: the month grid's whole weeks, or the list's days within the range.
  const gridStart = view === 'dayGridMonth' ? addDaysToKey(periodStart, -weekdayOfKey(periodStart)) : periodStart;
  const gridEnd = view === 'dayGridMonth' ? addDaysToKey(periodEnd, (7 - weekdayOfKey(periodEnd)) % 7) : periodEnd;
  const from = startOfDayKey(gridStart, zone);
  const to = startOfDayKey(gridEnd, zone);
  const occurrences = index.range(from, to);

  const staffActions = input.staff;
  const legacy = current.legacy;
  const rowOf = (occurrence: PublicOccurrence): PublicCalendarRow => {
    const full = occurrence.description;
    const joined = full.join(' ');
    const condensed = query.isCondensed && (joined.length > CONDENSED_LENGTH || full.length > 1);
    return {
      id: occurrence.id,
      title: occurrence.title,
      time: rowTimeText(occurrence, zone),
      when: occurrenceWhen(occurrence, zone),
      startIso: isoWithOffset(occurrence.start, zone),
      passed: isPassed(occurrence, now),
      href: eventHref(occurrence),
      location: locationText(occurrence, locations),
      description: condensed ? [`${joined.slice(0, CONDENSED_LENGTH).trimEnd()}…`] : full,
      condensed,
      manage: staffActions
        ? {
            deleteHref: hrefs.publicCalendarEventDelete(community.key, current.tab, occurrence.id),
            notifyHref: legacy ? null : hrefs.messagesAction('messages', 'add', { calendar: current.tab, event: occurrence.id }),
          }
        : null,
    };
  };

  const byDay = new Map<string, PublicOccurrence[]>();
  for (const occurrence of occurrences) {
    const { first, last } = occurrenceDays(occurrence, zone);
    const begin = first < gridStart ? gridStart : first;
    for (let key = begin; key <= last && key < gridEnd; key = addDaysToKey(key, 1)) {
      const list = byDay.get(key) ?? [];
      list.push(occurrence);
      byDay.set(key, list);
    }
  }
  const inRange = (key: string) => (!floor || key >= floor) && (!ceiling || key <= ceiling);
  const ordered = (list: PublicOccurrence[]) =>
    [...list].sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start - b.start || a.title.localeCompare(b.title));

  const list: PublicCalendarDay[] = [];
  let month: PublicCalendarModel['month'] = null;
  const shown = new Set<PublicOccurrence>();
  if (view === 'listMonth') {
    for (let key = periodStart; key < periodEnd; key = addDaysToKey(key, 1)) {
      if (!inRange(key)) continue;
      const day = byDay.get(key);
      if (!day) continue;
      day.forEach((occurrence) => shown.add(occurrence));
      list.push({ key, heading: dayHeading(key), rows: ordered(day).map(rowOf) });
    }
  } else {
    const weeks: PublicCalendarCell[][] = [];
    for (let key = gridStart; key < gridEnd; key = addDaysToKey(key, 1)) {
      if (weekdayOfKey(key) === 0) weeks.push([]);
      const inMonth = key >= periodStart && key < periodEnd;
      const day = inRange(key) ? ordered(byDay.get(key) ?? []) : [];
      const limit = query.expand ? day.length : MONTH_CELL_ROWS;
      const kept = day.slice(0, day.length > limit ? limit - 1 : limit);
      kept.forEach((occurrence) => shown.add(occurrence));
      const more = day.length - kept.length;
      weeks.at(-1)!.push({
        key,
        day: dateOfKey(key).day,
        label: dayHeading(key),
        inMonth,
        isToday: key === today,
        isPast: key < today,
        rows: kept.map(rowOf),
        more,
        // The list of that day; a past day (the list starts today) in this month with every event.
        moreHref:
          more > 0
            ? key < today
              ? calendarHref({ expand: true })
              : calendarHref({ defaultView: 'listMonth', duration: 1, date: key })
            : null,
      });
    }
    month = { weekdays: [...WEEKDAY_NAMES], weeks };
  }

  const facts = communityFacts(community, input.origin);
  const jsonLd = [...shown]
    .sort((a, b) => a.start - b.start)
    .slice(0, MAX_JSON_LD_EVENTS)
    .map((occurrence) => eventJsonLd(occurrence, { zone, community: facts, locations, origin: input.origin, url: eventHref(occurrence) }));

  // The page stops being true when a shown event ends (it becomes passed) or the day changes.
  let expiresAt = Math.min(now + PAGE_MAX_AGE_MS, startOfDayKey(addDaysToKey(today, 1), zone));
  for (const occurrence of occurrences) if (occurrence.end > now && occurrence.end < expiresAt) expiresAt = occurrence.end;

  const viewName = view === 'listMonth' ? 'List' : 'Month';
  return {
    kind: 'page',
    model: {
      community: { key: community.key, name: community.name },
      calendar: { tab: current.tab, title: current.title },
      query,
      pageTitle: `${current.title}: ${period.title} (${viewName}) - ${community.name}`,
      description: `Events of ${community.name}'s ${current.title} calendar for ${period.title}.`,
      canonical: calendarHref({}),
      view,
      colors: calendarColors(query, community.record),
      tabs: query.isTabbed
        ? tabs
            .filter((entry) => entry.legacy === current.legacy)
            .map((entry) => ({
              tab: entry.tab,
              title: entry.title,
              href: calendarHref({ selectedTab: entry.tab }),
              current: entry.tab === current.tab,
            }))
        : [],
      period,
      viewHrefs: { list: calendarHref({ defaultView: 'listMonth' }), month: calendarHref({ defaultView: 'dayGridMonth', duration: null }) },
      list,
      month,
      empty: view === 'listMonth' ? list.length === 0 : shown.size === 0,
      jsonLd,
      staff: staffActions ? { audiencesHref: hrefs.publicCalendarAudiences(community.key) } : null,
      liveHref: hrefs.publicCalendarLive({ clocation: community.key, selectedTab: current.tab }),
      expiresAt,
      index,
      indexVersion,
    },
  };
}

function monthAfter(firstOfMonth: string): string {
  const { year, month } = dateOfKey(firstOfMonth);
  return month === 12 ? dayKeyOf({ year: year + 1, month: 1, day: 1 }) : dayKeyOf({ year, month: month + 1, day: 1 });
}

function monthBefore(firstOfMonth: string): string {
  const { year, month } = dateOfKey(firstOfMonth);
  return month === 1 ? dayKeyOf({ year: year - 1, month: 12, day: 1 }) : dayKeyOf({ year, month: month - 1, day: 1 });
}

function shortDay(key: string): string {
  const { year, month, day } = dateOfKey(key);
  return `${MONTH_NAMES[month - 1]!.slice(0, 3)} ${day}, ${year}`;
}

/**
 * The occurrences of a tab the public sees in [from, to) (instants), in start order: what the
 * page shows and what the calendar's iCal feed must give (a test compares the two). Null when
 * the community or the tab does not exist.
 */
export async function publicCalendarOccurrences(
  deps: IndexDeps,
  input: { community: string; tab: string; from: number; to: number },
): Promise<PublicOccurrence[] | null> {
  const community = await readCommunity(deps, input.community);
  if (!community) return null;
  const tabs = await readCalendarTabs(deps, community.key);
  if (!tabs.some((entry) => entry.tab === input.tab)) return null;
  const index = await calendarIndex(deps, community.key, input.tab);
  return index.range(input.from, input.to);
}
