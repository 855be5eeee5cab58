import { createHash } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { escape, type ICalEventData } from 'ical-generator';
import { DateTime } from 'luxon';
import { htmlToText } from '@server/mail/text';
import { endOfZonedDay } from '~/lib/event-times';
import { deletedMarker } from '../archive';
import { isObject, type EventRecord } from '../records';
import { matchOccurrences, occurrenceStarts, type RecurrenceRule } from '../recurrence';

/**
 * A calendar's iCalendar feed (spec 03 "Calendar builder" iCal URL, §7 `amc-events/{tab}-calendar.ics`;
 * RFC 5545 and RFC 7986), written with ical-generator (decision 025).
 *
 * - An event deleted from an active view (archived with its `deleted` mark, decision 024) is not
 *   in the feed: subscribers see it go (an occurrence of a series becomes an EXDATE). Events that
 *   ended by themselves stay, so calendars keep their history.
 * - One VEVENT per plain event. A recurrence the calendar stores (its `recurrenceInfo` record:
 *   rule, original item, `editedEvents`) is one VEVENT with RRULE; the rule's dates that have no
 *   occurrence in this calendar any more are EXDATEs; an occurrence that differs from the rule
 *   (edited fields, or moved) is a RECURRENCE-ID override; an occurrence on a day the rule no
 *   longer has (kept from before a rule change) is a VEVENT of its own.
 * - Times carry the community's zone as TZID with its VTIMEZONE; all-day events are DATE values
 *   with an exclusive DTEND (the day after their last day). RECURRENCE-ID, EXDATE and UNTIL take
 *   the value type of DTSTART (UNTIL in UTC for zoned times, RFC 5545 §3.3.10).
 * - The product keeps no revision number, so the feed keeps its own: `FeedState` maps each
 *   component to a hash of its content, its SEQUENCE and its LAST-MODIFIED. A component whose
 *   content changed since the previous build gets SEQUENCE + 1 and LAST-MODIFIED = the build
 *   time; DTSTAMP is LAST-MODIFIED (RFC 5545 §3.8.7.2 for an object without METHOD). So an
 *   unchanged calendar gives the same bytes on every build (stable ETag).
 */

/** How often clients are asked to refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL): one hour. */
export const FEED_REFRESH_SECONDS = 3600;
export const FEED_PRODUCT_ID = { company: 'Community App Console', product: 'Calendar', language: 'EN' };

export interface FeedLocation {
  title: string;
  address?: string;
}

export interface CalendarFeedInput {
  community: string;
  calendarId: string;
  /** The calendar's title (NAME, X-WR-CALNAME). */
  title: string;
  /** The community's IANA zone: every event's TZID. */
  timeZone: string;
  /** The calendar's events by id, as stored. */
  events: Record<string, EventRecord>;
  /** The calendar's recurrence records by id, as stored. */
  recurrences: Record<string, EventRecord>;
  /** The community's locations by id (resortLocationId). */
  locations?: Record<string, FeedLocation>;
  /** The build time (ms): LAST-MODIFIED of what changed since `previous`. */
  now: number;
  previous?: FeedState | null;
  /** Where the feed is served (https): RFC 7986 SOURCE, so a client can refresh from it. */
  source?: string | null;
}

export interface FeedComponentState {
  hash: string;
  sequence: number;
  lastModified: number;
}

/** Per component key (`uid` or `uid|recurrence-id`), what the last build wrote. */
export type FeedState = Record<string, FeedComponentState>;

export interface CalendarFeed {
  ics: string;
  state: FeedState;
  /** VEVENT components written. */
  components: number;
}

type Times = { start: number; end: number; allDay: boolean };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The day (in the zone) of an instant, as a DateTime at the start of that day in the zone. */
const zonedDay = (ms: number, timeZone: string): DateTime => DateTime.fromMillis(ms, { zone: timeZone }).startOf('day');

function timesOf(event: Record<string, unknown>): Times | null {
  const start = num(event.startDate);
  if (start === null) return null;
  const end = num(event.endDate);
  return { start, end: end !== null && end >= start ? end : start, allDay: event.allDay === true };
}

/** DTSTART / DTEND values: zoned date-times, or the days of an all-day event (DTEND the day after the last day). */
function dateValues(times: Times, timeZone: string): { start: DateTime; end: DateTime } {
  if (times.allDay) {
    const first = zonedDay(times.start, timeZone);
    // The stored end is the last millisecond of the last day; an end at midnight belongs to the day before.
    const last = zonedDay(Math.max(times.start, times.end - 1), timeZone);
    return { start: first, end: (last < first ? first : last).plus({ days: 1 }) };
  }
  return { start: DateTime.fromMillis(times.start, { zone: timeZone }), end: DateTime.fromMillis(times.end, { zone: timeZone }) };
}

function locationOf(event: Record<string, unknown>, locations: Record<string, FeedLocation>): string | null {
  const id = text(event.resortLocationId);
  const known = id ? locations[id] : undefined;
  const parts = known
    ? [known.title, known.address ?? '']
    : [text(event.location), text(event.address), text(event.city), text(event.state)];
  const joined = parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return joined || null;
}

interface Content {
  summary: string;
  plain: string;
  html: string;
  location: string | null;
}

/** The stored fields the feed's content (contentOf) is made from. */
const CONTENT_FIELDS = ['title', 'description', 'htmlDescription', 'resortLocationId', 'location', 'address', 'city', 'state'] as const;

function contentOf(event: Record<string, unknown>, locations: Record<string, FeedLocation>): Content {
  const html = text(event.htmlDescription) || text(event.description);
  return { summary: text(event.title), plain: html ? htmlToText(html) : '', html, location: locationOf(event, locations) };
}

const RRULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function ruleOfRecord(record: Record<string, unknown>): RecurrenceRule | null {
  const recurrence = record.recurrence;
  if (recurrence !== 'daily' && recurrence !== 'weekly') return null;
  const end = num(record.recurrenceEndDate);
  if (end === null) return null;
  const validDays = Array.isArray(record.validDays) ? record.validDays.map((day) => day === true) : [];
  return { recurrence, validDays, recurrenceEndDate: end };
}

const utcStamp = (ms: number): string => DateTime.fromMillis(ms, { zone: 'utc' }).toFormat("yyyyLLdd'T'HHmmss'Z'");
const dateStamp = (day: DateTime): string => day.toFormat('yyyyLLdd');
const localStamp = (ms: number, timeZone: string): string => DateTime.fromMillis(ms, { zone: timeZone }).toFormat("yyyyLLdd'T'HHmmss");

/** The RRULE and EXDATE lines of a series whose first occurrence is `first` (ical-generator writes them as given). */
function ruleLines(rule: RecurrenceRule, first: Times, excluded: readonly number[], timeZone: string): string {
  const lastDay = endOfZonedDay(rule.recurrenceEndDate, timeZone);
  const byDay =
    rule.recurrence === 'weekly'
      ? [RRULE_DAYS[DateTime.fromMillis(first.start, { zone: timeZone }).weekday - 1]!]
      : RRULE_DAYS.filter((_, index) => rule.validDays[index] === true);
  const until = first.allDay ? dateStamp(zonedDay(lastDay, timeZone)) : utcStamp(lastDay - (lastDay % 1000));
  const lines = [`RRULE:FREQ=${rule.recurrence === 'weekly' ? 'WEEKLY' : 'DAILY'};UNTIL=${until};BYDAY=${byDay.join(',')}`];
  if (excluded.length > 0) {
    const values = [...excluded].sort((a, b) => a - b);
    lines.push(
      first.allDay
        ? `EXDATE;VALUE=DATE:${values.map((ms) => dateStamp(zonedDay(ms, timeZone))).join(',')}`
        : `EXDATE;TZID=${timeZone}:${values.map((ms) => localStamp(ms, timeZone)).join(',')}`,
    );
  }
  return lines.join('\n');
}

interface Component {
  key: string;
  uid: string;
  times: Times;
  content: Content;
  repeating?: string;
  recurrenceId?: Times;
}

function hashOf(component: Component): string {
  return createHash('sha256')
    .update(JSON.stringify([component.times, component.content, component.repeating ?? null, component.recurrenceId ?? null]))
    .digest('base64url');
}

/**
 * The rule's dates matched to the stored occurrences: an occurrence at a rule date's exact start
 * is that date's; the rest are matched by day as Edit Recurrence does (`matchOccurrences`), so an
 * occurrence moved onto another date's day does not take that date from its own occurrence.
 */
function matchSeries(occurrences: ReadonlyArray<{ eventId: string; times: Times }>, starts: readonly number[], timeZone: string) {
  const free = new Set(starts);
  const exact: Array<{ eventId: string; startDate: number; previousStart: number }> = [];
  const rest: Array<{ eventId: string; startDate: number }> = [];
  for (const one of [...occurrences].sort((a, b) => a.times.start - b.times.start || (a.eventId < b.eventId ? -1 : 1))) {
    if (free.delete(one.times.start)) exact.push({ eventId: one.eventId, startDate: one.times.start, previousStart: one.times.start });
    else rest.push({ eventId: one.eventId, startDate: one.times.start });
  }
  const byDay = matchOccurrences(rest, [...free], timeZone);
  return { ...byDay, updated: [...exact, ...byDay.updated] };
}

/** The components of one calendar: plain events, series with their overrides, and occurrences off their rule. */
function componentsOf(input: CalendarFeedInput): Component[] {
  const { community, calendarId, timeZone } = input;
  const locations = input.locations ?? {};
  const uidOf = (id: string) => `${id}@${calendarId}.${community}`;
  const components: Component[] = [];
  const byRecurrence = new Map<string, Array<{ eventId: string; event: EventRecord; times: Times }>>();

  for (const [eventId, event] of Object.entries(input.events)) {
    if (!isObject(event) || deletedMarker(event)) continue;
    const times = timesOf(event);
    if (!times) continue;
    const recurrenceId = text(event.recurrenceId);
    const record = recurrenceId ? input.recurrences[recurrenceId] : undefined;
    if (recurrenceId && isObject(record) && ruleOfRecord(record) && isObject(record.originalItem)) {
      byRecurrence.set(recurrenceId, [...(byRecurrence.get(recurrenceId) ?? []), { eventId, event, times }]);
      continue;
    }
    components.push({ key: uidOf(eventId), uid: uidOf(eventId), times, content: contentOf(event, locations) });
  }

  for (const [recurrenceId, occurrences] of byRecurrence) {
    const record = input.recurrences[recurrenceId]!;
    const rule = ruleOfRecord(record)!;
    const original = record.originalItem as EventRecord;
    const originalTimes = timesOf(original);
    const starts = originalTimes ? occurrenceStarts(originalTimes.start, rule, timeZone) : [];
    const match = matchSeries(occurrences, starts, timeZone);
    const edited = isObject(record.editedEvents) ? record.editedEvents : {};
    const byId = new Map(occurrences.map((one) => [one.eventId, one]));
    // Occurrences on days the rule does not give stand alone.
    for (const eventId of match.deleted) {
      const one = byId.get(eventId)!;
      components.push({ key: uidOf(eventId), uid: uidOf(eventId), times: one.times, content: contentOf(one.event, locations) });
    }
    if (starts.length === 0 || !originalTimes) continue;
    const allDay = originalTimes.allDay;
    const length = originalTimes.end - originalTimes.start;
    const ruleTimes = (start: number): Times =>
      allDay ? { start, end: endOfZonedDay(start, timeZone), allDay } : { start, end: start + length, allDay };
    const first = ruleTimes(starts[0]!);
    const seriesUid = uidOf(recurrenceId);
    const seriesContent = contentOf(original, locations);
    components.push({
      key: seriesUid,
      uid: seriesUid,
      times: first,
      content: seriesContent,
      repeating: ruleLines(rule, first, match.created, timeZone),
    });
    for (const one of match.updated) {
      const occurrence = byId.get(one.eventId)!;
      const expected = ruleTimes(one.startDate);
      const moved =
        occurrence.times.start !== expected.start || occurrence.times.end !== expected.end || occurrence.times.allDay !== allDay;
      // The feed's fields read from the occurrence only when one of them differs from the series'.
      const content = CONTENT_FIELDS.some((field) => occurrence.event[field] !== original[field])
        ? contentOf(occurrence.event, locations)
        : seriesContent;
      const changed = content !== seriesContent && JSON.stringify(content) !== JSON.stringify(seriesContent);
      if (!moved && !changed && !isObject(edited[one.eventId])) continue;
      const recurrenceKey = allDay ? dateStamp(zonedDay(one.startDate, timeZone)) : utcStamp(one.startDate);
      components.push({
        key: `${seriesUid}|${recurrenceKey}`,
        uid: seriesUid,
        times: occurrence.times,
        content,
        recurrenceId: expected,
      });
    }
  }
  // A stable order: by start, then key.
  return components.sort((a, b) => a.times.start - b.times.start || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The feed of one calendar from its stored records (no reads, no writes). */
export function calendarFeed(input: CalendarFeedInput): CalendarFeed {
  const { timeZone, now } = input;
  const previous = input.previous ?? {};
  const calendar = ical({
    // NAME is TEXT (RFC 7986 §5.1): ical-generator writes it as given.
    name: escape(input.title, false),
    prodId: FEED_PRODUCT_ID,
    ttl: FEED_REFRESH_SECONDS,
    timezone: { name: null, generator: getVtimezoneComponent },
    ...(input.source ? { source: input.source } : {}),
  });
  const state: FeedState = {};
  const components = componentsOf(input);
  for (const component of components) {
    const hash = hashOf(component);
    const before = previous[component.key];
    const current: FeedComponentState =
      before && before.hash === hash
        ? before
        : { hash, sequence: before ? before.sequence + 1 : 0, lastModified: before ? Math.max(now, before.lastModified) : now };
    state[component.key] = current;
    const { start, end } = dateValues(component.times, timeZone);
    const data: ICalEventData = {
      id: component.uid,
      start,
      // A timed event of no length has no DTEND: it ends at its start (RFC 5545 §3.6.1).
      end: component.times.allDay || component.times.end > component.times.start ? end : null,
      allDay: component.times.allDay,
      summary: component.content.summary,
      sequence: current.sequence,
      stamp: new Date(current.lastModified),
      lastModified: new Date(current.lastModified),
    };
    if (!component.times.allDay) data.timezone = timeZone;
    if (component.content.plain || component.content.html)
      data.description = { plain: component.content.plain, ...(component.content.html ? { html: component.content.html } : {}) };
    if (component.content.location) data.location = component.content.location;
    if (component.repeating) data.repeating = component.repeating;
    if (component.recurrenceId) data.recurrenceId = dateValues(component.recurrenceId, timeZone).start;
    calendar.createEvent(data);
  }
  return { ics: calendar.toString(), state, components: components.length };
}
