import { fromZonedTime, toZonedTime } from 'date-fns-tz';
import * as rrulePackage from 'rrule';
import { all, first, parseIcsTime, type IcsComponent } from './ics';

/**
 * Time zones of a feed (RFC 5545 TZID and VTIMEZONE). A TZID that is an IANA name (or ends in
 * one, as '/mozilla.org/…/America/New_York' does, or whose VTIMEZONE names one in
 * X-LIC-LOCATION, or a Windows name Outlook writes) is that zone; any other TZID is computed
 * from its VTIMEZONE's STANDARD and DAYLIGHT observances (onsets from DTSTART, RRULE, RDATE).
 * Wall-clock times are handled as "floating" Dates: the wall clock written as if it were UTC.
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

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function isoOfFloating(floating: number): string {
  const date = new Date(floating);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
}

const zoneCache = new Map<string, Zone>();
const QUARTER_HOUR = 15 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * An IANA zone through date-fns-tz, with the zone's offset remembered per quarter hour (zones
 * change offset on quarter hours): away from a change a wall-clock time is one subtraction;
 * within a day of one, date-fns-tz decides (the gap and the repeated hour as the rest of the
 * app has them, server/events/recurrence.ts).
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
      toInstant: (floating) => {
        const before = offsetAt(floating - DAY_MS);
        if (before === offsetAt(floating + DAY_MS) && before === offsetAt(floating)) return floating - before;
        return fromZonedTime(isoOfFloating(floating), name).getTime();
      },
    };
    zoneCache.set(name, zone);
  }
  return zone;
}

export const UTC: Zone = { name: 'UTC', toInstant: (floating) => floating, toFloating: (ms) => ms };

/** Windows zone names (as Outlook and Exchange write TZID) of the zones communities are in. */
const WINDOWS_ZONES: Record<string, string> = {
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indiana/Indianapolis',
  'Central Standard Time': 'America/Chicago',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Pacific Standard Time': 'America/Los_Angeles',
  'Alaskan Standard Time': 'America/Anchorage',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Atlantic Standard Time': 'America/Halifax',
  'Newfoundland Standard Time': 'America/St_Johns',
  'Canada Central Standard Time': 'America/Regina',
  'GMT Standard Time': 'Europe/London',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Romance Standard Time': 'Europe/Paris',
  'Central Europe Standard Time': 'Europe/Budapest',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  UTC: 'UTC',
};

/** The IANA name a TZID stands for, if any. */
export function ianaNameOf(tzid: string, vtimezone?: IcsComponent): string | null {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (isIanaZone(name)) return name;
  if (WINDOWS_ZONES[name]) return WINDOWS_ZONES[name]!;
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
        const options = RRule.parseString(property.value);
        const rule = new RRule({ ...options, dtstart: new Date(dtstart) });
        floatingOnsets.push(...rule.all((date, index) => index < 2_000 && date.getTime() <= until).map((date) => date.getTime()));
      } catch {
        // an unreadable rule: the DTSTART onset only
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
  const offsets = [...new Set(onsets.map((onset) => onset.offsetTo))];
  return {
    name: tzid,
    toFloating: (ms) => ms + offsetAt(ms),
    toInstant: (floating) => {
      // The offset (of those the zone has) that gives back this wall clock; in a gap, the earlier one.
      const candidates = offsets.map((offset) => floating - offset).filter((ms) => ms + offsetAt(ms) === floating);
      if (candidates.length > 0) return Math.min(...candidates);
      return floating - offsetAt(floating - offsetAt(floating));
    },
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
