import { toZonedTime } from 'date-fns-tz';
import * as rrulePackage from 'rrule';
import { findIana } from 'windows-iana';
import { wallClockInstant } from '~/lib/date-time';
import { all, first, parseIcsTime, type IcsComponent } from './ics';
import { boundedRuleDates } from './rule-bounds';

/**
 * Time zones of a feed (RFC 5545 TZID and VTIMEZONE). A TZID that is an IANA name (or ends in
 * one, as '/mozilla.org/…/America/New_York' does, or whose VTIMEZONE names one in
 * X-LIC-LOCATION, or a Windows name Outlook writes) is that zone; any other TZID is computed
 * from its VTIMEZONE's STANDARD and DAYLIGHT observances (onsets from DTSTART, RRULE, RDATE).
 * Wall-clock times are handled as "floating" Dates: the wall clock written as if it were UTC, and
 * turned into instants by the editor's rule (wallClockInstant: a time the spring change skips is
 * the same time after the jump, a time the autumn change repeats its first instant).
 */

const RRule: typeof rrulePackage.RRule = rrulePackage.RRule ?? (rrulePackage as unknown as { default: typeof rrulePackage }).default.RRule;

export interface Zone {
  /** The zone's name (IANA), or the TZID of a VTIMEZONE-defined zone. */
  name: string;
  /** The instant of a floating date (wall clock as UTC). */
  toInstant(floating: number): number;
  /** The floating date (wall clock as UTC) of an instant. */
  toFloating(ms: number): number;
}

const validZones = new Map<string, boolean>();
export function isIanaZone(name: string): boolean {
  let valid = validZones.get(name);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      valid = name !== '' && !/^[+-]?\d/.test(name);
    } catch {
      valid = false;
    }
    validZones.set(name, valid);
  }
  return valid;
}

const zoneCache = new Map<string, Zone>();
const QUARTER_HOUR = 15 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * An IANA zone through date-fns-tz, with the zone's offset remembered per quarter hour (zones
 * change offset on quarter hours): away from a change a wall-clock time is one subtraction;
 * near one, the gap and the repeated hour as the editor has them (wallClockInstant).
 */
export function ianaZone(name: string): Zone {
  let zone = zoneCache.get(name);
  if (!zone) {
    const exactFloating = (ms: number) => {
      const zoned = toZonedTime(ms, name);
      return Date.UTC(
        zoned.getFullYear(),
        zoned.getMonth(),
        zoned.getDate(),
        zoned.getHours(),
        zoned.getMinutes(),
        zoned.getSeconds(),
        zoned.getMilliseconds(),
      );
    };
    const offsets = new Map<number, number>();
    const offsetAt = (ms: number): number => {
      const bucket = Math.floor(ms / QUARTER_HOUR);
      let offset = offsets.get(bucket);
      if (offset === undefined) {
        if (offsets.size > 50_000) offsets.clear();
        offset = exactFloating(bucket * QUARTER_HOUR) - bucket * QUARTER_HOUR;
        offsets.set(bucket, offset);
      }
      return offset;
    };
    zone = {
      name,
      toFloating: (ms) => ms + offsetAt(ms),
      toInstant: (floating) => wallClockInstant(floating, offsetAt),
    };
    zoneCache.set(name, zone);
  }
  return zone;
}

export const UTC: Zone = { name: 'UTC', toInstant: (floating) => floating, toFloating: (ms) => ms };

/**
 * The IANA zone of a Windows zone name (as Outlook and Exchange write TZID: 'Tokyo Standard
 * Time'), by the Unicode CLDR mapping the windows-iana package maintains; its first zone is
 * CLDR's main one for the name.
 */
export function ianaOfWindowsName(name: string): string | null {
  return findIana(name).find((zone) => isIanaZone(zone)) ?? null;
}

/** The IANA name a TZID stands for, if any. */
export function ianaNameOf(tzid: string, vtimezone?: IcsComponent): string | null {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (isIanaZone(name)) return name;
  const windows = ianaOfWindowsName(name);
  if (windows) return windows;
  const location = vtimezone ? first(vtimezone, 'X-LIC-LOCATION')?.value.trim() : undefined;
  if (location && isIanaZone(location)) return location;
  // '/mozilla.org/20050126_1/America/New_York', '/citadel.org/…/Europe/Paris'
  const segments = name.split('/').filter((segment) => segment !== '');
  for (let count = Math.min(3, segments.length); count >= 1; count -= 1) {
    const candidate = segments.slice(-count).join('/');
    if (candidate.includes('/') && isIanaZone(candidate)) return candidate;
  }
  return null;
}

function offsetMs(text: string | undefined): number | null {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec((text ?? '').trim());
  if (!match) return null;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * ((Number(match[2]) * 60 + Number(match[3])) * 60 + Number(match[4] ?? 0)) * 1000;
}

interface Onset {
  /** The instant the observance starts. */
  at: number;
  offsetTo: number;
}

/** A zone from a VTIMEZONE's observances; null when it has none that can be read. */
export function vtimezoneZone(vtimezone: IcsComponent, until: number): Zone | null {
  const tzid = first(vtimezone, 'TZID')?.value.trim() ?? '';
  const onsets: Onset[] = [];
  for (const observance of vtimezone.components.filter((component) => component.name === 'STANDARD' || component.name === 'DAYLIGHT')) {
    const offsetTo = offsetMs(first(observance, 'TZOFFSETTO')?.value);
    const offsetFrom = offsetMs(first(observance, 'TZOFFSETFROM')?.value) ?? offsetTo;
    const start = parseIcsTime(first(observance, 'DTSTART')?.value ?? '');
    if (offsetTo === null || offsetFrom === null || !start) continue;
    const dtstart =
      start.kind === 'date'
        ? Date.UTC(start.year, start.month - 1, start.day)
        : Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second);
    // The onset's local time is the time in force before it (TZOFFSETFROM).
    const floatingOnsets = [dtstart];
    for (const property of all(observance, 'RRULE')) {
      try {
        const options = RRule.parseString(property.value.replace(/;?UNTIL=[^;]*/i, ''));
        const untilPart = /UNTIL=([^;]*)/i.exec(property.value)?.[1];
        const ruleUntil = untilPart ? parseIcsTime(untilPart) : null;
        // UNTIL is in UTC; onsets are on the wall clock before them, within a day of it.
        const untilFloating = ruleUntil
          ? Date.UTC(
              ruleUntil.year,
              ruleUntil.month - 1,
              ruleUntil.day,
              ...(ruleUntil.kind === 'date-time' ? [ruleUntil.hour, ruleUntil.minute, ruleUntil.second] : [23, 59, 59]),
            ) + DAY_MS
          : null;
        floatingOnsets.push(...boundedRuleDates(options, dtstart, untilFloating, until).slice(0, 2_000));
      } catch {
        // an unreadable or refused rule: the DTSTART onset only
      }
    }
    for (const property of all(observance, 'RDATE'))
      for (const part of property.value.split(',')) {
        const time = parseIcsTime(part);
        if (time?.kind === 'date-time')
          floatingOnsets.push(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
      }
    for (const floating of floatingOnsets) onsets.push({ at: floating - offsetFrom, offsetTo });
  }
  if (onsets.length === 0) return null;
  onsets.sort((a, b) => a.at - b.at);
  const offsetAt = (ms: number): number => {
    let offset = onsets[0]!.offsetTo;
    for (const onset of onsets) {
      if (onset.at > ms) break;
      offset = onset.offsetTo;
    }
    return offset;
  };
  return {
    name: tzid,
    toFloating: (ms) => ms + offsetAt(ms),
    toInstant: (floating) => wallClockInstant(floating, offsetAt),
  };
}

/** The zones a feed defines and names, resolving each TZID once. */
export class FeedZones {
  private readonly vtimezones = new Map<string, IcsComponent>();
  private readonly resolved = new Map<string, Zone>();

  constructor(
    calendar: IcsComponent,
    /** The zone of floating times and unknown TZIDs: the feed's X-WR-TIMEZONE, or the community's. */
    readonly fallback: Zone,
    private readonly until: number,
  ) {
    for (const component of calendar.components) {
      if (component.name !== 'VTIMEZONE') continue;
      const tzid = first(component, 'TZID')?.value.trim();
      if (tzid) this.vtimezones.set(tzid, component);
    }
  }

  zone(tzid: string | undefined): Zone {
    if (tzid === undefined || tzid.trim() === '') return this.fallback;
    const key = tzid.trim();
    let zone = this.resolved.get(key);
    if (!zone) {
      const vtimezone = this.vtimezones.get(key);
      const iana = ianaNameOf(key, vtimezone);
      zone = iana ? ianaZone(iana) : ((vtimezone && vtimezoneZone(vtimezone, this.until)) ?? this.fallback);
      this.resolved.set(key, zone);
    }
    return zone;
  }
}
