import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';
import type { EnqueueOptions, JobPayload, JobPayloads, QueueName } from './ports';
import { activitiesPrintoutQueue } from './processors/activities-printout.queue';
import { aiAssistantQueue } from './processors/ai-assistant.queue';
import { calendarFeedQueue } from './processors/calendar-feed.queue';
import { calendarImportQueue } from './processors/calendar-import.queue';
import { communityExportQueue } from './processors/community-export.queue';
import { emailQueue } from './processors/email.queue';
import { entriesExportQueue } from './processors/entries-export.queue';
import { entryPdfQueue } from './processors/entry-pdf.queue';
import { flyerImageQueue } from './processors/flyer-image.queue';
import { listingImportQueue, listingUpdateQueue } from './processors/listing-import.queue';
import { notificationQueue } from './processors/notification.queue';
import { storageSweepQueue } from './processors/storage-sweep.queue';

export {
  ActivitiesPrintoutJobSchema,
  AiAssistantJobSchema,
  CalendarFeedJobSchema,
  CalendarImportJobSchema,
  CommunityExportJobSchema,
  EmailJobSchema,
  EntriesExportJobSchema,
  EntryPdfJobSchema,
  FlyerImageJobSchema,
  ListingImportJobSchema,
  MessageTargetSchema,
  NotificationJobSchema,
  StorageSweepJobSchema,
} from './payloads';
export type { QueueDefinition } from './define';
export type { EnqueueOptions, EnqueueResult, JobPayload, JobQueue, QueueName } from './ports';

/**
 * The queue registry: every queue the platform runs, each declared with its name, payload
 * schema, options and processor beside its processor's module (jobs/define.ts). The runtime starts
 * one worker per queue listed here. Payloads are validated before they enter Redis and again
 * when a worker takes them.
 */
const QUEUES = [
  emailQueue,
  calendarImportQueue,
  notificationQueue,
  calendarFeedQueue,
  activitiesPrintoutQueue,
  entriesExportQueue,
  communityExportQueue,
  listingImportQueue,
  listingUpdateQueue,
  entryPdfQueue,
  storageSweepQueue,
  aiAssistantQueue,
  flyerImageQueue,
] as const;

type Declared = (typeof QUEUES)[number];

export const queueRegistry = Object.fromEntries(QUEUES.map((queue) => [queue.name, queue])) as {
  readonly [D in Declared as D['name']]: D;
};

/** The registry declares exactly the queues of the port (jobs/ports.ts), each with the port's payload. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RegistryPayloads = { [N in keyof typeof queueRegistry]: z.infer<(typeof queueRegistry)[N]['schema']> };
const registryMatchesPort: Same<RegistryPayloads, JobPayloads> = true;
void registryMatchesPort;

export const QUEUE_NAMES = Object.keys(queueRegistry) as QueueName[];
export type JobResult<N extends QueueName> = Awaited<ReturnType<Awaited<ReturnType<(typeof queueRegistry)[N]['load']>>>>;

export function isQueueName(name: string): name is QueueName {
  return Object.hasOwn(queueRegistry, name);
}

export class JobPayloadError extends Error {
  constructor(
    readonly queue: string,
    readonly issues: z.ZodIssue[],
  ) {
    super(
      `Invalid payload for the ${queue} queue: ${issues.map((issue) => `${issue.path.join('.') || 'payload'} ${issue.message}`).join('; ')}`,
    );
    this.name = 'JobPayloadError';
  }
}

/** The payload checked against its queue's schema; throws JobPayloadError. */
export function parseJobPayload<N extends QueueName>(name: N, payload: unknown): JobPayload<N> {
  const definition: { schema: z.ZodTypeAny } | undefined = isQueueName(name) ? queueRegistry[name] : undefined;
  if (!definition) throw new JobPayloadError(String(name), [{ code: 'custom', path: [], message: 'names no queue' }]);
  const result = definition.schema.safeParse(payload);
  if (!result.success) throw new JobPayloadError(name, result.error.issues);
  return result.data as JobPayload<N>;
}

/**
 * Every job retries with exponential backoff (5 s, 10 s, 20 s, 40 s); finished jobs are
 * kept for a while so pages can show their outcome, then trimmed.
 */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
} as const satisfies JobsOptions;

/** The BullMQ options of one job: the defaults, overridden by the caller's. */
export function jobOptionsFor(options: EnqueueOptions, defaults: JobsOptions = DEFAULT_JOB_OPTIONS): JobsOptions {
  const { jobId, delay, priority, attempts, deduplicationId } = options;
  if (jobId !== undefined) {
    if (jobId === '' || String(parseInt(jobId, 10)) === jobId || jobId.includes(':')) {
      throw new Error(`Job id "${jobId}" must be a non-empty string that is not an integer and has no ':'`);
    }
  }
  return {
    ...defaults,
    ...(jobId !== undefined ? { jobId } : {}),
    ...(delay !== undefined ? { delay: Math.max(0, delay) } : {}),
    ...(priority !== undefined ? { priority } : {}),
    ...(attempts !== undefined ? { attempts } : {}),
    ...(deduplicationId !== undefined ? { deduplication: { id: deduplicationId, keepLastIfActive: true } } : {}),
  };
}
