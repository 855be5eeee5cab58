import { makeCommunityExport, NothingToExport, type CommunityExportResult } from '@server/exports/community';
import { createPaths } from '@server/paths';
import { COMMUNITY_EXPORT_TEXTS } from '~/lib/community-export';
import { PermanentJobError } from '../errors';
import type { CommunityExportJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The community-export processor (Resort System Management → Export; decision 044): the zip
 * made and stored by server/exports/community.ts, its progress reported for the job-status page.
 * The payload's fileKey names the stored zip, so a retry writes the same object again, whole.
 */
export async function processCommunityExport(
  payload: CommunityExportJobPayload,
  deps: JobDeps,
  job: JobContext,
): Promise<CommunityExportResult> {
  if (!deps.storage) throw new PermanentJobError('The community export needs file storage.');
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  try {
    return await makeCommunityExport(
      { db: deps.db, paths, storage: deps.storage },
      { owner: payload.community, communities: payload.communities, requestedAt: payload.requestedAt, fileKey: payload.fileKey },
      (percent, message) => job.reportProgress(percent, message),
    );
  } catch (error) {
    if (error instanceof NothingToExport) throw new PermanentJobError(COMMUNITY_EXPORT_TEXTS.noData);
    throw error;
  }
}
