import { PRINTOUT_TEXTS } from '~/lib/printout';
import { defineQueue, type JobSummary } from '../define';
import { ActivitiesPrintoutJobSchema } from '../payloads';

/** The activities printout's outcome in words: what it holds and its download link. */
export function printoutSummary(result: unknown): JobSummary {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const events = typeof value.events === 'number' ? value.events : 0;
  const pages = typeof value.pages === 'number' ? value.pages : 0;
  const notes = Array.isArray(value.notes) ? value.notes.filter((note): note is string => typeof note === 'string') : [];
  const url = typeof value.url === 'string' && value.url !== '' ? value.url : null;
  return {
    lines: [PRINTOUT_TEXTS.summary(events, pages), ...notes],
    download: url ? { href: url, label: PRINTOUT_TEXTS.download } : null,
  };
}

/** The activities-printout queue: a calendar's printout as a PDF (./activities-printout.ts), followed on the job-status page. */
export const activitiesPrintoutQueue = defineQueue({
  name: 'activities-printout',
  schema: ActivitiesPrintoutJobSchema,
  concurrency: 2,
  description: "Makes a calendar's activities printout as a PDF and stores it.",
  load: async () => (await import('./activities-printout')).processActivitiesPrintout,
  status: {
    title: PRINTOUT_TEXTS.jobTitle,
    community: (payload) => payload.community,
    summary: printoutSummary,
    failure: (reason) => (reason === PRINTOUT_TEXTS.gone ? PRINTOUT_TEXTS.gone : PRINTOUT_TEXTS.failed),
  },
});
