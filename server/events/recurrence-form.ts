import type { RecurrenceKind } from '~/schemas/event';
import { isObject, readEvent, readRecurrence, recurrenceVersion, startOf, type EventDeps, type EventRecord } from './records';
import { durationOfFields, eventKeysOf, timesFor } from './save-plan';

// ─── Opening the editor ──────────────────────────────────────────────────────────────────────

export interface RecurrenceEditStart {
  /** The earliest future occurrence (the one Edit Recurrence saves from). */
  eventId: string;
  /** What the form shows: the original item with that occurrence's dates (spec 02 §4 "using the original item"). */
  item: EventRecord;
  record: EventRecord;
  /** The version the form carries (scope 'recurrence'). */
  version: string;
}

/**
 * Edit Recurrence (spec 02 §4): the form starts from the recurrence's original item, dated as
 * its earliest future occurrence. Null when the recurrence has no future occurrence left.
 */
export async function recurrenceEditStart(
  deps: EventDeps,
  community: string,
  calendarId: string,
  recurrenceId: string,
  now: number,
): Promise<RecurrenceEditStart | null> {
  const record = await readRecurrence(deps, community, calendarId, recurrenceId);
  if (!record) return null;
  const next = eventKeysOf(record)
    .filter((occurrence) => occurrence.startDate > now)
    .sort((a, b) => a.startDate - b.startDate)[0];
  if (!next) return null;
  const event = await readEvent(deps, community, calendarId, next.eventId);
  if (!event) return null;
  const original = isObject(record.originalItem) ? (record.originalItem as EventRecord) : event;
  const duration = durationOfFields(original, event);
  const item: EventRecord = {
    ...original,
    ...timesFor(startOf(event), duration),
    recurrenceId,
    contexts: event.contexts ?? original.contexts ?? [],
  };
  return { eventId: next.eventId, item, record, version: recurrenceVersion(record) };
}

/** The recurrence fields the form shows for a recurring event (none for a plain one). */
export function recurrenceFormValue(record: Record<string, unknown> | null): {
  recurrence: RecurrenceKind;
  validDays: boolean[];
  recurrenceEndDate: number | null;
} {
  if (!record) return { recurrence: 'none', validDays: [false, false, false, false, false, false, false], recurrenceEndDate: null };
  const kind = record.recurrence === 'daily' || record.recurrence === 'weekly' ? record.recurrence : 'none';
  const days = Array.isArray(record.validDays) ? record.validDays : [];
  return {
    recurrence: kind,
    validDays: Array.from({ length: 7 }, (_, index) => days[index] === true),
    recurrenceEndDate: typeof record.recurrenceEndDate === 'number' ? record.recurrenceEndDate : null,
  };
}
