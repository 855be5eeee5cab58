import { z } from 'zod';
import { FLYER_LIMITS } from '~/lib/design';
import { FlyerElementSchema } from '~/schemas/flyer';

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

/** A calendar whose iCal feed is (re)built, or removed when the calendar is gone (./processors/calendar-feed.ts). */
export const CalendarFeedJobSchema = z
  .object({
    community: DbKey,
    calendarId: DbKey,
  })
  .strict();

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

/** A calendar day as the printout's options carry it. */
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day (YYYY-MM-DD)');
/** Sanitized rich text: the form allows 20,000 characters, which the sanitizer may lengthen (links gain rel and target). */
const RichHtml = z.string().max(150_000);

/** What an activities printout is made of (the form, checked; app/schemas/printout.ts). */
export const PrintoutOptionsSchema = z
  .object({
    start: IsoDay,
    end: IsoDay,
    type: z.enum(['daily', 'agenda', 'column']),
    eventsPerColumn: z.number().int().min(1).max(40).nullable(),
    titleFontSize: z.number().int().min(6).max(16),
    textFontSize: z.number().int().min(6).max(16),
    headerText: z.string().max(200),
    headerDrawable: z.string().max(2_000),
    headerScrim: z.boolean(),
    scrimFade: z.boolean(),
    rightColumnTitle: z.string().max(100),
    rightColumnContent: RichHtml,
    leftSectionContent: RichHtml,
    midSectionContent: RichHtml,
    rightSectionContent: RichHtml,
    footerContent: RichHtml,
  })
  .strict();

export const ActivitiesPrintoutJobSchema = z
  .object({
    product: ProductName,
    community: DbKey,
    calendarId: DbKey,
    options: PrintoutOptionsSchema,
    /** The uid of the staff member who asked for it. */
    requestedBy: DbKey,
    /** When it was asked for (ms): the PDF's date. */
    requestedAt: z.number().int().min(0).max(8.64e15),
    /** Names the stored PDF (random: the file's path is its capability) and the job. */
    fileKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'must be a file key'),
  })
  .strict();

/** The filters of an entries list as the export carries them (server/listing/filters.ts ListFilters). */
const EntryFiltersSchema = z
  .object({
    text: z.string().max(200).optional(),
    start: z.number().finite().optional(),
    end: z.number().finite().optional(),
    view: z.enum(['active', 'archive']).optional(),
    person: z.string().max(200).optional(),
    eventId: DbKey.optional(),
    endDayStart: z.number().finite().optional(),
  })
  .strict();

/** An export of guest entries (server/entries/export/make.ts): their data, photos or files as a zip. */
export const EntriesExportJobSchema = z
  .object({
    product: ProductName,
    community: DbKey,
    context: z.enum(['custom-forms', 'forms', 'feedback', 'hunts']),
    itemKey: DbKey,
    kind: z.enum(['data', 'photos', 'files']),
    filters: EntryFiltersSchema,
    /** The rows ticked (at most the 1,000 a list form posts), or null for every entry the filters match. */
    keys: z.array(DbKey).max(1000).nullable(),
    /** The entries counted when it was asked for (the progress bar's whole). */
    expected: z.number().int().min(0).max(10_000_000),
    requestedBy: DbKey,
    /** When it was asked for (ms): the zip's name (MM-DD-YYYY-hh-mm-A in the community's zone). */
    requestedAt: z.number().int().min(0).max(8.64e15),
    /** Names the stored zip's folder (random: the file's path is its capability). */
    fileKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'must be a file key'),
  })
  .strict();

/** A community export (./processors/community-export.ts; decision 044): communities' data as one zip. */
export const CommunityExportJobSchema = z
  .object({
    product: ProductName,
    /** The community the person had selected: whose staff follow the job, whose folder keeps the zip. */
    community: DbKey,
    /** The communities exported (one, or several for a resort system admin). */
    communities: z.array(DbKey).min(1).max(500),
    requestedBy: DbKey,
    /** When it was asked for (ms): the zip's name (MM-DD-YYYY-hh-mm-A in the community's zone). */
    requestedAt: z.number().int().min(0).max(8.64e15),
    /** Names the stored zip's folder (random: the file's path is its capability). */
    fileKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'must be a file key'),
  })
  .strict();

/** A column of the file for each listing field (an index into its header), or null (decision 044). */
const ImportColumn = z.number().int().min(0).max(49).nullable();

/** A listing import or data update from an uploaded CSV (./processors/listing-import.ts; decision 044). */
export const ListingImportJobSchema = z
  .object({
    product: ProductName,
    community: DbKey,
    /** The list (section node of the community) the listings go into or are matched in. */
    section: DbKey,
    mode: z.enum(['import', 'update']),
    /** The stored file ({community}/imports/{fileKey}.csv). */
    fileKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'must be a file key'),
    mapping: z
      .object({
        title: ImportColumn,
        address: ImportColumn,
        city: ImportColumn,
        state: ImportColumn,
        zip: ImportColumn,
        latitude: ImportColumn,
        longitude: ImportColumn,
        phone: ImportColumn,
        website: ImportColumn,
        description: ImportColumn,
        /** Jobs queued before the Place ID column have none: not mapped. */
        placeId: ImportColumn.default(null),
      })
      .strict(),
    requestedBy: DbKey,
    requestedAt: z.number().int().min(0).max(8.64e15),
  })
  .strict();

/** A guest form entry whose PDF is made and stored (./processors/entry-pdf.ts). */
export const EntryPdfJobSchema = z
  .object({
    product: ProductName,
    community: DbKey,
    /** The form (custom-forms/{item}). */
    item: DbKey,
    entryId: DbKey,
    /** The uid of the staff member who asked for it. */
    requestedBy: DbKey,
    /** When it was asked for (ms): the PDF's date and the status's 'as of'. */
    requestedAt: z.number().int().min(0).max(8.64e15),
    /** Names the stored PDF (random: the file's path is its capability). */
    fileKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'must be a file key'),
  })
  .strict();

/** The storage sweep (./processors/storage-sweep.ts): nothing to say, the schedule runs it. */
export const StorageSweepJobSchema = z.object({}).strict();

export type StorageSweepJobPayload = z.infer<typeof StorageSweepJobSchema>;

/** A run of the AI writing assistant (server/assistant/run.ts): drafts for a stored prompt, saved as its responses. */
export const AiAssistantJobSchema = z
  .object({
    product: ProductName,
    community: DbKey,
    /** Whose history the prompt is in. */
    uid: DbKey,
    assistantPath: z.enum(['events', 'hunts']),
    promptKey: DbKey,
    prompt: z.string().min(1).max(1000),
    appType: z.enum(['resort', 'city']).nullable(),
    /** What the item already says (its title, place and date as the editor shows them). */
    context: z
      .object({ title: z.string().max(200).optional(), location: z.string().max(300).optional(), when: z.string().max(100).optional() })
      .strict(),
    requestedAt: z.number().int().min(0).max(8.64e15),
  })
  .strict();

export type AiAssistantJobPayload = z.infer<typeof AiAssistantJobSchema>;

/** A flyer background made by the AI image port and put into the community's flyer history (./processors/flyer-image.ts). */
export const FlyerImageJobSchema = z
  .object({
    product: ProductName,
    community: DbKey,
    prompt: z.string().min(1).max(4000),
    orientation: z.enum(['portrait', 'landscape']),
    /** The history entry's title and tags. */
    title: z.string().max(120),
    tags: z.array(z.string().max(30)).max(47),
    /** The designer page the finished job leads back to (`?use={key}` added). */
    back: z
      .string()
      .max(600)
      .regex(/^\/create-flyer(-remote)?(\/event)?(\?[^\s]*)?$/, 'must be a flyer designer address'),
    requestedBy: DbKey,
    requestedAt: z.number().int().min(0).max(8.64e15),
    /** The history entry's key, chosen when queued: a retried job finds its entry instead of adding a second one. */
    historyKey: DbKey.optional(),
    /**
     * The designer's elements when Generate Image was pressed (the form's shape, app/schemas/flyer.ts),
     * kept on the history entry so the designer comes back with them (absent: the page's defaults).
     */
    elements: z.array(FlyerElementSchema).max(FLYER_LIMITS.elements).optional(),
  })
  .strict();

export type FlyerImageJobPayload = z.infer<typeof FlyerImageJobSchema>;
export type EntriesExportJobPayload = z.infer<typeof EntriesExportJobSchema>;
export type CommunityExportJobPayload = z.infer<typeof CommunityExportJobSchema>;
export type ListingImportJobPayload = z.infer<typeof ListingImportJobSchema>;
export type EmailJobPayload = z.infer<typeof EmailJobSchema>;
export type CalendarImportJobPayload = z.infer<typeof CalendarImportJobSchema>;
export type NotificationJobPayload = z.infer<typeof NotificationJobSchema>;
export type PrintoutOptions = z.infer<typeof PrintoutOptionsSchema>;
export type ActivitiesPrintoutJobPayload = z.infer<typeof ActivitiesPrintoutJobSchema>;
export type CalendarFeedJobPayload = z.infer<typeof CalendarFeedJobSchema>;
export type EntryPdfJobPayload = z.infer<typeof EntryPdfJobSchema>;
