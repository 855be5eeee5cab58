import * as rrulePackage from 'rrule';
import { sanitizeRichText } from '@server/html';
import { DEFAULT_EVENT_DURATION } from '~/lib/event-times';
import {
  all,
  first,
  listValues,
  parseDuration,
  parseIcs,
  parseIcsTime,
  unescapeText,
  type IcsComponent,
  type IcsDuration,
  type IcsProperty,
} from './ics';
import { UnsupportedRecurrence, boundedRuleDates } from './rule-bounds';
import { countSkipped, IMPORT_HORIZON_MS, MAX_IMPORTED_EVENTS, type FetchedEvents, type ImportWindow } from './types';
import { FeedZones, ianaNameOf, ianaZone, UTC, type Zone } from './zones';

/**
 * The events of an iCalendar feed within the import window (spec 02 §3 imported events):
 *
 * - Each VEVENT's occurrences are DTSTART, the dates of each RRULE (all of RFC 5545 that rrule
 *   knows: BYDAY=-1SU, BYMONTHDAY, BYSETPOS, COUNT, UNTIL, INTERVAL, WKST …) and each RDATE
 *   (PERIODs keep their own length), less each EXDATE (a DATE EXDATE takes the whole day).
 *   Rules run on the wall clock of DTSTART's zone, so 18:00 stays 18:00 across daylight-saving
 *   changes; UNTIL in UTC is read in that zone.
 * - A VEVENT with RECURRENCE-ID replaces the occurrence it names (matched by instant, whatever
 *   zone either is written in; on an all-day series a DATE-TIME RECURRENCE-ID at midnight, as
 *   Outlook writes them, names the day it is written on); with RANGE=THISANDFUTURE it also
 *   moves the later occurrences by as much as it moves its own (on the wall clock) and gives
 *   them its length, title, description and location (RFC 5545 §3.8.4.4). An occurrence or
 *   series with STATUS:CANCELLED is left out and its id reported as cancelled.
 * - A rule rrule cannot expand within bounds (more often than hourly, or no date can match it;
 *   see rule-bounds.ts) leaves its series out, reported in `skipped` with the reason.
 * - All-day events (DATE DTSTART) keep their calendar day in the community's zone; DTEND is
 *   exclusive (a one-day event ends at 23:59:59.999 of its day); without DTEND and DURATION an
 *   all-day event lasts its day and a timed one an hour (the editor's default length).
 *   DURATION's days are added on the wall clock, its hours exactly.
 * - TZID is honoured (see zones.ts); UTC times are UTC; floating times and unknown zones are in
 *   the feed's X-WR-TIMEZONE (Google's and Apple's calendar zone) when it names one, else the
 *   community's. Times are turned into instants by the editor's rule (wallClockInstant): a time
 *   the spring change skips is the same time after the jump, a repeated time its first instant.
 * - The window: occurrences that have not ended at `now` and start within `horizonMs` (a year).
 */

const RRule: typeof rrulePackage.RRule = rrulePackage.RRule ?? (rrulePackage as unknown as { default: typeof rrulePackage }).default.RRule;

const DAY = 24 * 3600 * 1000;

interface ReadTime {
  allDay: boolean;
  /** Floating date of the value in `zone` (DATE: its midnight). */
  floating: number;
  zone: Zone;
}

interface Context {
  zones: FeedZones;
  /** The community's zone. */
  local: Zone;
}

function readTime(property: IcsProperty | undefined, context: Context, value = property?.value ?? ''): ReadTime | null {
  const time = parseIcsTime(value);
  if (!time) return null;
  if (time.kind === 'date' || property?.params.VALUE?.toUpperCase() === 'DATE') {
    return { allDay: true, floating: Date.UTC(time.year, time.month - 1, time.day), zone: context.local };
  }
  const floating = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (time.utc) return { allDay: false, floating, zone: UTC };
  return { allDay: false, floating, zone: context.zones.zone(property?.params.TZID) };
}

/** The floating date of a time in the series' zone (all-day series: the date in the community's zone). */
function inSeriesZone(time: ReadTime, series: { allDay: boolean; zone: Zone }): number {
  if (time.allDay) return time.floating;
  const instant = time.zone.toInstant(time.floating);
  const floating = series.zone.toFloating(instant);
  return series.allDay ? floating - (((floating % DAY) + DAY) % DAY) : floating;
}

const dayOf = (floating: number) => floating - (((floating % DAY) + DAY) % DAY);

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
function basicDate(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}
function basicUtc(ms: number): string {
  const date = new Date(ms);
  return `${basicDate(ms)}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as paragraphs and line breaks. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />')}</p>`).join('');
}

function textOf(component: IcsComponent, name: string): string | undefined {
  const property = first(component, name);
  return property ? unescapeText(property.value).trim() : undefined;
}

function descriptionOf(component: IcsComponent): string | undefined {
  const html = all(component, 'X-ALT-DESC').find((property) => property.params.FMTTYPE?.toLowerCase() === 'text/html');
  if (html) return sanitizeRichText(unescapeText(html.value));
  const text = textOf(component, 'DESCRIPTION');
  // Escaped text in <p> and <br>: already what the sanitizer would let through.
  return text === undefined ? undefined : textToHtml(text);
}

const isCancelled = (component: IcsComponent) => first(component, 'STATUS')?.value.trim().toUpperCase() === 'CANCELLED';

/** The length of an occurrence: nominal days plus exact milliseconds. */
function lengthOf(component: IcsComponent, start: ReadTime, context: Context): IcsDuration {
  const end = readTime(first(component, 'DTEND'), context);
  if (end) {
    if (start.allDay) return { days: Math.max(1, Math.round((dayOf(end.floating) - start.floating) / DAY)), ms: 0 };
    const exact = end.zone.toInstant(end.floating) - start.zone.toInstant(start.floating);
    return { days: 0, ms: Math.max(0, exact) };
  }
  const duration = parseDuration(first(component, 'DURATION')?.value ?? '');
  if (duration) {
    if (start.allDay) return { days: Math.max(1, duration.days + Math.floor(duration.ms / DAY)), ms: 0 };
    return duration.days * DAY + duration.ms >= 0 ? duration : { days: 0, ms: 0 };
  }
  return start.allDay ? { days: 1, ms: 0 } : { days: 0, ms: DEFAULT_EVENT_DURATION };
}

/** Start and inclusive end of an occurrence starting at `floating` in the series' zone. */
function occurrenceTimes(floating: number, length: IcsDuration, allDay: boolean, zone: Zone, local: Zone) {
  if (allDay) {
    const startDate = local.toInstant(floating);
    const endDate = local.toInstant(floating + length.days * DAY) - 1;
    return { startDate, endDate: Math.max(startDate, endDate) };
  }
  const startDate = zone.toInstant(floating);
  const endDate = zone.toInstant(floating + length.days * DAY) + length.ms;
  return { startDate, endDate: Math.max(startDate, endDate) };
}

/** The floating UNTIL of a rule in the series' zone: UTC read in that zone, a DATE through its whole day. */
function untilOf(value: string, series: { allDay: boolean; zone: Zone }): Date | null {
  const time = parseIcsTime(value);
  if (!time) return null;
  if (time.kind === 'date') return new Date(Date.UTC(time.year, time.month - 1, time.day) + DAY - 1);
  const floating = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (!time.utc) return new Date(floating);
  const inZone = series.zone.toFloating(floating);
  return new Date(series.allDay ? dayOf(inZone) + DAY - 1 : inZone);
}

const RULE_PARTS = /^(FREQ|COUNT|INTERVAL|BYSECOND|BYMINUTE|BYHOUR|BYDAY|BYMONTHDAY|BYYEARDAY|BYWEEKNO|BYMONTH|BYSETPOS|WKST)=/i;

/**
 * The floating starts an RRULE gives, from DTSTART up to `until` (floating). Throws
 * UnsupportedRecurrence for a rule that cannot be expanded within bounds (rule-bounds.ts).
 */
function ruleStarts(value: string, dtstart: number, series: { allDay: boolean; zone: Zone }, untilFloating: number): number[] {
  const parts = value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const untilPart = parts.find((part) => part.toUpperCase().startsWith('UNTIL='));
  // Parts RFC 5545 does not name (a misspelt 'UNTL=') are left out, as other calendars do.
  const rest = parts.filter((part) => RULE_PARTS.test(part)).join(';');
  let options: Partial<rrulePackage.Options>;
  try {
    options = RRule.parseString(rest);
  } catch {
    return [];
  }
  if (options.freq === undefined) return [];
  const until = untilPart ? untilOf(untilPart.slice(6), series) : null;
  return boundedRuleDates(options, dtstart, until?.getTime() ?? null, untilFloating);
}

interface Occurrence {
  /** Floating start in the series' zone: the occurrence's key (its RECURRENCE-ID). */
  key: number;
  /** A PERIOD's own length. */
  length?: IcsDuration;
}

function expandSeries(
  master: IcsComponent | null,
  overrides: Map<number, IcsComponent>,
  uid: string,
  context: Context,
  window: { from: number; to: number },
  out: FetchedEvents,
  /** The zone the override keys are in when there is no master (their RECURRENCE-ID's). */
  keySeries?: { allDay: boolean; zone: Zone },
): void {
  const base = master ?? [...overrides.values()][0]!;
  const start = readTime(first(base, 'DTSTART'), context);
  if (!start) return;
  const series = { allDay: start.allDay, zone: start.zone };
  const keys = master ? series : (keySeries ?? series);
  const recurring = master !== null && (all(master, 'RRULE').length > 0 || all(master, 'RDATE').length > 0);
  const idOf = (key: number) =>
    recurring || master === null ? `${uid}/${keys.allDay ? basicDate(key) : basicUtc(keys.zone.toInstant(key))}` : uid;

  const occurrences = new Map<number, Occurrence>();
  const excluded = new Set<number>();
  const excludedDays = new Set<number>();
  if (master) {
    if (isCancelled(master)) {
      out.cancelled.push(uid);
      return;
    }
    // A rule whose UNTIL is before DTSTART has no occurrence at all (Confluence ends a deleted series so).
    const untilBeforeStart = all(master, 'RRULE').some((property) => {
      const until = /(?:^|;)\s*UNTIL=([^;]*)/i.exec(property.value)?.[1];
      const floating = until ? untilOf(until, series) : null;
      return floating !== null && floating.getTime() < start.floating;
    });
    if (untilBeforeStart) return;
    // Wall-clock horizon with two days of slack for the zone's offset; exact filter below.
    const untilFloating = series.zone.toFloating(window.to) + 2 * DAY;
    occurrences.set(start.floating, { key: start.floating });
    try {
      for (const property of all(master, 'RRULE'))
        for (const key of ruleStarts(property.value, start.floating, series, untilFloating)) occurrences.set(key, { key });
    } catch (error) {
      if (!(error instanceof UnsupportedRecurrence)) throw error;
      countSkipped(out, error.kind);
      return;
    }
    for (const property of all(master, 'RDATE')) {
      for (const value of listValues(property)) {
        const time = readTime(property, context, value.start);
        if (!time) continue;
        const key = inSeriesZone(time, series);
        let length: IcsDuration | undefined;
        if (value.duration) length = parseDuration(value.duration) ?? undefined;
        else if (value.end) {
          const end = readTime(property, context, value.end);
          if (end && !time.allDay)
            length = { days: 0, ms: Math.max(0, end.zone.toInstant(end.floating) - time.zone.toInstant(time.floating)) };
        }
        occurrences.set(key, { key, length });
      }
    }
    for (const property of all(master, 'EXDATE')) {
      for (const value of listValues(property)) {
        const time = readTime(property, context, value.start);
        if (!time) continue;
        if (time.allDay && !series.allDay) excludedDays.add(time.floating);
        else excluded.add(inSeriesZone(time, series));
      }
    }
  }
  // An override replaces an occurrence of its series (one the series does not give is left out,
  // as ical.js and recurring-ical-events do), or is an event itself when the feed has no series;
  // EXDATE wins over both.
  if (!master) for (const key of overrides.keys()) occurrences.set(key, { key });
  for (const key of [...occurrences.keys()]) if (excluded.has(key) || excludedDays.has(dayOf(key))) occurrences.delete(key);

  const masterLength = lengthOf(base, start, context);
  // Occurrences that ended before the window are skipped before their times are worked out
  // (a daily series since 1990 has thousands); two days of slack for the zone's offset.
  const lengthMs = (length: IcsDuration) => length.days * DAY + length.ms;
  const earliestKey = series.zone.toFloating(window.from) - 2 * DAY;
  const masterTitle = textOf(base, 'SUMMARY');
  const masterDescription = descriptionOf(base);
  const masterLocation = textOf(base, 'LOCATION');
  // RANGE=THISANDFUTURE overrides: each moves the occurrences after it by its own move.
  const ranges: Array<{ key: number; override: IcsComponent; shift: number; allDay: boolean; length: IcsDuration }> = [];
  if (master)
    for (const [key, override] of overrides) {
      if (first(override, 'RECURRENCE-ID')?.params.RANGE?.toUpperCase() !== 'THISANDFUTURE' || isCancelled(override)) continue;
      const overrideStart = readTime(first(override, 'DTSTART'), context);
      if (!overrideStart) continue;
      const length = first(override, 'DTEND') || first(override, 'DURATION') ? lengthOf(override, overrideStart, context) : masterLength;
      ranges.push({ key, override, shift: inSeriesZone(overrideStart, series) - key, allDay: overrideStart.allDay, length });
    }
  ranges.sort((a, b) => a.key - b.key);
  const rangeOf = (key: number) => [...ranges].reverse().find((range) => range.key < key);
  let written = 0;
  for (const occurrence of [...occurrences.values()].sort((a, b) => a.key - b.key)) {
    const own = overrides.get(occurrence.key);
    const range = own ? undefined : rangeOf(occurrence.key);
    const override = own ?? range?.override;
    const shift = Math.max(0, range?.shift ?? 0);
    if (!own && occurrence.key + shift + lengthMs(range?.length ?? occurrence.length ?? masterLength) < earliestKey) continue;
    const id = idOf(occurrence.key);
    let times: { startDate: number; endDate: number };
    let allDay = series.allDay;
    if (range) {
      allDay = range.allDay;
      times = occurrenceTimes(occurrence.key + range.shift, range.length, allDay, series.zone, context.local);
    } else if (override) {
      if (isCancelled(override)) {
        out.cancelled.push(id);
        continue;
      }
      const overrideStart = readTime(first(override, 'DTSTART'), context);
      if (!overrideStart) continue;
      allDay = overrideStart.allDay;
      const length = first(override, 'DTEND') || first(override, 'DURATION') ? lengthOf(override, overrideStart, context) : masterLength;
      times = occurrenceTimes(overrideStart.floating, length, allDay, overrideStart.zone, context.local);
    } else {
      times = occurrenceTimes(occurrence.key, occurrence.length ?? masterLength, allDay, series.zone, context.local);
    }
    if (times.endDate < window.from || times.startDate >= window.to) continue;
    if (written >= MAX_IMPORTED_EVENTS) break;
    written += 1;
    out.events.push({
      id,
      title: (override ? textOf(override, 'SUMMARY') : undefined) || masterTitle || '(No title)',
      description: (override ? descriptionOf(override) : undefined) ?? masterDescription ?? '',
      location: (override ? textOf(override, 'LOCATION') : undefined) ?? masterLocation ?? '',
      address: '',
      city: '',
      latitude: '',
      longitude: '',
      allDay,
      ...times,
    });
  }
}

/**
 * The events of an iCalendar text within the window. Throws IcsError when the text is not
 * iCalendar or is cut off; a VEVENT that cannot be read (no DTSTART, not closed, a rule that
 * cannot be expanded) is left out and counted in `skipped`, and the others are read.
 */
export function icsEvents(text: string, window: ImportWindow): FetchedEvents {
  const calendar = parseIcs(text);
  const from = window.now;
  const to = window.now + (window.horizonMs ?? IMPORT_HORIZON_MS);
  const local = ianaZone(window.timeZone);
  const calendarZone = ianaNameOf(textOf(calendar, 'X-WR-TIMEZONE') ?? '');
  const floatingZone = calendarZone ? ianaZone(calendarZone) : local;
  const context: Context = { local, zones: new FeedZones(calendar, floatingZone, to + 2 * DAY) };

  const out: FetchedEvents = { events: [], cancelled: [] };
  const masters = new Map<string, IcsComponent>();
  const overrides = new Map<string, IcsComponent[]>();
  let anonymous = 0;
  for (const component of calendar.components) {
    if (component.name !== 'VEVENT') continue;
    // One unreadable event is left out (and counted for staff); the rest of the feed is read.
    if (component.unclosed) {
      countSkipped(out, 'not-closed');
      continue;
    }
    if (!readTime(first(component, 'DTSTART'), context)) {
      countSkipped(out, 'no-start');
      continue;
    }
    const uid = textOf(component, 'UID') || `no-uid-${(anonymous += 1)}`;
    if (first(component, 'RECURRENCE-ID')) overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
    else {
      const previous = masters.get(uid);
      const sequence = (c: IcsComponent) => Number(first(c, 'SEQUENCE')?.value ?? 0) || 0;
      if (!previous || sequence(component) >= sequence(previous)) masters.set(uid, component);
    }
  }

  for (const uid of new Set([...masters.keys(), ...overrides.keys()])) {
    const master = masters.get(uid) ?? null;
    const list = overrides.get(uid) ?? [];
    const written = { events: out.events.length, cancelled: out.cancelled.length };
    try {
      const start = master ? readTime(first(master, 'DTSTART'), context) : null;
      const series = start
        ? { allDay: start.allDay, zone: start.zone }
        : (() => {
            const own = readTime(first(list[0]!, 'RECURRENCE-ID'), context);
            return { allDay: own?.allDay ?? false, zone: own?.zone ?? local };
          })();
      const byKey = new Map<number, IcsComponent>();
      for (const override of list) {
        const time = readTime(first(override, 'RECURRENCE-ID'), context);
        if (!time) {
          countSkipped(out, 'unreadable');
          continue;
        }
        // Outlook names the days of an all-day series by their midnight: the day as written.
        const writtenDay = series.allDay && !time.allDay && time.floating === dayOf(time.floating);
        byKey.set(writtenDay ? time.floating : inSeriesZone(time, series), override);
      }
      if (!master && byKey.size === 0) continue;
      if (!master) {
        // Overrides without their series (a feed that only shares some occurrences): each is an event.
        for (const [key, override] of byKey) expandSeries(null, new Map([[key, override]]), uid, context, { from, to }, out, series);
        continue;
      }
      expandSeries(master, byKey, uid, context, { from, to }, out);
    } catch {
      // A series that cannot be expanded (a rule the recurrence engine refuses …) is left out whole.
      out.events.splice(written.events);
      out.cancelled.splice(written.cancelled);
      countSkipped(out, 'unreadable', (master ? 1 : 0) + list.length);
    }
    if (out.events.length >= MAX_IMPORTED_EVENTS) break;
  }
  out.events.sort((a, b) => a.startDate - b.startDate || (a.id < b.id ? -1 : 1));
  out.events.splice(MAX_IMPORTED_EVENTS);
  return out;
}
