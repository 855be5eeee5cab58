import { PoolBusyError, PoolLimitError, PoolTaskError, runInPool } from '@server/pool';
import { IcsError } from './ics';
import type { FetchedEvents, ImportWindow } from './types';

/**
 * A feed's expansion into occurrences (expand.ts `icsEvents`) run in a thread of the server's
 * pool (server/pool, docs/decisions/013), never on the event loop of the process that imports:
 * a 600-byte RRULE can keep rrule iterating for minutes. Past the pool's time or heap limit the
 * thread is terminated and the feed is refused with FeedTooComplexError, an IcsError: the
 * import of that source changes nothing and its status says why.
 */

export const FEED_TOO_COMPLEX_MESSAGE = 'This feed is too complex to import.';
export const FEED_BUSY_MESSAGE = 'The server was too busy to read this feed; the next import tries again.';

export class FeedTooComplexError extends IcsError {
  constructor() {
    super(FEED_TOO_COMPLEX_MESSAGE);
    this.name = 'FeedTooComplexError';
  }
}

/** `icsEvents` in the pool: the same events, or IcsError (FeedTooComplexError past the limits). */
export async function icsEventsInPool(text: string, window: ImportWindow): Promise<FetchedEvents> {
  try {
    return await runInPool('ics-events', { text, window });
  } catch (error) {
    if (error instanceof PoolLimitError) throw new FeedTooComplexError();
    if (error instanceof PoolBusyError) throw new IcsError(FEED_BUSY_MESSAGE);
    if (error instanceof PoolTaskError && error.errorName === 'IcsError') throw new IcsError(error.message);
    throw error;
  }
}
