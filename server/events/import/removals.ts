import type { DbValue } from '@server/db/types';
import { IMPORT_LOCKED_FIELDS } from '../item';
import { isObject, type EventDeps, type Updates } from '../records';
import { importStatusKey } from './status';
import type { ImportSource } from './types';

/**
 * What an import run may remove, and what it keeps of what it removes (docs/decisions/015):
 *
 * - Many events gone at once (more than a quarter of the source's events that have not ended,
 *   and at least MASS_REMOVAL_MIN) is more often a feed that came back incomplete than a
 *   calendar emptied on purpose: the run removes none of them and records them as the source's
 *   pending removal (`paths.calendarImportPendingRemoval`). The next run removes those still
 *   missing; those that came back are no longer pending. Events the feed says are cancelled and
 *   events staff put on the ignored list go at once.
 * - Staff's edits of an imported event (every field a re-import does not write: website, cost,
 *   the location choice, RSVP, buttons, header …) are kept when a run removes it, keyed by the
 *   event's import key (source, UID and original start), in `paths.calendarImportKeptEdits`;
 *   when the feed gives the event again, the re-created event gets them back. Kept edits of an
 *   event whose end has passed are dropped (an ended event is never imported again).
 */

/** Removals at once of fewer events than this are never held back. */
export const MASS_REMOVAL_MIN = 3;

/** True when removing `count` of `base` events at once waits for the next run. */
export const isMassRemoval = (count: number, base: number) => count >= MASS_REMOVAL_MIN && count * 4 > base;

/** Fields of an imported event that are the import's, not staff's edits. */
const NOT_STAFF_FIELDS = new Set<string>([...IMPORT_LOCKED_FIELDS, 'id', 'calendarId', 'contexts', 'recurrenceId']);

export interface KeptEdit {
  fields: Record<string, DbValue>;
  /** The removed event's end: once it has passed, the edit is dropped. */
  endDate: number;
}

export interface RemovalState {
  /** The status key of the source (importStatusKey). */
  sourceId: string;
  /** Event keys the last run held back. */
  pending: Set<string>;
  /** Kept edits by the event's import key. */
  kept: Map<string, KeptEdit>;
}

export async function loadRemovalState(
  deps: EventDeps,
  input: { community: string; calendarId: string; source: Pick<ImportSource, 'type' | 'calendarId'> },
): Promise<RemovalState> {
  const sourceId = importStatusKey(input.source);
  const [pending, kept] = await Promise.all([
    deps.db.ref(deps.paths.calendarImportPendingRemoval(input.community, input.calendarId, sourceId)).get(),
    deps.db.ref(deps.paths.calendarImportKeptEdits(input.community, input.calendarId, sourceId)).get(),
  ]);
  const state: RemovalState = { sourceId, pending: new Set(), kept: new Map() };
  const pendingValue = pending.val();
  if (isObject(pendingValue)) for (const key of Object.keys(pendingValue)) state.pending.add(key);
  const keptValue = kept.val();
  if (isObject(keptValue))
    for (const [key, entry] of Object.entries(keptValue)) {
      if (!isObject(entry) || !isObject(entry.fields)) continue;
      state.kept.set(key, {
        fields: entry.fields as Record<string, DbValue>,
        endDate: typeof entry.endDate === 'number' ? entry.endDate : 0,
      });
    }
  return state;
}

/**
 * Which of the events a run found gone it removes now, and which it holds for the next run.
 * `gone`: event keys the feed no longer gives; `explicit`: those of them the feed cancelled or
 * staff ignored (removed at once); `base`: the source's events that have not ended.
 */
export function decideRemovals(
  gone: readonly string[],
  explicit: ReadonlySet<string>,
  base: number,
  pending: ReadonlySet<string>,
): { remove: Set<string>; hold: Set<string> } {
  const remove = new Set<string>();
  const fresh: string[] = [];
  for (const key of gone) {
    if (explicit.has(key) || pending.has(key)) remove.add(key);
    else fresh.push(key);
  }
  if (isMassRemoval(fresh.length, base)) return { remove, hold: new Set(fresh) };
  for (const key of fresh) remove.add(key);
  return { remove, hold: new Set() };
}

/** The staff's edits of a stored imported event, compared with what a new import of it writes; null when there are none. */
export function staffEditsOf(stored: Record<string, unknown>, fresh: Record<string, DbValue>): Record<string, DbValue> | null {
  const edits: Record<string, DbValue> = {};
  for (const [field, value] of Object.entries(stored)) {
    if (NOT_STAFF_FIELDS.has(field) || value === null || value === undefined) continue;
    if (field in fresh && JSON.stringify(fresh[field]) === JSON.stringify(value)) continue;
    edits[field] = value as DbValue;
  }
  return Object.keys(edits).length > 0 ? edits : null;
}

/** The writes of a run's pending removal (only when it changed) and the kept edits that have ended. */
export function removalStateUpdates(
  deps: EventDeps,
  input: { community: string; calendarId: string; state: RemovalState; hold: ReadonlySet<string>; now: number; used: ReadonlySet<string> },
): Updates {
  const { community, calendarId, state, hold, now, used } = input;
  const updates: Updates = {};
  const same = hold.size === state.pending.size && [...hold].every((key) => state.pending.has(key));
  if (!same)
    updates[deps.paths.calendarImportPendingRemoval(community, calendarId, state.sourceId)] =
      hold.size > 0 ? Object.fromEntries([...hold].map((key) => [key, true])) : null;
  for (const [key, kept] of state.kept)
    if (used.has(key) || kept.endDate <= now) updates[deps.paths.calendarImportKeptEdit(community, calendarId, state.sourceId, key)] = null;
  return updates;
}

/** The write keeping a removed event's staff edits (nothing when it has none). */
export function keepEditsUpdate(
  deps: EventDeps,
  input: {
    community: string;
    calendarId: string;
    state: RemovalState;
    key: string;
    edits: Record<string, DbValue> | null;
    endDate: number;
  },
): Updates {
  if (!input.edits) return {};
  return {
    [deps.paths.calendarImportKeptEdit(input.community, input.calendarId, input.state.sourceId, input.key)]: {
      fields: input.edits,
      endDate: input.endDate,
    },
  };
}
