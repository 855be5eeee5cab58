import { isObject } from '../records';

/**
 * A calendar-import job's outcome in words, for the job-status page: one line per source run,
 * in the words the config editor uses for a source's last run. The job's result is read back
 * from Redis, so every field is checked.
 */

/** What staff read when a source's run failed on something other than the source (the cause goes to the log). */
export const UNEXPECTED_IMPORT_MESSAGE = 'The import stopped on an unexpected error. The next run tries again.';

export const IMPORT_JOB_TEXTS = {
  /** A source that worked. */
  imported: (name: string, added: number, updated: number, removed: number, skipped: number) =>
    `Imported ${name}: ${added} added, ${updated} updated, ${removed} removed${
      skipped > 0 ? `, ${skipped} ${skipped === 1 ? 'event' : 'events'} skipped` : ''
    }.`,
  /** A source that failed changes nothing (server/events/import/apply.ts). */
  failed: (name: string, error: string) => `The import of ${name} failed: ${error} Nothing was changed.`,
  nothing: 'Nothing was imported: the calendar has no import that reads from an address.',
} as const;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function sourceLine(run: Record<string, unknown>): string {
  const name = text(run.title) || text(run.calendarId) || 'the import';
  if (run.ok !== true) return IMPORT_JOB_TEXTS.failed(name, text(run.message) || UNEXPECTED_IMPORT_MESSAGE);
  const result = isObject(run.result) ? run.result : {};
  const skipped = isObject(result.skipped) ? Object.values(result.skipped).reduce<number>((sum, value) => sum + count(value), 0) : 0;
  return IMPORT_JOB_TEXTS.imported(name, count(result.created), count(result.updated), count(result.removed), skipped);
}

/** The lines of a completed calendar-import job (jobs/processors/calendar-import.ts CalendarImportJobResult). */
export function calendarImportSummary(result: unknown): { lines: string[] } {
  const calendars = isObject(result) && Array.isArray(result.calendars) ? result.calendars : [];
  const lines = calendars.flatMap((calendar) =>
    isObject(calendar) && Array.isArray(calendar.sources) ? calendar.sources.filter(isObject).map(sourceLine) : [],
  );
  return { lines: lines.length > 0 ? lines : [IMPORT_JOB_TEXTS.nothing] };
}

/** A failed calendar-import job: its message names calendars for the log; staff read this. */
export const calendarImportFailure = (_reason: string): string => UNEXPECTED_IMPORT_MESSAGE;
