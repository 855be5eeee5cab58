import { z } from 'zod';

/**
 * The payload schema of every queue. Payloads are validated before they enter Redis and again
 * when a worker takes them (jobs/queues.ts parseJobPayload). Kept apart from the queue
 * declarations so a processor can name its payload's type without importing the registry.
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

export type EmailJobPayload = z.infer<typeof EmailJobSchema>;
export type CalendarImportJobPayload = z.infer<typeof CalendarImportJobSchema>;
export type NotificationJobPayload = z.infer<typeof NotificationJobSchema>;
