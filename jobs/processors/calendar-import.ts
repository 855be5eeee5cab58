import { calendarsWithImports, runCalendarImports, type SourceRun } from '@server/events/import/run';
import { calendarImportPort } from '@server/events/import/sources';
import { createPaths } from '@server/paths';
import type { JobPayload } from '../queues';
import type { JobContext, JobDeps } from '../types';

/**
 * The calendar-import queue (spec 02 §3 calendar imports): a job naming a calendar imports its
 * sources (the config editor's request); a job without one, the schedule's, imports every
 * calendar that has sources, one after another, reporting progress. A source that cannot be
 * read is reported in the result and does not fail the job (the next run tries again); a
 * database failure fails it and BullMQ retries. Re-runs are idempotent (server/events/import/apply.ts).
 */

/** How often the schedule runs every calendar's imports. */
export const CALENDAR_IMPORT_EVERY_MS = 60 * 60 * 1000;
/** The job scheduler's id (one per Redis prefix). */
export const CALENDAR_IMPORT_SCHEDULER_ID = 'calendar-import-schedule';

export interface CalendarImportJobResult {
  calendars: Array<{ community: string; calendarId: string; sources: SourceRun[] }>;
}

export async function processCalendarImport(
  payload: JobPayload<'calendar-import'>,
  deps: JobDeps,
  job: JobContext,
  clock: () => number = Date.now,
): Promise<CalendarImportJobResult> {
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  const importDeps = { db: deps.db, paths, imports: deps.calendarImports ?? calendarImportPort() };
  const targets =
    payload.community !== undefined && payload.calendarId !== undefined
      ? [{ community: payload.community, calendarId: payload.calendarId }]
      : await calendarsWithImports(importDeps);
  const calendars: CalendarImportJobResult['calendars'] = [];
  for (const [index, target] of targets.entries()) {
    const sources = await runCalendarImports(importDeps, {
      ...target,
      now: clock(),
      ...(payload.only !== undefined ? { only: payload.only } : {}),
    });
    for (const source of sources)
      if (!source.ok) deps.log.warn(`Calendar import ${target.community}/${target.calendarId} (${source.type}): ${source.message}`);
    calendars.push({ ...target, sources });
    await job.reportProgress(((index + 1) / targets.length) * 100, `${index + 1} of ${targets.length} calendars`);
  }
  return { calendars };
}
