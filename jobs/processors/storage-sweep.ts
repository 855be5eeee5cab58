import { sweepStorage, type SweepResult } from '@server/storage/sweep';
import type { StorageSweepJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The storage-sweep processor (docs/decisions/039): temp files of writes that died, and entries
 * exports and activities printouts past their retention, images no record names past their grace (decision 043), removed through the storage port (server/storage/sweep.ts).
 * A deployment without file storage has nothing to sweep.
 */
export async function processStorageSweep(_payload: StorageSweepJobPayload, deps: JobDeps, _job: JobContext): Promise<SweepResult> {
  if (!deps.storage) return { partialWrites: 0, exports: 0, printouts: 0, communityExports: 0, imports: 0, images: 0 };
  const result = await sweepStorage(deps.storage, Date.now(), { db: deps.db, paths: deps.paths });
  if (result.partialWrites + result.exports + result.printouts + result.communityExports + result.imports + result.images > 0) {
    deps.log.info(
      `Storage sweep: removed ${result.partialWrites} partial write(s), ${result.exports + result.communityExports} old export(s), ${result.imports} old import file(s), ${result.printouts} old printout(s) and ${result.images} unreferenced image(s).`,
    );
  }
  return result;
}
