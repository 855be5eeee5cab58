import type { DbValue } from '@server/db/types';
import { whenText } from '~/lib/event-times';
import { endOf, isObject, startOf } from './records';

/**
 * Deleting an event from an active view archives it (spec 02 §4 "Deleting events and
 * messages"; decision 024): it ends now, so it leaves the app's calendars and the active view
 * and shows once in the archive, with a range that reads forwards.
 *
 * - An event under way ends now: `start – now`.
 * - An event that has not begun (its start after now) would otherwise end before it begins
 *   ("Thu, Dec 3, 8:30 PM – Sat, Nov 28, 9:09 AM"): it begins and ends now (duration 0), and
 *   the times it was planned for are kept in `deleted` so the archive can still say which
 *   occurrence it was.
 * - Every archived event carries `deleted.time`: the active view, which keeps the events that
 *   ended earlier today (marked Passed), leaves the deleted ones out.
 * - An event that has already ended is left alone (null).
 */

/** The marker of an event deleted from an active view. */
export interface DeletedMarker {
  /** When it was deleted. */
  time: number;
  /** Its planned start and end, when it was deleted before it began. */
  startDate?: number;
  endDate?: number;
}

/** The fields to write to archive one event at `now`; null when it has already ended. */
export function archiveFields(event: Record<string, unknown>, now: number): Record<string, DbValue> | null {
  const end = endOf(event);
  if (end > 0 && end <= now) return null;
  const start = startOf(event);
  if (start > now) {
    const deleted: DeletedMarker = { time: now, startDate: start, ...(end > 0 ? { endDate: end } : {}) };
    return { startDate: now, endDate: now, endDateDuration: 0, deleted: deleted as unknown as DbValue };
  }
  return { endDate: now, endDateDuration: Math.max(0, now - start), deleted: { time: now } };
}

/** The marker of an event deleted from an active view, or null (an event that ended by itself, or a bad value). */
export function deletedMarker(event: Record<string, unknown>): DeletedMarker | null {
  const value = event.deleted;
  if (!isObject(value)) return null;
  const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) && field > 0 ? field : undefined);
  const time = number(value.time);
  if (time === undefined) return null;
  const startDate = number(value.startDate);
  const endDate = number(value.endDate);
  return { time, ...(startDate !== undefined ? { startDate } : {}), ...(endDate !== undefined ? { endDate } : {}) };
}

/** The multi-path entries archiving one event stored at `base`. */
export function archiveUpdates(base: string, fields: Record<string, DbValue>): Record<string, DbValue> {
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${base}/${field}`, value]));
}

/** "Deleted Sat, Nov 28, 9:09 AM, before it began": the note of an event deleted from the active view, in the community's zone. */
export function deletedText(deleted: DeletedMarker, timeZone: string): string {
  const at = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `Deleted ${at.format(deleted.time)}${deleted.startDate !== undefined ? ', before it began' : ''}`;
}

/**
 * What the editor of such an event says above its (read-only) form: when it was deleted and,
 * for one deleted before it began, the times it was planned for (its stored times are the
 * delete's). Null for an event that was not deleted from an active view.
 */
export function deletedNote(event: Record<string, unknown>, timeZone: string): string | null {
  const deleted = deletedMarker(event);
  if (!deleted) return null;
  if (deleted.startDate === undefined) return `${deletedText(deleted, timeZone)}.`;
  const planned = whenText(deleted.startDate, deleted.endDate ?? 0, event.allDay === true, timeZone);
  return planned ? `${deletedText(deleted, timeZone)}: it was planned for ${planned}.` : `${deletedText(deleted, timeZone)}.`;
}
