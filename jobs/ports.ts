import type {
  ActivitiesPrintoutJobPayload,
  AiAssistantJobPayload,
  CalendarFeedJobPayload,
  CalendarImportJobPayload,
  CommunityExportJobPayload,
  EmailJobPayload,
  EntriesExportJobPayload,
  EntryPdfJobPayload,
  FlyerImageJobPayload,
  ListingImportJobPayload,
  NotificationJobPayload,
  StorageSweepJobPayload,
} from './payloads';

/**
 * The producer side of the job runtime, as the rest of the server sees it: the queue names, their
 * payloads and the enqueue port. It names only the payload schemas (jobs/payloads.ts), never the
 * queue registry or the processors, so server modules that queue jobs do not depend on the code
 * that runs them. jobs/queues.ts checks that its registry declares exactly these queues.
 */

/** Every queue's payload, by the queue's name. */
export interface JobPayloads {
  email: EmailJobPayload;
  'calendar-import': CalendarImportJobPayload;
  notification: NotificationJobPayload;
  'activities-printout': ActivitiesPrintoutJobPayload;
  'calendar-feed': CalendarFeedJobPayload;
  'entries-export': EntriesExportJobPayload;
  'community-export': CommunityExportJobPayload;
  'listing-import': ListingImportJobPayload;
  'listing-update': ListingImportJobPayload;
  'entry-pdf': EntryPdfJobPayload;
  'storage-sweep': StorageSweepJobPayload;
  'ai-assistant': AiAssistantJobPayload;
  'flyer-image': FlyerImageJobPayload;
}

export type QueueName = keyof JobPayloads;
export type JobPayload<N extends QueueName> = JobPayloads[N];

export interface EnqueueOptions {
  /**
   * A stable id makes the job idempotent: adding it again while a job with that id exists
   * changes nothing. Must not be an integer or contain ':'.
   */
  jobId?: string;
  /** Milliseconds to wait before the job may run. */
  delay?: number;
  /** 1 is the highest priority; unset runs in arrival order. */
  priority?: number;
  attempts?: number;
  /**
   * Coalesces jobs of one subject (BullMQ's deduplication, keeping the last add while one runs):
   * while a job with this id waits or is delayed, adding another changes nothing; while it runs,
   * one more is kept and queued when it finishes. So a burst gives one run, a change during a run
   * one run after it, and two jobs of one id never run at once.
   */
  deduplicationId?: string;
  /**
   * When a finished (completed or failed) job with this id is still kept, remove it first
   * so the job runs again. Used when rebuilding Redis from the database.
   */
  replaceFinished?: boolean;
}

export type EnqueueResult = { queued: true; jobId: string } | { queued: false; reason: string };

/** The producer side of the job runtime. */
export interface JobQueue {
  /**
   * Validates the payload (throws JobPayloadError) and adds the job. While Redis does not
   * answer it resolves to `{ queued: false }` instead of waiting; callers keep the truth in
   * the database and the job is added again when the workers start.
   */
  enqueue<N extends QueueName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<EnqueueResult>;
}
