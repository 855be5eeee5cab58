import { EntryPdfGone, makeEntryPdf, type EntryPdfResult } from '@server/entries/pdf';
import { createPaths } from '@server/paths';
import { PermanentJobError } from '../errors';
import type { EntryPdfJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The entry-pdf processor (spec 02 "Guest entries": a form entry's PDF): the PDF made and stored
 * by server/entries/pdf.ts, its progress reported for the job-status page. The payload's fileKey
 * names the stored file, so a retry replaces what an earlier attempt stored. An entry or form
 * removed meanwhile fails the job for good.
 */
export async function processEntryPdf(payload: EntryPdfJobPayload, deps: JobDeps, job: JobContext): Promise<EntryPdfResult> {
  if (!deps.storage) throw new PermanentJobError("A form entry's PDF needs file storage.");
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  try {
    return await makeEntryPdf(
      { db: deps.db, paths, storage: deps.storage },
      {
        community: payload.community,
        item: payload.item,
        entryId: payload.entryId,
        fileKey: payload.fileKey,
        requestedAt: payload.requestedAt,
      },
      (percent, message) => job.reportProgress(percent, message),
    );
  } catch (error) {
    if (error instanceof EntryPdfGone) throw new PermanentJobError(error.message);
    throw error;
  }
}
