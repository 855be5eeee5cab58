import { deleteLegacyEvents, isImported, isLegacySection, planEventDelete, readEvent, readLegacyEvent } from '@server/events';
import { isValidKey } from '@server/paths';
import type { IndexDeps } from './calendar-index';
import { publicOccurrence } from './rules';

/**
 * What signed-in staff of the community may do from the public calendar (spec 03 "Public
 * calendar events", §7 "Event removal by key; multi-path update removing events and recurrence
 * startDates and editedEvents; push a notification; read and set the audience list", §8 delete
 * confirmations). The routes check that the asker is staff of the community first.
 *
 * Delete: a non-recurring event asks 'Delete Event' ('Are you sure you want to delete this
 * event?'); a recurring one 'Delete Recurrence' ('Do you want to delete only this event or all
 * events in this recurrence?': Cancel / Delete Recurrence / Delete Event). Deleting the
 * recurrence removes its events that have not ended (future ones) and drops the recurrence
 * record once all its dates are gone. The event is removed from this calendar only (server/events
 * delete.ts keeps its copies in other calendars). An imported event (not recurring) asks 'Delete
 * Imported Event' as the calendar of events does: Delete Forever also records its id in its
 * import's ignored list, so the next import does not bring it back; Delete, Allow Future Imports
 * does not. A recurring imported event is removed as Delete, Allow Future Imports.
 */

export const PUBLIC_DELETE_TEXTS = {
  eventTitle: 'Delete Event',
  eventText: 'Are you sure you want to delete this event?',
  recurrenceTitle: 'Delete Recurrence',
  recurrenceText: 'Do you want to delete only this event or all events in this recurrence?',
  importedTitle: 'Delete Imported Event',
  importedText: 'This event was imported. Delete Forever also skips it in future imports.',
} as const;

export interface PublicDeleteTarget {
  community: string;
  tab: string;
  eventId: string;
}

export interface PublicDeleteInfo {
  title: string;
  recurring: boolean;
  /** An event of a calendar import (a calendar of events only; legacy lists are not imported into). */
  imported: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function storedEvent(deps: IndexDeps, target: PublicDeleteTarget): Promise<Record<string, unknown> | null> {
  if (!isValidKey(target.community) || !isValidKey(target.tab) || !isValidKey(target.eventId)) return null;
  if (isLegacySection(target.tab)) return readLegacyEvent(deps, target.community, target.tab, target.eventId);
  return readEvent(deps, target.community, target.tab, target.eventId);
}

/** The event the public calendar shows at this address, for the confirmation; null when there is none. */
export async function publicDeleteInfo(deps: IndexDeps, target: PublicDeleteTarget): Promise<PublicDeleteInfo | null> {
  const event = await storedEvent(deps, target);
  const occurrence = publicOccurrence(target.eventId, event);
  if (!event || !occurrence) return null;
  const recurring = typeof event.recurrenceId === 'string' && isValidKey(event.recurrenceId);
  return { title: occurrence.title, recurring, imported: !recurring && !isLegacySection(target.tab) && isImported(event) };
}

export type PublicDeleteResult = { ok: true; removed: number } | { ok: false; reason: 'gone' };

export async function deletePublicEvent(
  deps: IndexDeps,
  input: PublicDeleteTarget & { scope: 'event' | 'recurrence'; now: number; forever?: boolean },
): Promise<PublicDeleteResult> {
  const event = await storedEvent(deps, input);
  if (!event || !publicOccurrence(input.eventId, event)) return { ok: false, reason: 'gone' };
  const recurrenceId = typeof event.recurrenceId === 'string' && isValidKey(event.recurrenceId) ? event.recurrenceId : null;
  const scope = recurrenceId ? input.scope : 'event';

  if (isLegacySection(input.tab)) {
    const keys = [input.eventId];
    if (scope === 'recurrence' && recurrenceId) {
      const record = (await deps.db.ref(deps.paths.legacyRecurrence(input.community, recurrenceId)).get()).val() as unknown;
      const dates = isObject(record) && isObject(record.startDates) ? Object.keys(record.startDates) : [];
      for (const key of dates) {
        if (key === input.eventId || !isValidKey(key)) continue;
        const other = await readLegacyEvent(deps, input.community, input.tab, key);
        const occurrence = publicOccurrence(key, other);
        if (occurrence && occurrence.end > input.now) keys.push(key);
      }
    }
    // The legacy list's "archive" delete removes the records and their dates from the recurrence.
    const { removed } = await deleteLegacyEvents(deps, {
      community: input.community,
      section: input.tab,
      keys,
      view: 'archive',
      now: input.now,
    });
    return { ok: true, removed };
  }

  const planned = await planEventDelete(deps, {
    community: input.community,
    calendarId: input.tab,
    eventId: input.eventId,
    calendars: [input.tab],
    scope: recurrenceId ? scope : null,
    view: 'active',
    imported: input.forever && !recurrenceId ? 'forever' : 'allow',
    now: input.now,
  });
  if (!planned.ok) return { ok: false, reason: 'gone' };
  if (Object.keys(planned.updates).length > 0) await deps.db.ref().update(planned.updates);
  return { ok: true, removed: planned.removed.length };
}

// ─── Audiences ───────────────────────────────────────────────────────────────────────────────

export const MAX_AUDIENCES = 50;
export const MAX_AUDIENCE_LENGTH = 60;

export const AUDIENCE_TEXTS = {
  tooMany: `At most ${MAX_AUDIENCES} audiences.`,
  tooLong: `An audience may be at most ${MAX_AUDIENCE_LENGTH} characters.`,
  duplicate: 'Each audience may appear only once.',
} as const;

/** The community's audience list (spec 03 §7). */
export async function readAudiences(deps: IndexDeps, community: string): Promise<string[]> {
  const value = (await deps.db.ref(deps.paths.audience(community)).get()).val() as unknown;
  const list = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  return list.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').map((entry) => entry.trim());
}

/** The list as typed (one per line or separate fields): trimmed, empty lines left out; an error when it breaks a limit. */
export function parseAudiences(
  values: readonly string[],
): { ok: true; audiences: string[] } | { ok: false; message: string; audiences: string[] } {
  const audiences = values
    .flatMap((value) => value.split(/\r?\n/))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (audiences.length > MAX_AUDIENCES) return { ok: false, message: AUDIENCE_TEXTS.tooMany, audiences };
  if (audiences.some((audience) => audience.length > MAX_AUDIENCE_LENGTH)) return { ok: false, message: AUDIENCE_TEXTS.tooLong, audiences };
  const seen = new Set<string>();
  for (const audience of audiences) {
    const key = audience.toLocaleLowerCase('en-US');
    if (seen.has(key)) return { ok: false, message: AUDIENCE_TEXTS.duplicate, audiences };
    seen.add(key);
  }
  return { ok: true, audiences };
}

export async function saveAudiences(deps: IndexDeps, community: string, audiences: readonly string[]): Promise<void> {
  await deps.db.ref(deps.paths.audience(community)).set(audiences.length > 0 ? [...audiences] : null);
}
