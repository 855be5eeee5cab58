import { STORAGE_SWEEP_EVERY_MS } from '@server/storage/sweep';
import { defineQueue } from '../define';
import { StorageSweepJobSchema } from '../payloads';

export { STORAGE_SWEEP_EVERY_MS };
/** The job scheduler's id (one per Redis prefix). */
export const STORAGE_SWEEP_SCHEDULER_ID = 'storage-sweep-schedule';

/** The storage-sweep queue: partial writes, old exports and unreferenced images removed on a schedule (./storage-sweep.ts). */
export const storageSweepQueue = defineQueue({
  name: 'storage-sweep',
  schema: StorageSweepJobSchema,
  concurrency: 1,
  description:
    'Removes partial writes left by killed workers and entries exports past their retention and images no record names after their grace period from file storage.',
  load: async () => (await import('./storage-sweep')).processStorageSweep,
});
