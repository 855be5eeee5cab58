import { ENTRY_PDF_TEXTS } from '~/lib/entry-pdf';
import { defineQueue, type JobSummary } from '../define';
import { EntryPdfJobSchema } from '../payloads';

/** A form entry's PDF in words: its pages, what was left out, and its download link. */
export function entryPdfSummary(result: unknown): JobSummary {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const pages = typeof value.pages === 'number' ? value.pages : 0;
  const notes = Array.isArray(value.notes) ? value.notes.filter((note): note is string => typeof note === 'string') : [];
  const url = typeof value.url === 'string' && value.url !== '' ? value.url : null;
  return {
    lines: [ENTRY_PDF_TEXTS.summary(pages), ...notes],
    download: url ? { href: url, label: ENTRY_PDF_TEXTS.download } : null,
  };
}

/** The entry-pdf queue: a guest form entry's PDF (./entry-pdf.ts), followed on the job-status page. */
export const entryPdfQueue = defineQueue({
  name: 'entry-pdf',
  schema: EntryPdfJobSchema,
  concurrency: 2,
  description: "Makes a guest form entry's PDF and stores it.",
  load: async () => (await import('./entry-pdf')).processEntryPdf,
  status: {
    title: ENTRY_PDF_TEXTS.jobTitle,
    community: (payload) => payload.community,
    summary: entryPdfSummary,
    failure: (reason) => (reason === ENTRY_PDF_TEXTS.gone ? ENTRY_PDF_TEXTS.gone : ENTRY_PDF_TEXTS.failed),
  },
});
