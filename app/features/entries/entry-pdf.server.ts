import { redirect } from '@remix-run/node';
import { openEntryPdf } from '@server/entries/pdf';
import { notFound } from '@server/http/responses';
import { jobStatusPaths } from '~/components/job-progress/paths';
import { ENTRY_PDF_TEXTS } from '~/lib/entry-pdf';
import { hrefs } from '~/lib/hrefs';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';
import { readEntry } from './entry.server';
import { resolveEntries } from './resolve.server';

type Params = Record<string, string | undefined>;

/**
 * `/scrollerEntries/:context/view/:itemId/entry/:entryId/pdf`, the entry view's download link
 * (spec 02 "Guest entries"): staff who may see the entries get the stored PDF, or the job that
 * makes it (server/entries/pdf.ts) on its job-status page, which ends in the download. Hunt
 * entries have no PDF. While the jobs cannot be reached, the entry again with a word on it.
 */
export async function entryPdf(request: Request, params: Params): Promise<Response> {
  const list = await resolveEntries(request, params);
  if (list.item.kind === 'hunt') throw notFound();
  const entryId = params.entryId ?? '';
  const entry = await readEntry(list, entryId);
  const services = await getServices();
  const entryHref = `${hrefs.scrollerEntry(list.item.context, list.item.key, entryId)}${new URL(request.url).search}`;
  const link = await openEntryPdf(services, {
    community: list.staff.community,
    item: list.item.key,
    entryId,
    entry,
    uid: list.staff.user.uid,
    now: Date.now(),
  });
  switch (link.kind) {
    case 'stored':
      return redirect(link.url);
    case 'queued':
      return redirect(jobStatusPaths.page('entry-pdf', link.jobId, entryHref));
    case 'unavailable':
      return redirectWithToast(request, entryHref, { kind: 'error', message: ENTRY_PDF_TEXTS.cannotQueue });
  }
}
