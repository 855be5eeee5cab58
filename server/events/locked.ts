import { importSourcesOf } from './import/apply';
import { calendarsOf, isImported, type EventDeps } from './records';

/**
 * An imported event's locked fields (IMPORT_LOCKED_FIELDS, spec 02 §4 imported events) belong to
 * the calendar feed that set them: the editor shows them read-only with the feed's name, and a
 * save keeps them as stored whatever is posted (save.ts `unlockedFields`).
 */
export interface ImportLock {
  /** The feed's title in the calendar's import list, else its address or id; '' when no source lists it any more. */
  source: string;
}

/** The lock of a stored event, null when it was not imported. */
export async function importLockOf(
  deps: EventDeps,
  community: string,
  calendarId: string,
  stored: Record<string, unknown> | null,
): Promise<ImportLock | null> {
  if (!stored || !isImported(stored)) return null;
  const sourceId = typeof stored.calendarId === 'string' ? stored.calendarId.trim() : '';
  for (const calendar of new Set([calendarId, ...calendarsOf(stored, community)])) {
    const imports: unknown = (await deps.db.ref(deps.paths.calendarImports(community, calendar)).get()).val();
    const source = importSourcesOf({ import: imports }).find((candidate) => candidate.calendarId === sourceId);
    if (source) return { source: source.title.trim() || source.calendarId };
  }
  return { source: sourceId };
}
