import { requestFeedBuilds } from './feed/requests';
import { unlockedFields } from './item';
import { planNewRecurrence, planPlainEvent } from './plan-plain';
import { planOccurrenceEdit, planRecurrenceEdit } from './plan-recurring';
import { calendarIds, eventVersion, isArchived, isObject, readEvent, readRecurrence, recurrenceVersion, type EventDeps } from './records';
import { unique, type Planning, type SaveEventInput, type SaveEventPlan, type SaveEventResult } from './save-plan';

/**
 * Saving an event (spec 02 §3 event and recurrence info, §4 recurring event editing, §7 "Multi-
 * path updates across calendars for events/{id} and recurrenceInfo/{recurrenceId} (with
 * sections)"), planned then committed as the business editor does (decision 008):
 *
 * - `planEventSave` reads what is stored and returns every write of the save, or why there is
 *   none (conflict, gone, archived …). It writes nothing.
 * - `commitEventSave` writes everything in ONE multi-path update guarded by the one node the
 *   edit hangs on (the event, or the recurrence record for Edit Recurrence), which must still be
 *   what the plan was made from (RealtimeDb `guardedUpdate`): the event in every calendar of its
 *   `contexts`, its removal from calendars no longer chosen, the occurrences of a recurrence and
 *   `recurrenceInfo/{recurrenceId}` beside the events of every calendar in its `sections`, and
 *   `icsBuildTime` of each calendar touched. A save landing in between is a conflict and writes
 *   nothing.
 *
 * The cases:
 * - a plain event (new, or without recurrence) saved without recurrence: the event;
 * - a plain event saved with daily/weekly recurrence: a new recurrence record and its
 *   occurrences (the event keeps its id as the occurrence of its own day);
 * - Edit Event on an occurrence (scope 'event'): that event, its start in `eventKeys` and its
 *   differences from the recurrence's `originalItem` in `editedEvents/{id}`;
 * - Edit Recurrence (scope 'recurrence'): the future occurrences (start after now, and the
 *   occurrence edited) regenerated from the form's start: occurrences of days the rule keeps
 *   are updated (their single-event edits re-applied except times), the others deleted, new
 *   days created; past occurrences are left as they are. With recurrence 'none' the future
 *   occurrences but the edited one go, the edited one becomes a plain event and the record is
 *   removed. *
 * The input, plan and result types and the helpers the cases share are in save-plan.ts; the
 * cases in plan-plain.ts (plain event, new recurrence) and plan-recurring.ts (Edit Event, Edit
 * Recurrence); what the editor opens Edit Recurrence with in recurrence-form.ts.
 */

/** The multi-path update of a save, or why there is none. Writes nothing. */
export async function planEventSave(deps: EventDeps, input: SaveEventInput): Promise<SaveEventResult> {
  const { community, calendarId, eventId, paths } = { ...input, paths: deps.paths };
  paths.calendarEvent(community, calendarId, eventId); // bad keys throw before anything is read
  const known = await calendarIds(deps, community);
  if (!known.includes(calendarId)) return { ok: false, reason: 'gone' };
  const stored = await readEvent(deps, community, calendarId, eventId);
  if (input.isNew && stored) return { ok: false, reason: 'exists' };
  if (!input.isNew && !stored) return { ok: false, reason: 'gone' };
  if (stored && isArchived(stored, input.now)) return { ok: false, reason: 'archived' };

  const calendars = unique([calendarId, ...input.calendars.filter((id) => known.includes(id))]);
  const planning: Planning = { ...input, known };
  const fields = unlockedFields(input.fields, stored);
  const recurrenceId = typeof stored?.recurrenceId === 'string' && stored.recurrenceId !== '' ? stored.recurrenceId : null;
  const record = recurrenceId ? await readRecurrence(deps, community, calendarId, recurrenceId) : null;

  if (stored && recurrenceId && record) {
    if (input.scope === 'event') {
      if (input.version !== null && eventVersion(stored) !== input.version) return conflict(stored, 'event');
      return planOccurrenceEdit(deps, planning, { stored, record, recurrenceId, fields, calendars });
    }
    if (input.version !== null && recurrenceVersion(record) !== input.version) return conflict(record, 'recurrence');
    return planRecurrenceEdit(deps, planning, { stored, record, recurrenceId, fields, calendars });
  }
  if (stored && input.version !== null && eventVersion(stored) !== input.version) return conflict(stored, 'event');
  if (input.recurrence === 'none') return planPlainEvent(deps, planning, { stored, fields, calendars });
  return planNewRecurrence(deps, planning, { stored, fields, calendars });
}

function conflict(stored: Record<string, unknown>, kind: 'event' | 'recurrence'): SaveEventResult {
  return { ok: false, reason: 'conflict', stored, version: kind === 'event' ? eventVersion(stored) : recurrenceVersion(stored) };
}

// ─── Writing ─────────────────────────────────────────────────────────────────────────────────

/**
 * Writes a planned save as ONE guarded multi-path update: the guarded node and every other write
 * (the other calendars' copies, the occurrences, the recurrence records, the feeds' build times)
 * commit together, and only while the guarded node is still the one the plan was made from
 * (absent for a new event). Another save in between makes it a conflict and writes nothing, and
 * a crash leaves the series as it was or as saved, never half of each.
 */
export async function commitEventSave(deps: EventDeps, planned: SaveEventPlan): Promise<SaveEventResult> {
  const { guard } = planned;
  const versionOfNode = guard.base.kind === 'event' ? eventVersion : recurrenceVersion;
  const result = await deps.db.ref().guardedUpdate(
    guard.path,
    (current) => {
      const now = isObject(current) ? current : null;
      return guard.base.version === null ? now === null : now !== null && versionOfNode(now) === guard.base.version;
    },
    { ...planned.updates, [guard.path]: guard.value },
  );
  if (result.committed) {
    await requestFeedBuilds(deps, planned.updates);
    return planned;
  }
  const now: unknown = result.snapshot.val();
  if (isObject(now)) return { ok: false, reason: 'conflict', stored: now, version: versionOfNode(now) };
  return { ok: false, reason: guard.base.version === null ? 'exists' : 'gone' };
}

/** Plans and writes a save. */
export async function saveEvent(deps: EventDeps, input: SaveEventInput): Promise<SaveEventResult> {
  const planned = await planEventSave(deps, input);
  return planned.ok ? commitEventSave(deps, planned) : planned;
}
