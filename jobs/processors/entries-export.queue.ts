import { EXPORT_TEXTS, summaryLine } from '~/lib/entries-export';
import { defineQueue, type JobSummary } from '../define';
import { EntriesExportJobSchema } from '../payloads';

/** The export's outcome in words (spec 02 §8): the success text and its Download button, or that no file came back. */
export function exportSummary(result: unknown): JobSummary {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const url = typeof value.url === 'string' && value.url !== '' ? value.url : null;
  if (!url) return { lines: [EXPORT_TEXTS.noFile], download: null };
  const entries = typeof value.entries === 'number' ? value.entries : 0;
  const files = typeof value.files === 'number' ? value.files : 0;
  return {
    lines: [EXPORT_TEXTS.success, summaryLine(String(value.kind), entries, files)],
    download: { href: url, label: EXPORT_TEXTS.download },
  };
}

/** A failed export in words: the form gone, too many files, else the spec's general failure. */
export function exportFailure(reason: string): string {
  if (reason === EXPORT_TEXTS.gone || reason === EXPORT_TEXTS.tooManyFiles) return reason;
  return EXPORT_TEXTS.failed;
}

/** The entries-export queue: a form's or hunt's entries as a zip (./entries-export.ts), followed on the job-status page. */
export const entriesExportQueue = defineQueue({
  name: 'entries-export',
  schema: EntriesExportJobSchema,
  concurrency: 2,
  description: "Exports a form's or hunt's entries (data, photos or files) as a zip and stores it.",
  // A zip of thousands of photos runs for minutes; the lock is renewed while it streams, and a
  // worker that dies is noticed within a minute (the lock, then the next stalled-job check).
  lockDurationMs: 30_000,
  load: async () => (await import('./entries-export')).processEntriesExport,
  status: {
    title: EXPORT_TEXTS.jobTitle,
    community: (payload) => payload.community,
    summary: exportSummary,
    failure: exportFailure,
  },
});
