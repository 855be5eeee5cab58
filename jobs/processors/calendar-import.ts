import { calendarsWithImports, runCalendarImports, type SourceRun } from '@server/events/import/run';
import { calendarImportPort } from '@server/events/import/sources';
import { createPaths } from '@server/paths';
import type { CalendarImportJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The calendar-import processor (spec 02 §3 calendar imports): a job naming a calendar imports its
 * sources (the config editor's request); a job without one, the schedule's, imports every
 * calendar that has sources, one after another, reporting progress. A source that cannot be
 * read, or that fails on anything else, is reported in the result and does not fail the job
 * (the next run tries again); a database failure of one calendar is logged, the calendars after
 * it are still imported, and then the job fails so BullMQ retries. Re-runs are idempotent (server/events/import/apply.ts).
 */

export interface CalendarImportJobResult {
  calendars: Array<{ community: string; calendarId: string; sources: SourceRun[] }>;
}

export async function processCalendarImport(
  payload: CalendarImportJobPayload,
  deps: JobDeps,
  job: JobContext,
  clock: () => number = Date.now,
): Promise<CalendarImportJobResult> {
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  // The feeds of the calendars an import changes are rebuilt by calendar-feed jobs (server/events/feed/requests.ts).
  const importDeps = {
    db: deps.db,
    paths,
    imports: deps.calendarImports ?? calendarImportPort(),
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
  };
  const named = payload.community !== undefined && payload.calendarId !== undefined;
  const targets = named ? [{ community: payload.community!, calendarId: payload.calendarId! }] : await calendarsWithImports(importDeps);
  const onSource = named
    ? (done: number, total: number) => job.reportProgress((done / total) * 100, `${done} of ${total} imports`)
    : undefined;
  const calendars: CalendarImportJobResult['calendars'] = [];
  const failed: string[] = [];
  for (const [index, target] of targets.entries()) {
    let sources: SourceRun[];
    try {
      sources = await runCalendarImports(importDeps, {
        ...target,
        now: clock(),
        ...(payload.only !== undefined ? { only: payload.only } : {}),
        ...(onSource ? { onSource } : {}),
      });
    } catch (error) {
      // The database failed for this calendar: the calendars after it are still imported, then the job fails.
      deps.log.error(`Calendar import ${target.community}/${target.calendarId} failed: ${String(error)}`);
      failed.push(`${target.community}/${target.calendarId}`);
      sources = [];
    }
    for (const source of sources)
      if (!source.ok)
        deps.log.warn(
          `Calendar import ${target.community}/${target.calendarId} (${source.type}): ${source.message}${source.cause ? ` (${source.cause})` : ''}`,
        );
    calendars.push({ ...target, sources });
    // A named calendar's sources reported their own progress.
    if (!onSource || sources.length === 0)
      await job.reportProgress(((index + 1) / targets.length) * 100, `${index + 1} of ${targets.length} calendars`);
  }
  if (failed.length > 0) throw new Error(`Calendar imports failed for ${failed.join(', ')}; the others were imported.`);
  return { calendars };
}
