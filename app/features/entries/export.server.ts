import { createHash, randomUUID } from 'node:crypto';
import { data as answer, redirect } from '@remix-run/node';
import { z } from 'zod';
import { entryFiles, type ExportKind } from '@server/entries/export/files';
import { entryPredicate } from '@server/entries/rules';
import { readEntries } from '@server/entries/store';
import { viewJobStatus, type JobStatusView } from '@server/jobs/status';
import type { ListFilters } from '@server/listing';
import { isValidKey } from '~/lib/db-key';
import { EXPORT_INTENTS, EXPORT_TEXTS, type ExportIntent } from '~/lib/entries-export';
import { hrefs } from '~/lib/hrefs';
import { listUrls } from '~/lib/listing/urls';
import { getServices } from '~/services.server';
import type { ResolvedEntries } from './resolve.server';

/**
 * Export, Export Photos and Export Files of the entries screen (spec 02 §4 "Listing actions",
 * "Analytics / export", §5 "Export with no rows", §8): the rows ticked, every row of select-all,
 * or (nothing ticked) every entry of the current view and filters. Nothing to export answers
 * 'No data to export' (title Error) and queues nothing; else an `entries-export` job is queued
 * (docs/decisions/034) and followed: with JavaScript in the screen's waiting dialog (the post
 * carries `dialog=1` and the answer is the job's status), without it on the job-status page.
 */

/** Rows a list form may name one by one (as Delete Selected, app/features/listing/list.server.ts). */
const MAX_POSTED_KEYS = 1000;

const KeySchema = z.string().max(768).refine(isValidKey, 'Not a valid item key.');

export const ExportSchema = z.object({
  intent: z.enum(['export', 'export-photos', 'export-files']),
  key: z.array(KeySchema).max(MAX_POSTED_KEYS).default([]),
  all: z.literal('1').optional(),
  /** Posted by the screen's script: answer with the job's status instead of leading to its page. */
  dialog: z.literal('1').optional(),
});

export type ExportActionData =
  { kind: 'export-error'; title: string; text: string } | { kind: 'export-job'; job: JobStatusView; back: string };

export const isExportIntent = (value: unknown): value is ExportIntent => typeof value === 'string' && Object.hasOwn(EXPORT_INTENTS, value);

/** Same request within the same minute (the zip's name, MM-DD-YYYY-hh-mm-A): the same job. */
export function exportJobId(parts: {
  community: string;
  context: string;
  item: string;
  kind: ExportKind;
  filters: ListFilters;
  keys: readonly string[] | null;
  uid: string;
  now: number;
}): string {
  const minute = Math.floor(parts.now / 60_000);
  const filters = Object.fromEntries(Object.entries(parts.filters).sort(([a], [b]) => (a < b ? -1 : 1)));
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        parts.community,
        parts.context,
        parts.item,
        parts.kind,
        filters,
        parts.keys ? [...parts.keys].sort() : null,
        parts.uid,
        minute,
      ]),
    )
    .digest('hex')
    .slice(0, 40);
  return `entries-export--${digest}`;
}

/** What the export filters carry into the job (the list's own filters, none of its internals). */
function jobFilters(filters: ListFilters): ListFilters {
  const { text, start, end, view, person, eventId, endDayStart } = filters;
  const kept: ListFilters = { text, start, end, view, person, eventId, endDayStart };
  return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined && value !== '')) as ListFilters;
}

/** The export's answer; `filters` are the list's, as its address gives them (the route reads them). */
export async function exportAction(request: Request, list: ResolvedEntries, formData: FormData, filters: ListFilters) {
  const parsed = ExportSchema.safeParse({
    intent: formData.get('intent'),
    key: formData.getAll('key'),
    all: formData.get('all') ?? undefined,
    dialog: formData.get('dialog') ?? undefined,
  });
  if (!parsed.success) {
    return answer<ExportActionData>(
      { kind: 'export-error', title: EXPORT_TEXTS.noDataTitle, text: EXPORT_TEXTS.selectionUnreadable },
      { status: 400 },
    );
  }
  const url = new URL(request.url);
  const services = await getServices();
  const kind = EXPORT_INTENTS[parsed.data.intent];
  const ticked = parsed.data.all === '1' || parsed.data.key.length === 0 ? null : [...new Set(parsed.data.key)];
  const exported = jobFilters(filters);

  // The rows the export will hold, counted as the list reads them (an item's entries are read whole there too).
  const community = list.staff.community;
  const matches = entryPredicate(exported);
  const only = ticked ? new Set(ticked) : null;
  const rows = (await readEntries(services, community, list.item.node, list.item.key)).filter(
    (row) => (!only || only.has(row.key)) && matches(row.key, row.item),
  );
  const hasData = kind === 'data' ? rows.length > 0 : rows.some((row) => entryFiles(list.item, community, row.item, kind).length > 0);
  if (!hasData) {
    return answer<ExportActionData>({ kind: 'export-error', title: EXPORT_TEXTS.noDataTitle, text: EXPORT_TEXTS.noData }, { status: 400 });
  }

  const now = Date.now();
  const jobId = exportJobId({
    community,
    context: list.item.context,
    item: list.item.key,
    kind,
    filters: exported,
    keys: ticked,
    uid: list.staff.user.uid,
    now,
  });
  const queued = await services.jobs.enqueue(
    'entries-export',
    {
      product: services.paths.product(),
      community,
      context: list.item.context,
      itemKey: list.item.key,
      kind,
      filters: exported,
      keys: ticked,
      expected: rows.length,
      requestedBy: list.staff.user.uid,
      requestedAt: now,
      fileKey: randomUUID(),
    },
    { jobId, attempts: 3 },
  );
  if (!queued.queued) {
    return answer<ExportActionData>({ kind: 'export-error', title: EXPORT_TEXTS.noDataTitle, text: EXPORT_TEXTS.failed }, { status: 503 });
  }
  const back = listUrls(list.location, url.searchParams).list;
  if (parsed.data.dialog !== '1') throw redirect(hrefs.jobStatus('entries-export', queued.jobId, { back }));
  const view = await viewJobStatus(services, { queue: 'entries-export', id: queued.jobId, communities: [community] });
  const job: JobStatusView = view ?? {
    queue: 'entries-export',
    id: queued.jobId,
    title: EXPORT_TEXTS.jobTitle,
    state: 'waiting',
    percent: 0,
    message: null,
    lines: [],
    download: null,
    error: null,
  };
  return answer<ExportActionData>({ kind: 'export-job', job, back });
}
