import { COMMUNITY_EXPORT_TEXTS, summaryOfCommunityExport } from '~/lib/community-export';
import { defineQueue, type JobSummary } from '../define';
import { CommunityExportJobSchema } from '../payloads';

/** The export's outcome in words (spec 02 §8): the success text and its Download button, or that no file came back. */
export function communityExportSummary(result: unknown): JobSummary {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const url = typeof value.url === 'string' && value.url !== '' ? value.url : null;
  if (!url) return { lines: [COMMUNITY_EXPORT_TEXTS.noFile], download: null };
  const communities = typeof value.communities === 'number' ? value.communities : 0;
  const files = typeof value.files === 'number' ? value.files : 0;
  return {
    lines: [COMMUNITY_EXPORT_TEXTS.success, summaryOfCommunityExport(communities, files)],
    download: { href: url, label: COMMUNITY_EXPORT_TEXTS.download },
  };
}

/** A failed export in words: nothing to export, else the spec's general failure. */
export function communityExportFailure(reason: string): string {
  return reason === COMMUNITY_EXPORT_TEXTS.noData ? reason : COMMUNITY_EXPORT_TEXTS.failed;
}

/** The community-export queue: communities' data as a zip (./community-export.ts), followed on the job-status page. */
export const communityExportQueue = defineQueue({
  name: 'community-export',
  schema: CommunityExportJobSchema,
  concurrency: 1,
  description: "Exports one or more communities' data as a zip of JSON files and stores it.",
  lockDurationMs: 30_000,
  load: async () => (await import('./community-export')).processCommunityExport,
  status: {
    title: COMMUNITY_EXPORT_TEXTS.jobTitle,
    community: (payload) => payload.community,
    summary: communityExportSummary,
    failure: communityExportFailure,
  },
});
