/**
 * iCalendar (RFC 5545) text as components and properties: lines unfolded, parameters (quoted
 * values too) and TEXT escapes read, DATE / DATE-TIME / DURATION / PERIOD values parsed. Only
 * what an import needs; unknown components and properties are kept as they are and ignored
 * by the caller.
 *
 * The project has its own parser: a feed is a few hundred kilobytes of simple lines and the
 * maintained parsers bring their own time-zone and recurrence engines, which the project
 * already has (date-fns-tz, rrule; see server/events/recurrence.ts).
 */

export class IcsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IcsError';
  }
}

export interface IcsProperty {
  /** Upper case. */
  name: string;
  /** Names upper case; values as written, quotes removed. */
  params: Record<string, string>;
  /** The raw value (TEXT escapes not yet read). */
  value: string;
}

export interface IcsComponent {
  /** Upper case: VCALENDAR, VEVENT, VTIMEZONE, STANDARD, DAYLIGHT … */
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
  /**
   * True when the component never got its END: another calendar-level component began inside
   * it, or the calendar ended first. Its properties may be anyone's, so the caller skips it.
   */
  unclosed?: boolean;
}

/** Components that only a VCALENDAR holds: one beginning inside another closes what is open. */
const CALENDAR_LEVEL = new Set(['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VTIMEZONE']);

export const CUT_OFF_MESSAGE = 'The calendar is cut off (it does not end with END:VCALENDAR).';

/** The most lines one feed may have (a generous year of events). */
export const MAX_ICS_LINES = 2_000_000;

/** Lines unfolded: a line starting with a space or a tab continues the one before. */
export function unfold(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += raw.slice(1);
    else if (raw !== '') lines.push(raw);
  }
  return lines;
}

/** One content line: name, parameters, value. Null when the line is not one. */
export function parseContentLine(line: string): IcsProperty | null {
  let index = 0;
  const nameMatch = /^[A-Za-z0-9-]+/.exec(line);
  if (!nameMatch) return null;
  const name = nameMatch[0].toUpperCase();
  index = name.length;
  const params: Record<string, string> = {};
  while (line[index] === ';') {
    index += 1;
    const eq = line.indexOf('=', index);
    if (eq < 0) return null;
    const paramName = line.slice(index, eq).toUpperCase();
    index = eq + 1;
    const values: string[] = [];
    for (;;) {
      if (line[index] === '"') {
        const close = line.indexOf('"', index + 1);
        if (close < 0) return null;
        values.push(line.slice(index + 1, close));
        index = close + 1;
      } else {
        let end = index;
        while (end < line.length && line[end] !== ';' && line[end] !== ':' && line[end] !== ',') end += 1;
        values.push(line.slice(index, end));
        index = end;
      }
      if (line[index] === ',') index += 1;
      else break;
    }
    params[paramName] = values.join(',');
  }
  if (line[index] !== ':') return null;
  return { name, params, value: line.slice(index + 1) };
}

/**
 * The VCALENDAR of the text (the first one). Throws IcsError when there is none, and when it
 * has no END:VCALENDAR: a feed whose download stopped early is not read as the whole calendar.
 *
 * A component left open (a VEVENT without END:VEVENT, or one with another VEVENT inside it) is
 * closed where the next calendar-level component begins, or where the calendar ends, and marked
 * `unclosed`; what follows it is read as usual.
 */
export function parseIcs(text: string): IcsComponent {
  const lines = unfold(text);
  if (lines.length > MAX_ICS_LINES) throw new IcsError(`The calendar has more than ${MAX_ICS_LINES} lines.`);
  const stack: IcsComponent[] = [];
  let calendar: IcsComponent | null = null;
  const closeUnfinished = (from: number) => {
    for (const open of stack.splice(from)) open.unclosed = true;
  };
  for (const line of lines) {
    const property = parseContentLine(line);
    if (!property) continue;
    if (property.name === 'BEGIN') {
      const component: IcsComponent = { name: property.value.trim().toUpperCase(), properties: [], components: [] };
      if (CALENDAR_LEVEL.has(component.name) && stack.length > 1 && stack[0]!.name === 'VCALENDAR') closeUnfinished(1);
      stack[stack.length - 1]?.components.push(component);
      stack.push(component);
      continue;
    }
    if (property.name === 'END') {
      const name = property.value.trim().toUpperCase();
      // An END without its BEGIN is ignored; one closing an outer component closes what is open inside it.
      const at = stack.map((component) => component.name).lastIndexOf(name);
      if (at < 0) continue;
      closeUnfinished(at + 1);
      const closed = stack.splice(at);
      if (at === 0 && closed[0]!.name === 'VCALENDAR') {
        calendar = closed[0]!;
        break;
      }
      continue;
    }
    stack[stack.length - 1]?.properties.push(property);
  }
  if (!calendar) {
    if (stack[0]?.name === 'VCALENDAR') throw new IcsError(CUT_OFF_MESSAGE);
    throw new IcsError('This is not an iCalendar file (no BEGIN:VCALENDAR).');
  }
  return calendar;
}

export const first = (component: IcsComponent, name: string): IcsProperty | undefined =>
  component.properties.find((property) => property.name === name);

export const all = (component: IcsComponent, name: string): IcsProperty[] =>
  component.properties.filter((property) => property.name === name);

/** A TEXT value with its escapes read (\n, \, \; \\). */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

export interface IcsDate {
  kind: 'date';
  year: number;
  month: number;
  day: number;
}

export interface IcsDateTime {
  kind: 'date-time';
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Written with a trailing Z. */
  utc: boolean;
}

export type IcsTime = IcsDate | IcsDateTime;

/** A DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS[Z]) value; null when it is neither. */
export function parseIcsTime(value: string): IcsTime | null {
  const text = value.trim();
  // A DATE with a stray Z (Google writes RDATE:20131210Z) is that date.
  const date = /^(\d{4})(\d{2})(\d{2})Z?$/i.exec(text);
  if (date) {
    const [year, month, day] = date.slice(1).map(Number) as [number, number, number];
    return validDate(year, month, day) ? { kind: 'date', year, month, day } : null;
  }
  const dateTime = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z?)$/i.exec(text);
  if (!dateTime) return null;
  const [year, month, day, hour, minute] = dateTime.slice(1, 6).map(Number) as [number, number, number, number, number];
  const second = dateTime[6] ? Number(dateTime[6]) : 0;
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 60) return null;
  return { kind: 'date-time', year, month, day, hour, minute, second: Math.min(second, 59), utc: dateTime[7] !== '' };
}

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface IcsDuration {
  /** Nominal days (weeks count 7): added on the wall clock. */
  days: number;
  /** Exact milliseconds (hours, minutes, seconds). */
  ms: number;
}

/** A DURATION value (P1D, PT1H30M, -P1W, P1DT2H); null when it is not one. */
export function parseDuration(value: string): IcsDuration | null {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(value.trim());
  if (!match || value.trim().toUpperCase().endsWith('T') || /^[+-]?P$/i.test(value.trim())) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const [weeks, days, hours, minutes, seconds] = match.slice(2).map((part) => (part ? Number(part) : 0)) as number[];
  return { days: sign * (weeks! * 7 + days!), ms: sign * ((hours! * 60 + minutes!) * 60 + seconds!) * 1000 };
}

/** The values of a property that may list several (RDATE, EXDATE), PERIODs as start and end or duration. */
export function listValues(property: IcsProperty): Array<{ start: string; end?: string; duration?: string }> {
  return property.value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [start, rest] = part.split('/');
      if (rest === undefined) return { start: start! };
      return /^[+-]?P/i.test(rest) ? { start: start!, duration: rest } : { start: start!, end: rest };
    });
}
