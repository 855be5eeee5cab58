import type { ImportType } from '~/schemas/calendar-config';
import type { Updates } from '../records';

/**
 * What every import source gives: the events of one feed within the import window, each with
 * the id the source knows it by (stable across runs, so a re-import finds the event it wrote).
 */

/** How far ahead an import reaches: occurrences that start within a year of the run. */
export const IMPORT_HORIZON_MS = 365 * 24 * 3600 * 1000;

/** The most events one source gives in one run. */
export const MAX_IMPORTED_EVENTS = 10_000;

export interface ImportedEvent {
  /**
   * The source's id: the UID of a single event, `{UID}/{original start}` of an occurrence of a
   * recurring one (YYYYMMDD for all-day, YYYYMMDDTHHMMSSZ otherwise), Google's and The Events
   * Calendar's own ids. Stored as the event's `id`; the ignored list (Delete Forever) holds it.
   */
  id: string;
  title: string;
  /** Sanitized HTML. */
  description: string;
  /** Free-text location ('' when none). */
  location: string;
  address: string;
  city: string;
  latitude: string;
  longitude: string;
  startDate: number;
  /** Inclusive end: an all-day event ends at 23:59:59.999 of its last day. */
  endDate: number;
  allDay: boolean;
}

export interface ImportWindow {
  /** Events that ended before it are left out. */
  now: number;
  /** The community's zone: all-day dates and floating times are in it. */
  timeZone: string;
  /** IMPORT_HORIZON_MS by default. */
  horizonMs?: number;
}

export interface FetchedEvents {
  events: ImportedEvent[];
  /**
   * Ids the source says are cancelled (STATUS:CANCELLED, Google's 'cancelled', …): removed
   * like events that are no longer in the feed.
   */
  cancelled: string[];
  /**
   * Events of the source left out because they could not be read, counted by reason; the rest
   * of the feed is imported. Absent when none were.
   */
  skipped?: SkippedEvents;
}

/**
 * Why an event of a feed was left out: no readable start (DTSTART, Google's or the site's
 * start), a component without its END (or with another event inside it), or anything else that
 * could not be read (a broken rule, an original start that is no date), or a recurrence rule the
 * import refuses (rule-bounds.ts: more often than hourly, or no date can match it).
 */
export type SkipReason = 'no-start' | 'not-closed' | 'unreadable' | 'too-frequent' | 'no-dates';
export type SkippedEvents = Partial<Record<SkipReason, number>>;

export const SKIP_REASONS: readonly SkipReason[] = ['no-start', 'not-closed', 'unreadable', 'too-frequent', 'no-dates'];

/** Counts one more skipped event of `reason` into `out.skipped`. */
export function countSkipped(out: FetchedEvents, reason: SkipReason, count = 1): void {
  if (count <= 0) return;
  out.skipped = { ...out.skipped, [reason]: (out.skipped?.[reason] ?? 0) + count };
}

/** One source of a calendar's import list (apply.ts importSourcesOf). */
export interface ImportSource {
  /** The source's key in the config's import list. */
  key: string;
  title: string;
  type: ImportType;
  /** The feed URL (iCal), Google calendar id, or site address (The Events Calendar). */
  calendarId: string;
  /** A location id of the community ('' = off-site). */
  defaultLocation: string;
  audience: string;
  /** 'resort' or 'local': the imported events' type. */
  eventContext: string;
  ignored: string[];
}

/** What applying one source's events did (apply.ts). */
export interface ApplyImportResult {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** Events of the feed left out because their id is in the ignored list. */
  ignored: number;
  /**
   * Events gone from the feed that this run did not remove: too many at once, so the next run
   * removes those still missing (removals.ts). Absent when none are held.
   */
  held?: number;
  /** Re-created events that got staff's kept edits back. Absent when none did. */
  restored?: number;
  updates: Updates;
}
