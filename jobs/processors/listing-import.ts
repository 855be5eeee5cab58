import { findDetailSection } from '@server/business/sections';
import { readImportFile } from '@server/imports/file';
import { planRows, readExisting, runImport, type ImportRunResult } from '@server/imports/listings';
import { createPaths } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import { LISTING_IMPORT_TEXTS } from '~/lib/listing-import';
import { PermanentJobError } from '../errors';
import type { ListingImportJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The listing-import and listing-update processor (Resort System Management → Import and Update
 * Data; decision 044): the stored CSV read again, every row planned against the list as it is
 * now (server/imports/listings.ts: the business form's checks, duplicates by title and address),
 * then written row by row with progress. A retry plans again: rows already added are duplicates
 * of what is there, rows already applied write the same values, so each row takes effect once.
 */
export async function processListingImport(
  payload: ListingImportJobPayload,
  deps: JobDeps,
  job: JobContext,
): Promise<ImportRunResult & { listHref: string | null }> {
  if (!deps.storage) throw new PermanentJobError('Listing imports need file storage.');
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  const services = { db: deps.db, paths };
  const section = await findDetailSection(services, payload.community, payload.section);
  if (!section) throw new PermanentJobError(LISTING_IMPORT_TEXTS.noList);
  await job.reportProgress(2, 'Reading the file');
  const table = await readImportFile(deps.storage, payload.community, payload.fileKey);
  if (!table) throw new PermanentJobError(LISTING_IMPORT_TEXTS.fileGone);
  const existing = await readExisting(services, payload.community, payload.section);
  const plan = planRows(table, payload.mapping, existing, payload.mode);
  if (plan.mappingErrors.length > 0) throw new PermanentJobError(plan.mappingErrors.join(' '));
  await job.reportProgress(5, `${plan.counts.ready} of ${plan.rows.length} rows to write`);
  const result = await runImport(
    services,
    { community: payload.community, section: payload.section, mode: payload.mode, fileKey: payload.fileKey, plan },
    (done, total) => job.reportProgress(5 + Math.round((done / Math.max(1, total)) * 94), `${done} of ${total} rows written`),
  );
  await job.reportProgress(100, 'Done');
  return { ...result, listHref: listHrefOf(section.node, section.context) };
}

/** The list's own page when it is a list of its own (`/listnm/dining`, `/listnm/dining/resort`); a menu's list has none here. */
function listHrefOf(node: string, context: string): string | null {
  if (node === context) return hrefs.listnm(context);
  if (node.startsWith(`${context}-`)) return hrefs.listnmTab(context, node.slice(context.length + 1));
  return null;
}
