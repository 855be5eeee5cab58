import { createPaths } from '@server/paths';
import { makePrintout, PrintoutCalendarGone, type PrintoutResult } from '@server/printouts/make';
import { PermanentJobError } from '../errors';
import type { ActivitiesPrintoutJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The activities-printout processor (spec 02 "Activities printout"): the PDF made and stored by
 * server/printouts/make.ts, its progress reported for the job-status page. The payload's
 * fileKey names the stored file, so a retry replaces what an earlier attempt stored. A calendar deleted
 * meanwhile fails the job for good.
 */
export async function processActivitiesPrintout(
  payload: ActivitiesPrintoutJobPayload,
  deps: JobDeps,
  job: JobContext,
): Promise<PrintoutResult> {
  if (!deps.storage) throw new PermanentJobError('The activities printout needs file storage.');
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  try {
    return await makePrintout(
      { db: deps.db, paths, storage: deps.storage },
      {
        community: payload.community,
        calendarId: payload.calendarId,
        jobId: payload.fileKey,
        requestedAt: payload.requestedAt,
        options: payload.options,
      },
      (percent, message) => job.reportProgress(percent, message),
    );
  } catch (error) {
    if (error instanceof PrintoutCalendarGone) throw new PermanentJobError(error.message);
    throw error;
  }
}
