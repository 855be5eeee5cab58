import type { DbValue } from '@server/db/types';
import { isValidKey, LEGACY_EVENT_SECTIONS } from '@server/paths';
import { archiveFields, archiveUpdates } from './archive';
import { unlockedFields } from './item';
import { compactUpdates, eventVersion, isArchived, isObject, merged, type EventDeps, type EventRecord, type Updates } from './records';
import { commitEventSave } from './save';
import type { EventChange, SaveEventPlan, SaveEventResult } from './save-plan';

/**
 * The legacy events lists (spec 02 "Legacy events list"; spec 03 "Calendar event (public
 * calendar): key is the start time in ms (resort and local tabs) … The recurrence record holds
 * startDates and editedEvents maps keyed by event key"): `{community}/events-resort` and
 * `events-local`, each event keyed by its start in ms. The editor is the event editor (type
 * events); its save moves the event to its new key when the start changes, in the same guarded
 * write as calendar events (a transaction on the edited node, then one multi-path update), and
 * keeps the legacy recurrence record's `startDates` and `editedEvents` keyed to match. Deleting
 * follows spec 02 §4: in the active view bulk delete ends the events now, in the archive it
 * removes them (and their dates from the recurrence, which goes with its last date).
 */

export type LegacySection = (typeof LEGACY_EVENT_SECTIONS)[number];
export const isLegacySection = (section: string): section is LegacySection =>
  (LEGACY_EVENT_SECTIONS as readonly string[]).includes(section);

export interface SaveLegacyEventInput {
  community: string;
  section: LegacySection;
  /** The edited event's key; null for a new event. */
  eventKey: string | null;
  version: string | null;
  fields: Record<string, DbValue>;
  uid: string | null;
  now: number;
}

export type SaveLegacyEventResult = SaveEventResult | { ok: false; reason: 'taken' };

export async function readLegacyEvent(
  deps: EventDeps,
  community: string,
  section: LegacySection,
  eventKey: string,
): Promise<EventRecord | null> {
  const value = (await deps.db.ref(deps.paths.legacyEvent(community, section, eventKey)).get()).val();
  return isObject(value) ? (value as EventRecord) : null;
}

/** The one update of a legacy event's save (nothing written). `taken`: another event already starts at that millisecond. */
export async function planLegacyEventSave(deps: EventDeps, input: SaveLegacyEventInput): Promise<SaveLegacyEventResult> {
  const { community, section, now } = input;
  if (!isLegacySection(section)) return { ok: false, reason: 'gone' };
  const start = Number(input.fields.startDate);
  if (!Number.isSafeInteger(start)) throw new RangeError('A legacy event needs its start time.');
  const newKey = String(start);
  const stored = input.eventKey === null ? null : await readLegacyEvent(deps, community, section, input.eventKey);
  if (input.eventKey !== null && !stored) return { ok: false, reason: 'gone' };
  if (stored && isArchived(stored, now)) return { ok: false, reason: 'archived' };
  if (stored && input.version !== null && eventVersion(stored) !== input.version)
    return { ok: false, reason: 'conflict', stored, version: eventVersion(stored) };
  const oldKey = input.eventKey;
  if (oldKey !== newKey && (await readLegacyEvent(deps, community, section, newKey))) {
    return oldKey === null ? { ok: false, reason: 'exists' } : { ok: false, reason: 'taken' };
  }

  const item = merged(stored, unlockedFields(input.fields, stored));
  if (input.uid) {
    item.updatedBy = input.uid;
    if (!stored && item.creator === undefined) item.creator = input.uid;
  }
  const updates: Updates = { [deps.paths.legacyEvent(community, section, newKey)]: item };
  const guardKey = oldKey ?? newKey;
  if (oldKey !== null && oldKey !== newKey) {
    updates[deps.paths.legacyEvent(community, section, oldKey)] = null;
    const recurrenceId = typeof stored?.recurrenceId === 'string' && isValidKey(stored.recurrenceId) ? stored.recurrenceId : null;
    if (recurrenceId) {
      const record = (await deps.db.ref(deps.paths.legacyRecurrence(community, recurrenceId)).get()).val();
      if (isObject(record)) {
        const base = deps.paths.legacyRecurrence(community, recurrenceId);
        updates[`${base}/startDates/${oldKey}`] = null;
        updates[`${base}/startDates/${newKey}`] = start;
        const edited = isObject(record.editedEvents) ? record.editedEvents[oldKey] : undefined;
        if (edited !== undefined) {
          updates[`${base}/editedEvents/${oldKey}`] = null;
          updates[`${base}/editedEvents/${newKey}`] = edited as DbValue;
        }
      }
    }
  }
  const guardPath = deps.paths.legacyEvent(community, section, guardKey);
  const compact = compactUpdates(updates);
  const value = Object.hasOwn(compact, guardPath) ? compact[guardPath]! : null;
  delete compact[guardPath];
  const changes: EventChange[] = [{ eventId: newKey, before: stored, after: item }];
  const plan: SaveEventPlan = {
    ok: true,
    updates: compact,
    guard: { path: guardPath, value, base: { kind: 'event', version: stored ? eventVersion(stored) : null } },
    changes,
    recurrenceId: typeof item.recurrenceId === 'string' ? item.recurrenceId : null,
    eventId: newKey,
    calendars: [],
  };
  return plan;
}

export async function saveLegacyEvent(deps: EventDeps, input: SaveLegacyEventInput): Promise<SaveLegacyEventResult> {
  const planned = await planLegacyEventSave(deps, input);
  return planned.ok ? commitEventSave(deps, planned) : planned;
}

/** Delete Selected on a legacy list (one update): active view archives the events (archive.ts, decision 024); archive removes them. */
export async function deleteLegacyEvents(
  deps: EventDeps,
  input: { community: string; section: LegacySection; keys: readonly string[]; view: 'active' | 'archive'; now: number },
): Promise<{ archived: number; removed: number }> {
  const { community, section, now } = input;
  if (!isLegacySection(section) || input.keys.length > 10_000 || !input.keys.every((key) => isValidKey(key)))
    throw new RangeError('Not a legacy events list, or not a list of at most 10000 event keys.');
  const events = new Map<string, EventRecord>();
  for (const key of new Set(input.keys)) {
    const event = await readLegacyEvent(deps, community, section, key);
    if (event) events.set(key, event);
  }
  const updates: Updates = {};
  let archived = 0;
  let removed = 0;
  if (input.view === 'active') {
    for (const [key, event] of events) {
      const fields = archiveFields(event, now);
      if (fields === null) continue;
      Object.assign(updates, archiveUpdates(deps.paths.legacyEvent(community, section, key), fields));
      archived++;
    }
  } else {
    const byRecurrence = new Map<string, string[]>();
    for (const [key, event] of events) {
      updates[deps.paths.legacyEvent(community, section, key)] = null;
      removed++;
      if (typeof event.recurrenceId === 'string' && isValidKey(event.recurrenceId))
        byRecurrence.set(event.recurrenceId, [...(byRecurrence.get(event.recurrenceId) ?? []), key]);
    }
    for (const [recurrenceId, keys] of byRecurrence) {
      const record = (await deps.db.ref(deps.paths.legacyRecurrence(community, recurrenceId)).get()).val();
      if (!isObject(record)) continue;
      const base = deps.paths.legacyRecurrence(community, recurrenceId);
      const left = Object.keys(isObject(record.startDates) ? record.startDates : {}).filter((key) => !keys.includes(key));
      if (left.length === 0) updates[base] = null;
      else
        for (const key of keys) {
          updates[`${base}/startDates/${key}`] = null;
          updates[`${base}/editedEvents/${key}`] = null;
        }
    }
  }
  if (archived + removed > 0) await deps.db.ref().update(compactUpdates(updates));
  return { archived, removed };
}
