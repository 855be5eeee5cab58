import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

/**
 * The queue registry: every queue the platform runs, with the zod schema of its payload.
 * Payloads are validated before they enter Redis and again when a worker takes them.
 */

/** A database key as Firebase allows it: no '.', '#', '$', '[', ']' or '/'. */
const DbKey = z
  .string()
  .min(1)
  .max(768)
  .regex(/^[^.#$[\]/\u0000-\u001f\u007f]+$/, 'must be a database key');

const ProductName = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a product name');

export const EmailJobSchema = z
  .object({
    /** The `{product}` root the e-mail queue item lives under. */
    product: ProductName,
    /** The item's key under `{product}/email-queue`. */
    queueKey: DbKey,
  })
  .strict();

export const CalendarImportJobSchema = z
  .object({
    product: ProductName,
    /** With calendarId: that calendar's imports; without: every calendar's (the schedule). */
    community: DbKey.optional(),
    calendarId: DbKey.optional(),
    /** Only this source (its key in the import list). */
    only: z.string().max(20).optional(),
  })
  .strict()
  .refine((value) => (value.community === undefined) === (value.calendarId === undefined), 'community and calendarId go together');

/** Where a message is stored (server/messages/dispatch.ts MessageTarget). */
export const MessageTargetSchema = z.discriminatedUnion('area', [
  z.object({ area: z.literal('community'), community: DbKey, list: z.enum(['messages', 'messages-scheduled']), key: DbKey }).strict(),
  z.object({ area: z.literal('system'), community: DbKey, list: z.enum(['messages', 'messages-scheduled']), key: DbKey }).strict(),
  z.object({ area: z.literal('personal'), community: DbKey, from: DbKey, to: DbKey, key: DbKey }).strict(),
]);

export const NotificationJobSchema = z
  .object({
    product: ProductName,
    target: MessageTargetSchema,
    /** The run this job delivers (ms): the record's nextScheduledRun ?? deliveryTime when queued. */
    due: z.number().int().min(0).max(8.64e15),
  })
  .strict();

export interface QueueDefinition {
  schema: z.ZodTypeAny;
  /** Jobs one worker process runs at once. */
  concurrency: number;
  description: string;
  /**
   * How long a running job's lock lasts (BullMQ's 30 s by default); a worker that dies holds its
   * jobs this long before another runs them again. The lock is renewed at half this time.
   */
  lockDurationMs?: number;
}

export const queueRegistry = {
  email: {
    schema: EmailJobSchema,
    concurrency: 5,
    description: 'Delivers one item of the e-mail queue through the mailer.',
  },
  'calendar-import': {
    schema: CalendarImportJobSchema,
    concurrency: 1,
    description: "Imports a calendar's configured sources (iCal, Google, The Events Calendar), or every calendar's on the schedule.",
  },
  notification: {
    schema: NotificationJobSchema,
    concurrency: 50,
    description: 'Delivers one run of a message: moves or copies it into the live list and pushes it.',
    // Short jobs: a killed worker's runs are taken over within seconds, not half a minute.
    lockDurationMs: 10_000,
  },
} as const satisfies Record<string, QueueDefinition>;

export type QueueName = keyof typeof queueRegistry;
export const QUEUE_NAMES = Object.keys(queueRegistry) as QueueName[];
export type JobPayload<N extends QueueName> = z.infer<(typeof queueRegistry)[N]['schema']>;

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
  const definition: QueueDefinition | undefined = isQueueName(name) ? queueRegistry[name] : undefined;
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

/** The BullMQ options of one job: the defaults, overridden by the caller's. */
export function jobOptionsFor(options: EnqueueOptions, defaults: JobsOptions = DEFAULT_JOB_OPTIONS): JobsOptions {
  const { jobId, delay, priority, attempts } = options;
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
  };
}
