import type { ListContextDefinition, ListView } from '~/lib/listing/types';

/**
 * The filters of a list (spec 02 §5 "Filters", §4 "Views") as one predicate over stored items.
 * Pure: the engine applies it to the children it scans.
 */
export interface ListFilters {
  /** Case-insensitive substring over the title, subtitle, description (HTML stripped) and location title. */
  text?: string;
  /** Dated lists: keep items whose end (endField) is after `start`. */
  start?: number;
  /** Dated lists: keep items whose end plus duration (durationField, 0 when absent) is before `end`. */
  end?: number;
  /** Keep items of this recurrence. */
  recurrenceId?: string;
  /** Dated lists: active = no end (0 or absent) or an end after now (or after `activeFrom`); archive = ended. */
  view?: ListView;
  /**
   * The active view also keeps the items that ended after this time (events: since the start of
   * today in the community's time zone, shown as passed, spec 02 §4 "Views").
   */
  activeFrom?: number;
  /** Guest entries: name, e-mail or id of the sender (server/entries/rules.ts). */
  person?: string;
  /** Guest entries: RSVPs of this event. */
  eventId?: string;
  /** The start of the end date filter's day (guest entries extend it by one day). */
  endDayStart?: number;
}

export type ItemPredicate = (item: Record<string, unknown>) => boolean;

/** The value at a dotted path (`location.title`) of an item; '/' separates too, as in database paths. */
export function fieldValue(item: unknown, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split(/[./]/)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A time field as ms since the epoch: a number, or a string of digits; anything else is 0 (no time). */
export function timeValue(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return 0;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML fragment: block tags and line breaks become spaces, other tags go (so
 * `<b>Sun</b>day` reads "Sunday"), entities are decoded.
 */
export function htmlText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(br|p|div|h[1-6]|li|ul|ol|blockquote|tr|td|th|table|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ');
}

/** An item archived by a delete from an active view (server/events/archive.ts). */
const isDeleted = (item: Record<string, unknown>): boolean => {
  const deleted = item.deleted;
  return typeof deleted === 'object' && deleted !== null && typeof (deleted as { time?: unknown }).time === 'number';
};

const searchable = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/**
 * The predicate of the filters for a list, or null when no filter applies (every item is kept).
 * Date and view filters apply to dated lists only; an item without an end (0 or absent) is open:
 * it passes a start filter and fails an end filter.
 */
export function listPredicate(definition: ListContextDefinition, filters: ListFilters, now: number): ItemPredicate | null {
  const tests: ItemPredicate[] = [];

  const needle = (filters.text ?? '').trim().toLocaleLowerCase();
  if (needle !== '') {
    const { title, subtitle, description, locationTitle } = definition.fields;
    const plain = [title, subtitle, locationTitle].filter((field): field is string => field !== undefined);
    tests.push((item) => {
      for (const field of plain) {
        if (searchable(fieldValue(item, field))?.toLocaleLowerCase().includes(needle)) return true;
      }
      if (description === undefined) return false;
      const html = searchable(fieldValue(item, description));
      return html !== null && htmlText(html).toLocaleLowerCase().includes(needle);
    });
  }

  const recurrenceId = filters.recurrenceId?.trim();
  if (recurrenceId) tests.push((item) => item.recurrenceId === recurrenceId);

  const dated = definition.dated;
  if (dated) {
    const endOf = (item: Record<string, unknown>) => timeValue(fieldValue(item, dated.endField));
    const { start, end, view } = filters;
    if (start !== undefined && Number.isFinite(start)) {
      tests.push((item) => {
        const ends = endOf(item);
        return ends === 0 || ends > start;
      });
    }
    if (end !== undefined && Number.isFinite(end)) {
      const durationField = dated.durationField;
      tests.push((item) => {
        const ends = endOf(item);
        const duration = durationField === undefined ? 0 : timeValue(fieldValue(item, durationField));
        return ends !== 0 && ends + duration < end;
      });
    }
    if (view === 'active') {
      const from = filters.activeFrom !== undefined && Number.isFinite(filters.activeFrom) ? Math.min(filters.activeFrom, now) : now;
      // An event deleted from the active view ends now but leaves it at once, though the view
      // keeps today's ended events (decision 024: it shows in the archive only).
      tests.push((item) => {
        const ends = endOf(item);
        return (ends === 0 || ends > from) && !(ends <= now && isDeleted(item));
      });
    }
    if (view === 'archive') {
      tests.push((item) => {
        const ends = endOf(item);
        return ends > 0 && ends <= now;
      });
    }
  }

  if (tests.length === 0) return null;
  return (item) => tests.every((test) => test(item));
}
