import { importSummaryLines, LISTING_IMPORT_TEXTS } from '~/lib/listing-import';
import { defineQueue, type JobSummary } from '../define';
import { ListingImportJobSchema } from '../payloads';

/** What the import did, in words, with a link to the list. */
export function listingImportSummary(result: unknown): JobSummary {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const count = (name: string) => (typeof value[name] === 'number' ? (value[name] as number) : 0);
  const mode = value.mode === 'update' ? 'update' : 'import';
  const lines = importSummaryLines({
    mode,
    created: count('created'),
    updated: count('updated'),
    already: count('already'),
    skipped: count('skipped'),
    conflicts: count('conflicts'),
  });
  const href = typeof value.listHref === 'string' && value.listHref.startsWith('/') ? value.listHref : null;
  return { lines, download: href ? { href, label: 'Open the list', page: true } : null };
}

export function listingImportFailure(reason: string): string {
  return reason === LISTING_IMPORT_TEXTS.fileGone || reason === LISTING_IMPORT_TEXTS.noList ? reason : LISTING_IMPORT_TEXTS.failed;
}

/** The listing-import queue: a CSV's rows added to a list or written over its listings (./listing-import.ts). */
export const listingImportQueue = defineQueue({
  name: 'listing-import',
  schema: ListingImportJobSchema,
  concurrency: 1,
  description: "Adds a CSV file's rows to a list as listings, or updates the list's listings from it.",
  load: async () => (await import('./listing-import')).processListingImport,
  status: {
    title: LISTING_IMPORT_TEXTS.importJobTitle,
    community: (payload) => payload.community,
    summary: listingImportSummary,
    failure: listingImportFailure,
  },
});

/** The same job for Update Data, on a queue of its own so its page has its own title. */
export const listingUpdateQueue = defineQueue({
  name: 'listing-update',
  schema: ListingImportJobSchema,
  concurrency: 1,
  description: "Updates a list's listings from a CSV file's rows, matched by title and address.",
  load: async () => (await import('./listing-import')).processListingImport,
  status: {
    title: LISTING_IMPORT_TEXTS.updateJobTitle,
    community: (payload) => payload.community,
    summary: listingImportSummary,
    failure: listingImportFailure,
  },
});
