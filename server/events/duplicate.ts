import type { DbValue } from '@server/db/types';
import { isArchived } from './records';

/**
 * Duplicating an event (spec 02 §3 "Fields removed on duplicate: effectiveTime, endTime,
 * deliveryTime, recurrenceId, recurrenceInfo (and dates, id, duration cleared)"; §4 archived
 * events are read-only unless duplicated).
 */

/** What a duplicate leaves behind: the spec's list, plus the import source (meaningless without the id) and the mark of a delete (decision 024). */
export const NOT_DUPLICATED = [
  'effectiveTime',
  'endTime',
  'deliveryTime',
  'recurrenceId',
  'recurrenceInfo',
  'startDate',
  'endDate',
  'endDateDuration',
  'id',
  'calendarId',
  'deleted',
] as const;

/** The event a duplicate starts from: the original without the fields above (the editor gives it new dates). */
export function duplicateOf(stored: Record<string, unknown>): Record<string, DbValue> {
  return Object.fromEntries(Object.entries(stored).filter(([field]) => !(NOT_DUPLICATED as readonly string[]).includes(field))) as Record<
    string,
    DbValue
  >;
}

/** Whether the editor may submit: an archived event only when it is being duplicated (spec 02 §4). */
export function canSubmitEvent(stored: Record<string, unknown> | null, now: number, options: { duplicating: boolean }): boolean {
  if (options.duplicating || stored === null) return true;
  return !isArchived(stored, now);
}
