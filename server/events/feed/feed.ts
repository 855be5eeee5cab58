import { createHash } from 'node:crypto';
import { htmlToText } from '@server/mail/text';
import { addDays, compareDates, zonedParts, zonedWallClock, type CalendarDate } from '~/lib/date-time';
import { endOfZonedDay, mondayFirstWeekday } from '~/lib/event-times';
import { deletedMarker } from '../archive';
import { isObject, type EventRecord } from '../records';
import { matchOccurrences, occurrenceStarts, type RecurrenceRule } from '../recurrence';
import { durationText, escapeText, foldLine, icsLines, vtimezone } from './ics-text';

/**
 * A calendar's iCalendar feed (spec 03 "Calendar builder" iCal URL, §7 `amc-events/{tab}-calendar.ics`;
 * RFC 5545 and RFC 7986), in the layout ical-generator gave it (decision 025), written by the
 * product's own writer (ics-text.ts) at a fraction of the cost (docs/decisions/026).
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

/** The day (in the zone) of an instant. */
const zonedDay = (ms: number, timeZone: string): CalendarDate => zonedParts(ms, timeZone);

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));
const pad4 = (value: number) => String(value).padStart(4, '0');
/** yyyyMMddTHHmmss of a Date's UTC fields. */
const utcFields = (date: Date): string =>
  `${pad4(date.getUTCFullYear())}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}T${pad2(date.getUTCHours())}${pad2(date.getUTCMinutes())}${pad2(date.getUTCSeconds())}`;

/**
 * A stored occurrence of a series with its times, and whether its content fields are the series'
 * (read while the event is at hand: a calendar holds thousands of occurrences, and touching each
 * event once is what its feed costs).
 */
interface Occurrence extends Times {
  eventId: string;
  event: EventRecord;
  sameContent: boolean;
}

function occurrenceOf(eventId: string, event: EventRecord, original: ContentFields): Occurrence | null {
  const start = num(event.startDate);
  if (start === null) return null;
  const end = num(event.endDate);
  return {
    eventId,
    event,
    start,
    end: end !== null && end >= start ? end : start,
    allDay: event.allDay === true,
    sameContent: hasContentFields(event, original),
  };
}

const timesCopy = (times: Times): Times => ({ start: times.start, end: times.end, allDay: times.allDay });

function timesOf(event: Record<string, unknown>): Times | null {
  const start = num(event.startDate);
  if (start === null) return null;
  const end = num(event.endDate);
  return { start, end: end !== null && end >= start ? end : start, allDay: event.allDay === true };
}

/** DTSTART / DTEND values: local date-times in the zone, or the days of an all-day event (DTEND the day after the last day). */
function dateValues(times: Times, timeZone: string): { start: string; end: string } {
  if (times.allDay) {
    const first = zonedDay(times.start, timeZone);
    // The stored end is the last millisecond of the last day; an end at midnight belongs to the day before.
    const last = zonedDay(Math.max(times.start, times.end - 1), timeZone);
    return { start: dateStamp(first), end: dateStamp(addDays(compareDates(last, first) < 0 ? first : last, 1)) };
  }
  return { start: localStamp(times.start, timeZone), end: localStamp(times.end, timeZone) };
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

/** The stored fields the feed's content (contentOf) is made from, as one event has them. */
interface ContentFields {
  title: unknown;
  description: unknown;
  htmlDescription: unknown;
  resortLocationId: unknown;
  location: unknown;
  address: unknown;
  city: unknown;
  state: unknown;
}

/**
 * An event's content fields. Most of them are absent from most events: `Object.hasOwn` tells
 * that much faster than reading an absent property (which walks the prototype chain), and the
 * feed asks it of every occurrence.
 */
const contentFieldsOf = (event: Record<string, unknown>): ContentFields => ({
  title: event.title,
  description: event.description,
  htmlDescription: Object.hasOwn(event, 'htmlDescription') ? event.htmlDescription : undefined,
  resortLocationId: Object.hasOwn(event, 'resortLocationId') ? event.resortLocationId : undefined,
  location: Object.hasOwn(event, 'location') ? event.location : undefined,
  address: Object.hasOwn(event, 'address') ? event.address : undefined,
  city: Object.hasOwn(event, 'city') ? event.city : undefined,
  state: Object.hasOwn(event, 'state') ? event.state : undefined,
});

/** Whether an event has the content fields `fields` (a series' original item's, worked out once). */
const hasContentFields = (event: Record<string, unknown>, fields: ContentFields): boolean =>
  event.title === fields.title &&
  event.description === fields.description &&
  (Object.hasOwn(event, 'htmlDescription') ? event.htmlDescription : undefined) === fields.htmlDescription &&
  (Object.hasOwn(event, 'resortLocationId') ? event.resortLocationId : undefined) === fields.resortLocationId &&
  (Object.hasOwn(event, 'location') ? event.location : undefined) === fields.location &&
  (Object.hasOwn(event, 'address') ? event.address : undefined) === fields.address &&
  (Object.hasOwn(event, 'city') ? event.city : undefined) === fields.city &&
  (Object.hasOwn(event, 'state') ? event.state : undefined) === fields.state;

/** htmlToText of the descriptions of one build: a series' occurrences mostly share theirs. */
const plainTexts = new Map<string, string>();
function plainText(html: string): string {
  let plain = plainTexts.get(html);
  if (plain === undefined) {
    plain = htmlToText(html);
    if (plainTexts.size >= 10_000) plainTexts.clear();
    plainTexts.set(html, plain);
  }
  return plain;
}

function contentOf(event: Record<string, unknown>, locations: Record<string, FeedLocation>): Content {
  const html = text(event.htmlDescription) || text(event.description);
  return { summary: text(event.title), plain: html ? plainText(html) : '', html, location: locationOf(event, locations) };
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

const utcStamp = (ms: number): string => `${utcFields(new Date(ms))}Z`;
const dateStamp = (day: CalendarDate): string => `${pad4(day.year)}${pad2(day.month)}${pad2(day.day)}`;
const localStamp = (ms: number, timeZone: string): string => utcFields(zonedWallClock(ms, timeZone));

/** The RRULE and EXDATE lines of a series whose first occurrence is `first` (ical-generator writes them as given). */
function ruleLines(rule: RecurrenceRule, first: Times, excluded: readonly number[], timeZone: string): string {
  const lastDay = endOfZonedDay(rule.recurrenceEndDate, timeZone);
  const byDay =
    rule.recurrence === 'weekly'
      ? [RRULE_DAYS[mondayFirstWeekday(first.start, timeZone)]!]
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

/** The hash of what a component says (FeedState): its times, content, rule lines and RECURRENCE-ID. */
function hashOf(component: Component): string {
  const { times, content, recurrenceId } = component;
  // Fields joined by NUL (no JSON encoding: this runs for every component of every build).
  const text = [
    times.start,
    times.end,
    times.allDay,
    content.summary,
    content.plain,
    content.html,
    content.location ?? '',
    component.repeating ?? '',
    recurrenceId ? `${recurrenceId.start}/${recurrenceId.end}/${recurrenceId.allDay}` : '',
  ].join('\u0000');
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * The rule's dates matched to the stored occurrences: an occurrence at a rule date's exact start
 * is that date's; the rest are matched by day as Edit Recurrence does (`matchOccurrences`), so an
 * occurrence moved onto another date's day does not take that date from its own occurrence.
 */
function matchSeries(occurrences: Occurrence[], starts: readonly number[], timeZone: string) {
  // Both in order of start (the rule's dates are): a rule date and an occurrence at it meet in one pass.
  const order = (a: Occurrence, b: Occurrence) => a.start - b.start || (a.eventId < b.eventId ? -1 : 1);
  // Stored occurrences mostly come in order already (their keys are made in order of creation).
  if (occurrences.some((one, index) => index > 0 && order(occurrences[index - 1]!, one) > 0)) occurrences.sort(order);
  const exact: Occurrence[] = [];
  const rest: Occurrence[] = [];
  const free: number[] = [];
  let next = 0;
  for (const one of occurrences) {
    while (next < starts.length && starts[next]! < one.start) free.push(starts[next++]!);
    if (next < starts.length && starts[next] === one.start) {
      exact.push(one);
      next += 1;
    } else rest.push(one);
  }
  while (next < starts.length) free.push(starts[next++]!);
  // Every occurrence at a rule date's exact start (the common case): the rest of the dates are free.
  if (rest.length === 0) return { exact, moved: [], created: free, deleted: [] as Occurrence[] };
  const byDay = matchOccurrences(
    rest.map((one) => ({ eventId: one.eventId, startDate: one.start })),
    free,
    timeZone,
  );
  const byId = new Map(rest.map((one) => [one.eventId, one]));
  return {
    exact,
    /** Occurrences matched to a rule date by day, with that date. */
    moved: byDay.updated.map(({ eventId, startDate }) => ({ occurrence: byId.get(eventId)!, startDate })),
    created: byDay.created,
    deleted: byDay.deleted.map((eventId) => byId.get(eventId)!),
  };
}

/** The components of one calendar: plain events, series with their overrides, and occurrences off their rule. */
function componentsOf(input: CalendarFeedInput): Component[] {
  const { community, calendarId, timeZone } = input;
  const locations = input.locations ?? {};
  const uidOf = (id: string) => `${id}@${calendarId}.${community}`;
  const components: Component[] = [];
  // Each recurrence record's series (its original item and the occurrences found), or null when it is no series.
  const byRecurrence = new Map<string, { original: ContentFields; occurrences: Occurrence[] } | null>();
  const seriesOf = (recurrenceId: string) => {
    let group = byRecurrence.get(recurrenceId);
    if (group === undefined) {
      const record = input.recurrences[recurrenceId];
      group =
        isObject(record) && ruleOfRecord(record) !== null && isObject(record.originalItem)
          ? { original: contentFieldsOf(record.originalItem), occurrences: [] }
          : null;
      byRecurrence.set(recurrenceId, group);
    }
    return group;
  };

  let lastRecurrenceId = '';
  let lastGroup: ReturnType<typeof seriesOf> = null;
  const eventIds = Object.keys(input.events);
  for (let index = 0; index < eventIds.length; index += 1) {
    const eventId = eventIds[index]!;
    const event = input.events[eventId];
    if (!isObject(event) || ('deleted' in event && deletedMarker(event))) continue;
    const recurrenceId = text(event.recurrenceId);
    // A series' occurrences mostly follow each other (their keys are made together).
    if (recurrenceId !== lastRecurrenceId) {
      lastRecurrenceId = recurrenceId;
      lastGroup = recurrenceId ? seriesOf(recurrenceId) : null;
    }
    const group = lastGroup;
    if (group) {
      const occurrence = occurrenceOf(eventId, event, group.original);
      if (occurrence) group.occurrences.push(occurrence);
      continue;
    }
    const times = timesOf(event);
    if (!times) continue;
    components.push({ key: uidOf(eventId), uid: uidOf(eventId), times, content: contentOf(event, locations) });
  }

  for (const [recurrenceId, group] of byRecurrence) {
    if (!group || group.occurrences.length === 0) continue;
    const { occurrences } = group;
    const record = input.recurrences[recurrenceId]!;
    const rule = ruleOfRecord(record)!;
    const original = record.originalItem as EventRecord;
    const originalTimes = timesOf(original);
    const starts = originalTimes ? occurrenceStarts(originalTimes.start, rule, timeZone) : [];
    const match = matchSeries(occurrences, starts, timeZone);
    const edited = isObject(record.editedEvents) && Object.keys(record.editedEvents).length > 0 ? record.editedEvents : null;
    // Occurrences on days the rule does not give stand alone.
    for (const one of match.deleted) {
      components.push({
        key: uidOf(one.eventId),
        uid: uidOf(one.eventId),
        times: timesCopy(one),
        content: contentOf(one.event, locations),
      });
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
    const updated = match.moved.length === 0 ? match.exact : [...match.exact, ...match.moved.map(({ occurrence }) => occurrence)];
    updated.forEach((occurrence, index) => {
      // An exact match is at its rule date; one matched by day has the date it was matched to.
      const startDate = index < match.exact.length ? occurrence.start : match.moved[index - match.exact.length]!.startDate;
      const times = occurrence;
      // The rule's times of this date (an all-day one's end worked out only when needed).
      const moved =
        times.start !== startDate ||
        times.allDay !== allDay ||
        times.end !== (allDay ? endOfZonedDay(startDate, timeZone) : startDate + length);
      // The feed's fields read from the occurrence only when one of them differs from the series'.
      const content = occurrence.sameContent ? seriesContent : contentOf(occurrence.event, locations);
      const changed = content !== seriesContent && JSON.stringify(content) !== JSON.stringify(seriesContent);
      if (!moved && !changed && !(edited !== null && isObject(edited[occurrence.eventId]))) return;
      const expected = ruleTimes(startDate);
      const recurrenceKey = allDay ? dateStamp(zonedDay(startDate, timeZone)) : utcStamp(startDate);
      components.push({
        key: `${seriesUid}|${recurrenceKey}`,
        uid: seriesUid,
        times: timesCopy(times),
        content,
        recurrenceId: expected,
      });
    });
  }
  // A stable order: by start, then key.
  return components.sort((a, b) => a.times.start - b.times.start || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The feed of one calendar from its stored records (no reads, no writes). */
export function calendarFeed(input: CalendarFeedInput): CalendarFeed {
  const { timeZone, now } = input;
  const previous = input.previous ?? {};
  // A first build has no state to look components up in.
  const firstBuild = Object.keys(previous).length === 0;
  const state: FeedState = {};
  const components = componentsOf(input);
  // The VEVENTs' content lines, folded as they are written.
  const events: string[] = [];
  const push = (line: string) => {
    events.push(foldLine(line));
  };
  let timed = false;
  let stampOf = Number.NaN;
  let stamp = '';
  for (const component of components) {
    const hash = hashOf(component);
    const before = firstBuild ? undefined : previous[component.key];
    const current: FeedComponentState =
      before && before.hash === hash
        ? before
        : { hash, sequence: before ? before.sequence + 1 : 0, lastModified: before ? Math.max(now, before.lastModified) : now };
    state[component.key] = current;
    const { times, content } = component;
    const { start, end } = dateValues(times, timeZone);
    // Most components share their LAST-MODIFIED (the build that first wrote them).
    if (current.lastModified !== stampOf) {
      stampOf = current.lastModified;
      stamp = utcStamp(stampOf);
    }
    const modified = stamp;
    // DTSTAMP is LAST-MODIFIED (RFC 5545 §3.8.7.2 for an object without METHOD).
    push('BEGIN:VEVENT');
    push(`UID:${component.uid}`);
    push(`SEQUENCE:${current.sequence}`);
    push(`DTSTAMP:${modified}`);
    if (times.allDay) {
      push(`DTSTART;VALUE=DATE:${start}`);
      push(`DTEND;VALUE=DATE:${end}`);
      push('X-MICROSOFT-CDO-ALLDAYEVENT:TRUE');
      push('X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE');
    } else {
      timed = true;
      push(`DTSTART;TZID=${timeZone}:${start}`);
      // A timed event of no length has no DTEND: it ends at its start (RFC 5545 §3.6.1).
      if (times.end > times.start) push(`DTEND;TZID=${timeZone}:${end}`);
    }
    if (component.repeating) for (const line of component.repeating.split('\n')) if (line) push(line);
    if (component.recurrenceId) {
      // RECURRENCE-ID takes the value type of DTSTART (RFC 5545 §3.8.4.4).
      const { start: original } = dateValues(component.recurrenceId, timeZone);
      push(component.recurrenceId.allDay ? `RECURRENCE-ID;VALUE=DATE:${original}` : `RECURRENCE-ID;TZID=${timeZone}:${original}`);
    }
    push(`SUMMARY:${escapeText(content.summary)}`);
    if (content.location) push(`LOCATION:${escapeText(content.location)}`);
    if (content.plain || content.html) {
      push(`DESCRIPTION:${escapeText(content.plain)}`);
      if (content.html) push(`X-ALT-DESC;FMTTYPE=text/html:${escapeText(content.html)}`);
    }
    push(`LAST-MODIFIED:${modified}`);
    push('END:VEVENT');
  }
  const name = escapeText(input.title);
  const zone = timed ? vtimezone(timeZone) : null;
  const ttl = durationText(FEED_REFRESH_SECONDS);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${FEED_PRODUCT_ID.company}//${FEED_PRODUCT_ID.product}//${FEED_PRODUCT_ID.language}`,
    ...(input.source ? [`SOURCE;VALUE=URI:${input.source}`] : []),
    // NAME is TEXT (RFC 7986 §5.1).
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    ...(zone ? zone.split('\r\n') : []),
    `REFRESH-INTERVAL;VALUE=DURATION:${ttl}`,
    `X-PUBLISHED-TTL:${ttl}`,
  ];
  return {
    ics: `${icsLines(lines)}\r\n${events.join('\r\n')}${events.length > 0 ? '\r\n' : ''}END:VCALENDAR`,
    state,
    components: components.length,
  };
}
