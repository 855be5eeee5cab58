import { readdirSync, readFileSync } from 'node:fs';
import { Temporal } from '@js-temporal/polyfill';
import ICAL from 'ical.js';
import { icsEvents } from '../expand';
import { isIanaZone } from '../zones';

/**
 * The agreement of the import's expansion with an independent iCalendar implementation (ical.js,
 * Mozilla's, used by Thunderbird) over the calendar corpus beside this file: real-world feeds
 * and the test calendars of other iCalendar libraries, their structure kept (components, rules,
 * zones, overrides) with the project's own titles (SOURCES.md names each one's origin).
 *
 * Each file is expanded over one year from its earliest DTSTART, in the community zone below,
 * by the import (icsEvents) and by ical.js; an occurrence is its start and inclusive end
 * instants. ical.js is given what the import does beyond RFC 5545, so that only the expansion is
 * compared: floating times and TZIDs it cannot resolve are read in the feed's X-WR-TIMEZONE or
 * the community's zone (by the Temporal proposal's polyfill, with RFC 5545 §3.3.5's 'compatible'
 * reading of skipped and repeated times; not the import's zone code), all-day dates are days in
 * the community zone, and cancelled occurrences are left out. Python's recurring-ical-events
 * would be a second reference, but the Python package index cannot be reached from here
 * (docs/decisions/016-times-and-zones.md).
 */

export const COMMUNITY_ZONE = 'America/New_York';
const YEAR = 365 * 24 * 3600 * 1000;
const DAY = 24 * 3600 * 1000;

export const CORPUS_DIR = new URL('./', import.meta.url);

export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.ics'))
    .sort();
}

export interface FileAgreement {
  file: string;
  ours: string[];
  theirs: string[];
  /** Occurrences both give. */
  agreed: number;
  /** Occurrences only one gives (start→end, ISO). */
  onlyOurs: string[];
  onlyTheirs: string[];
  /** ical.js refused the file (its message). */
  theirError?: string;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The instant of a wall-clock time in an IANA zone by Temporal (RFC 5545 §3.3.5: 'compatible'). */
export function temporalInstant(wallClock: string, zone: string): number {
  return Temporal.PlainDateTime.from(wallClock).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}
const isoOf = (ms: number) => new Date(ms).toISOString();
const key = (start: number, end: number) => `${isoOf(start)}→${isoOf(end)}`;

/** The window of a file: a year from its events' earliest DTSTART (less a day). */
function windowOf(text: string): { from: number; to: number } {
  const events = [...text.matchAll(/^BEGIN:VEVENT\r?$[\s\S]*?^END:VEVENT\r?$/gm)].map((match) => match[0]).join('\n');
  const starts = [...events.matchAll(/^DTSTART[^:\r\n]*:(\d{4})(\d{2})(\d{2})/gm)].map((match) =>
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
  const from = Math.min(...starts) - DAY;
  return { from, to: from + YEAR };
}

function ourOccurrences(text: string, window: { from: number; to: number }): string[] {
  const { events } = icsEvents(text, { now: window.from, timeZone: COMMUNITY_ZONE, horizonMs: window.to - window.from });
  return events.map((event) => key(event.startDate, event.endDate)).sort();
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

function theirOccurrences(text: string, window: { from: number; to: number }): string[] {
  const parsed = ICAL.parse(text);
  const root = new ICAL.Component((Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[]);
  const calendarZone = String(root.getFirstPropertyValue('x-wr-timezone') ?? '').trim();
  const fallbackZone = isIanaZone(calendarZone) ? calendarZone : COMMUNITY_ZONE;
  const zoneOf = (component: Component, property: string): string => {
    const tzid = component.getFirstProperty(property)?.getParameter('tzid');
    const name = typeof tzid === 'string' ? tzid.trim() : '';
    return isIanaZone(name) ? name : fallbackZone;
  };
  const wallClock = (time: Time) =>
    `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
  const instant = (time: Time, component: Component, property: string): number => {
    if (time.isDate) return temporalInstant(`${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T00:00:00`, COMMUNITY_ZONE);
    const tzid = time.zone?.tzid;
    if (tzid && tzid !== 'floating') return time.toUnixTime() * 1000;
    return temporalInstant(wallClock(time), zoneOf(component, property));
  };
  const cancelled = (component: Component) => String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
  const out: string[] = [];
  const add = (start: Time, end: Time, item: Component) => {
    if (cancelled(item)) return;
    const startMs = instant(start, item, 'dtstart');
    let endMs: number;
    if (start.isDate) {
      const days = Math.max(1, Math.round(end.subtractDate(start).toSeconds() / 86_400));
      const last = start.clone();
      last.day += days;
      endMs = instant(last, item, 'dtstart') - 1;
    } else {
      endMs = Math.max(startMs, instant(end, item, item.hasProperty('dtend') ? 'dtend' : 'dtstart'));
    }
    if (endMs < window.from || startMs >= window.to) return;
    out.push(key(startMs, endMs));
  };

  const events = root.getAllSubcomponents('vevent').filter((component) => component.hasProperty('dtstart'));
  const masters = new Map<string, Component>();
  const exceptions = new Map<string, Component[]>();
  events.forEach((component, index) => {
    const uid = String(component.getFirstPropertyValue('uid') ?? `no-uid-${index}`);
    if (component.hasProperty('recurrence-id')) exceptions.set(uid, [...(exceptions.get(uid) ?? []), component]);
    else {
      const previous = masters.get(uid);
      const sequence = (c: Component) => Number(c.getFirstPropertyValue('sequence') ?? 0) || 0;
      if (!previous || sequence(component) >= sequence(previous)) masters.set(uid, component);
    }
  });
  for (const [uid, list] of exceptions) {
    if (masters.has(uid)) continue;
    for (const component of list) {
      const event = new ICAL.Event(component);
      add(event.startDate, event.endDate, component);
    }
  }
  for (const [uid, master] of masters) {
    const event = new ICAL.Event(master);
    for (const component of exceptions.get(uid) ?? []) event.relateException(new ICAL.Event(component));
    if (cancelled(master)) continue;
    if (!event.isRecurring()) {
      add(event.startDate, event.endDate, master);
      continue;
    }
    const iterator = event.iterator();
    const limit = window.to + 2 * DAY;
    for (let count = 0; count < 50_000; count += 1) {
      const next = iterator.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      if (next.toUnixTime() * 1000 - 2 * DAY > limit) break;
      add(details.startDate, details.endDate, details.item.component);
    }
  }
  return out.sort();
}

/** Our occurrences and ical.js's for one corpus file. */
export function agreementOf(file: string): FileAgreement {
  const text = readFileSync(new URL(file, CORPUS_DIR), 'utf8');
  const window = windowOf(text);
  const ours = ourOccurrences(text, window);
  let theirs: string[];
  try {
    theirs = theirOccurrences(text, window);
  } catch (error) {
    return { file, ours, theirs: [], agreed: 0, onlyOurs: [], onlyTheirs: [], theirError: String(error) };
  }
  const remaining = [...theirs];
  const onlyOurs: string[] = [];
  let agreed = 0;
  for (const one of ours) {
    const at = remaining.indexOf(one);
    if (at >= 0) {
      remaining.splice(at, 1);
      agreed += 1;
    } else onlyOurs.push(one);
  }
  return { file, ours, theirs, agreed, onlyOurs, onlyTheirs: remaining };
}
