import { sweepStorage, type SweepResult } from '@server/storage/sweep';
import type { StorageSweepJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The storage-sweep processor (docs/decisions/039): temp files of writes that died, and entries
 * exports and activities printouts past their retention, removed through the storage port (server/storage/sweep.ts).
 * A deployment without file storage has nothing to sweep.
 */
export async function processStorageSweep(_payload: StorageSweepJobPayload, deps: JobDeps, _job: JobContext): Promise<SweepResult> {
  if (!deps.storage) return { partialWrites: 0, exports: 0, printouts: 0, communityExports: 0, imports: 0 };
  const result = await sweepStorage(deps.storage);
  if (result.partialWrites + result.exports + result.printouts + result.communityExports + result.imports > 0) {
    deps.log.info(
      `Storage sweep: removed ${result.partialWrites} partial write(s), ${result.exports + result.communityExports} old export(s) and ${result.printouts} old printout(s).`,
    );
  }
  return result;
}
