import { ExportItemGone, makeEntriesExport, TooManyExportFiles, type ExportResult } from '@server/entries/export/make';
import { createPaths } from '@server/paths';
import { EXPORT_TEXTS } from '~/lib/entries-export';
import { PermanentJobError } from '../errors';
import type { EntriesExportJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The entries-export processor (spec 02 §4 export, export-photos, export-files): the zip made
 * and stored by server/entries/export/make.ts, its progress reported for the job-status page.
 * The payload's fileKey names the stored zip, so a retry (a worker killed half way) writes the
 * same object again, whole: one zip. A form deleted meanwhile, or more files than one zip
 * takes, fails the job for good.
 */
export async function processEntriesExport(payload: EntriesExportJobPayload, deps: JobDeps, job: JobContext): Promise<ExportResult> {
  if (!deps.storage) throw new PermanentJobError('The entries export needs file storage.');
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  try {
    return await makeEntriesExport(
      { db: deps.db, paths, storage: deps.storage },
      {
        community: payload.community,
        context: payload.context,
        itemKey: payload.itemKey,
        kind: payload.kind,
        filters: payload.filters,
        keys: payload.keys,
        requestedAt: payload.requestedAt,
        fileKey: payload.fileKey,
        expected: payload.expected,
      },
      (percent, message) => job.reportProgress(percent, message),
    );
  } catch (error) {
    if (error instanceof ExportItemGone) throw new PermanentJobError(EXPORT_TEXTS.gone);
    if (error instanceof TooManyExportFiles) throw new PermanentJobError(EXPORT_TEXTS.tooManyFiles);
    throw error;
  }
}
