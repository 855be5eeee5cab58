import { createHash } from 'node:crypto';
import type { DbValue } from '@server/db/types';
import { isObject, type EventDeps, type Updates } from '../records';
import { SKIP_REASONS, type ApplyImportResult, type ImportSource, type SkippedEvents } from './types';

/**
 * What staff see of an import source's runs (the config editor's Calendar Import Config): a small
 * record per calendar and source beside the calendar's config (`paths.calendarImportStatus`,
 * `{config}/importStatus/{key}`, the key a hash of the source's type and address, so reordering
 * the import list keeps it). The config editor's version covers only its form value, so a run
 * writing here never makes a staff edit a conflict.
 *
 * - `checkedAt`: when the last run ended; `error`: its failure in plain words, null when it worked.
 * - `importedAt`, `added`, `updated`, `removed`: the last run that worked (kept when a later one fails),
 *   with `skipped` (events of the feed it could not read, by reason) and `held` (events gone from
 *   the feed whose removal waits for the next run, removals.ts).
 */

export interface ImportStatus {
  checkedAt: number;
  error: string | null;
  importedAt: number | null;
  added: number;
  updated: number;
  removed: number;
  skipped: SkippedEvents;
  held: number;
}

/** The status record's key of a source (the same for the same type and address). */
export function importStatusKey(source: Pick<ImportSource, 'type' | 'calendarId'>): string {
  return `src-${createHash('sha256').update(`${source.type}\u0000${source.calendarId.trim()}`).digest('base64url').slice(0, 22)}`;
}

export type ImportOutcome =
  { ok: true; result: Omit<ApplyImportResult, 'updates'> & { skipped?: SkippedEvents } } | { ok: false; message: string };

/** The writes recording one run of a source. */
export function importStatusUpdates(
  deps: EventDeps,
  input: { community: string; calendarId: string; source: Pick<ImportSource, 'type' | 'calendarId'>; outcome: ImportOutcome; now: number },
): Updates {
  const base = deps.paths.calendarImportStatus(input.community, input.calendarId, importStatusKey(input.source));
  const fields: Record<string, DbValue> = input.outcome.ok
    ? {
        checkedAt: input.now,
        error: null,
        importedAt: input.now,
        added: input.outcome.result.created,
        updated: input.outcome.result.updated,
        removed: input.outcome.result.removed,
        skipped: input.outcome.result.skipped && Object.keys(input.outcome.result.skipped).length > 0 ? input.outcome.result.skipped : null,
        held: input.outcome.result.held ?? null,
      }
    : { checkedAt: input.now, error: input.outcome.message.slice(0, 500) };
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${base}/${field}`, value]));
}

export async function recordImportStatus(deps: EventDeps, input: Parameters<typeof importStatusUpdates>[1]): Promise<void> {
  await deps.db.ref().update(importStatusUpdates(deps, input));
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);
const time = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

function skippedOf(value: unknown): SkippedEvents {
  if (!isObject(value)) return {};
  const found: SkippedEvents = {};
  for (const reason of SKIP_REASONS) if (count(value[reason]) > 0) found[reason] = count(value[reason]);
  return found;
}

/** A stored status record as read (null when there is none or it is unreadable). */
export function readImportStatus(value: unknown): ImportStatus | null {
  if (!isObject(value)) return null;
  const checkedAt = time(value.checkedAt);
  if (checkedAt === null) return null;
  return {
    checkedAt,
    error: typeof value.error === 'string' && value.error !== '' ? value.error : null,
    importedAt: time(value.importedAt),
    added: count(value.added),
    updated: count(value.updated),
    removed: count(value.removed),
    skipped: skippedOf(value.skipped),
    held: count(value.held),
  };
}

/** The status of each given source of a calendar, by the source's address (sources never run are left out). */
export async function loadImportStatuses(
  deps: EventDeps,
  community: string,
  calendarId: string,
  sources: Array<Pick<ImportSource, 'type' | 'calendarId'>>,
): Promise<Map<string, ImportStatus>> {
  const stored = (await deps.db.ref(deps.paths.calendarImportStatuses(community, calendarId)).get()).val();
  const found = new Map<string, ImportStatus>();
  if (!isObject(stored)) return found;
  for (const source of sources) {
    const status = readImportStatus(stored[importStatusKey(source)]);
    if (status) found.set(source.calendarId, status);
  }
  return found;
}
