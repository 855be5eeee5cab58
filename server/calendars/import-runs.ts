import { importSourcesOf } from '@server/events/import/apply';
import { communityTimeZone, isUploadedSource } from '@server/events/import/run';
import { loadImportStatuses, type ImportStatus } from '@server/events/import/status';
import { SKIP_REASONS } from '@server/events/import/types';
import { CALENDAR_SCREEN_TEXTS } from '~/lib/calendars';
import { formatDate, formatTime } from '~/lib/date-time';
import type { CalendarDeps } from './records';

/** A saved import's last run as staff read it, and whether it can be fetched now (not upload-fed). */
export interface ImportRunView {
  lines: string[];
  failed: boolean;
  importNow: boolean;
}

/** The last run of each saved import source, in the community's zone (spec 03 §9 MM/dd/yyyy hh:mm aa). */
export async function importRunsOf(
  deps: CalendarDeps,
  community: string,
  calendarId: string,
  stored: Record<string, unknown>,
): Promise<Record<string, ImportRunView>> {
  const sources = importSourcesOf(stored);
  if (sources.length === 0) return {};
  const [statuses, timeZone] = await Promise.all([
    loadImportStatuses(deps, community, calendarId, sources),
    communityTimeZone(deps, community),
  ]);
  const when = (ms: number) => `${formatDate(ms, timeZone)} ${formatTime(ms, timeZone)}`;
  const runs: Record<string, ImportRunView> = {};
  for (const source of sources)
    runs[source.calendarId] = { ...runLines(statuses.get(source.calendarId), when), importNow: !isUploadedSource(source) };
  return runs;
}

export function runLines(status: ImportStatus | undefined, when: (ms: number) => string): Omit<ImportRunView, 'importNow'> {
  if (!status) return { lines: [CALENDAR_SCREEN_TEXTS.importNever], failed: false };
  const lines: string[] = [];
  if (status.error !== null) lines.push(CALENDAR_SCREEN_TEXTS.importFailed(when(status.checkedAt), status.error));
  if (status.importedAt !== null) {
    lines.push(CALENDAR_SCREEN_TEXTS.importLast(when(status.importedAt), status.added, status.updated, status.removed));
    for (const reason of SKIP_REASONS) {
      const count = status.skipped[reason] ?? 0;
      if (count > 0) lines.push(CALENDAR_SCREEN_TEXTS.importSkipped(count, CALENDAR_SCREEN_TEXTS.skipReasons[reason]));
    }
    if (status.held > 0) lines.push(CALENDAR_SCREEN_TEXTS.importHeld(status.held));
  }
  return { lines, failed: status.error !== null };
}
