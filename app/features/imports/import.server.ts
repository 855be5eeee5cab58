import { createHash, randomUUID } from 'node:crypto';
import { data as answer, redirect } from '@remix-run/node';
import { requireSystemAdmin, type StaffContext } from '@server/authz';
import { detailSections, findDetailSection, type DetailSection } from '@server/business/sections';
import { readForm } from '@server/http/form.server';
import { CSV_LIMITS, CsvError, parseCsv } from '@server/imports/csv';
import { importFilePath, readImportFile, SpreadsheetBusyError, uploadedCsvText, uploadKind } from '@server/imports/file';
import {
  guessMapping,
  IMPORT_FIELDS,
  planRows,
  readExisting,
  type ImportField,
  type ImportMapping,
  type ImportMode,
  type RowStatus,
} from '@server/imports/listings';
import { placesCsv, searchPlacesForImport } from '@server/imports/places';
import { PLACE_SEARCH_OFFLINE_MESSAGE, placesProvider } from '@server/providers/places';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import {
  DEFAULT_PLACE_IMPORT_RADIUS_MILES,
  LISTING_IMPORT_TEXTS,
  PLACE_IMPORT_RADII_MILES,
  PLACE_IMPORT_TEXTS,
} from '~/lib/listing-import';
import { ImportPlacesSchema, ImportRunSchema, ImportUploadSchema } from '~/schemas/listing-import';
import { getServices } from '~/services.server';
import { ListingImportIntent } from './intents';

/**
 * Import and Update Data (Resort System Management, resort system admins; spec 02 "Listing
 * routes" context import, spec 03 §6 trays; decision 044), one screen in three steps, each a
 * plain form:
 *
 * 1. Upload: the list and the file (POST intent `upload`), a CSV or an Excel workbook (.xlsx,
 *    whose first worksheet is written as CSV in the worker pool, server/imports/xlsx.ts): the CSV
 *    is read (its limits, server/imports/csv.ts), stored, and the page goes on to its preview.
 * 2. Preview (GET with `file`, `list` and `map.{field}`): the columns mapped to the fields
 *    (guessed from the header, changed with Preview), every row checked with the business form's
 *    messages and duplicates by title and address, the first PREVIEW_ROWS shown.
 * 3. Import / Update Listings (POST intent `run`): the job is queued and followed on the
 *    job-status page.
 */

export const PREVIEW_ROWS = 100;

const PAGES = {
  import: { path: () => hrefs.listnm('import'), queue: 'listing-import', title: LISTING_IMPORT_TEXTS.importTitle },
  update: { path: () => hrefs.listnm('update-data'), queue: 'listing-update', title: LISTING_IMPORT_TEXTS.updateTitle },
} as const;

export interface PreviewRow {
  row: number;
  title: string;
  address: string;
  city: string;
  phone: string;
  website: string;
  status: RowStatus;
  messages: string[];
}

export interface ImportScreenData {
  mode: ImportMode;
  title: string;
  sections: Array<{ node: string; title: string }>;
  list: string | null;
  listTitle: string | null;
  preview: {
    file: string;
    fileName: string | null;
    /** The rows came from a place search, not a file. */
    fromPlaces: boolean;
    headers: string[];
    mapping: Record<ImportField, string>;
    fields: Array<{ id: ImportField; label: string }>;
    rows: PreviewRow[];
    total: number;
    counts: Record<RowStatus, number>;
    mappingErrors: string[];
  } | null;
  /** Why the preview cannot be shown (the file gone or unreadable). */
  error: string | null;
  /** Import only: the place search form (decision 044, "Place search"). */
  places: { radii: number[]; defaultRadius: number; offlineNotice: string | null } | null;
}

export interface ImportActionData {
  /** The upload form's problems, by field. */
  upload?: { list?: string; csv?: string; listValue?: string };
  /** The place search form's problems, by field, and what was typed. */
  places?: { list?: string; q?: string; radius?: string; error?: string; listValue: string; qValue: string; radiusValue: string };
  /** Why the run was refused. */
  error?: string;
}

async function open(request: Request): Promise<{ staff: StaffContext; sections: DetailSection[] }> {
  const staff = await requireSystemAdmin(request);
  const services = await getServices();
  return { staff, sections: await detailSections(services, staff.community) };
}

/** The posted or addressed mapping (column indexes within the header), else the guess from the header. */
function mappingFrom(source: Partial<Record<ImportField, string | undefined>> | null, headers: readonly string[]): ImportMapping {
  const given = source && Object.values(source).some((value) => value !== undefined);
  if (!given) return guessMapping(headers);
  const mapping = {} as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    const raw = source[field.id];
    const index = raw === undefined || raw === '' ? null : Number(raw);
    mapping[field.id] = index !== null && Number.isInteger(index) && index >= 0 && index < headers.length ? index : null;
  }
  return mapping;
}

function mappingParams(search: URLSearchParams): Partial<Record<ImportField, string>> | null {
  const found: Partial<Record<ImportField, string>> = {};
  let any = false;
  for (const field of IMPORT_FIELDS) {
    const value = search.get(`map.${field.id}`);
    if (value !== null) {
      found[field.id] = value.slice(0, 3);
      any = true;
    }
  }
  return any ? found : null;
}

export async function loadImportScreen(request: Request, mode: ImportMode): Promise<ImportScreenData> {
  const { staff, sections } = await open(request);
  const url = new URL(request.url);
  const fileKey = url.searchParams.get('file');
  const listParam = url.searchParams.get('list');
  const section = listParam ? (sections.find((one) => one.node === listParam) ?? null) : null;
  const base: ImportScreenData = {
    mode,
    title: PAGES[mode].title,
    sections: sections.map(({ node, title }) => ({ node, title })),
    list: section?.node ?? null,
    listTitle: section?.title ?? null,
    preview: null,
    error: null,
    places:
      mode === 'import'
        ? {
            radii: [...PLACE_IMPORT_RADII_MILES],
            defaultRadius: DEFAULT_PLACE_IMPORT_RADIUS_MILES,
            offlineNotice: placesProvider((await getServices()).env).offline ? PLACE_SEARCH_OFFLINE_MESSAGE : null,
          }
        : null,
  };
  if (!fileKey) return base;
  if (!section) return { ...base, error: LISTING_IMPORT_TEXTS.noList };
  const services = await getServices();
  let table;
  try {
    table = await readImportFile(services.storage, staff.community, fileKey);
  } catch (error) {
    if (error instanceof CsvError) return { ...base, error: error.message };
    throw error;
  }
  if (!table) return { ...base, error: LISTING_IMPORT_TEXTS.fileGone };
  const mapping = mappingFrom(mappingParams(url.searchParams), table.headers);
  const plan = planRows(table, mapping, await readExisting(services, staff.community, section.node), mode);
  return {
    ...base,
    preview: {
      file: fileKey,
      fileName: url.searchParams.get('name')?.slice(0, 200) ?? null,
      fromPlaces: url.searchParams.get('source') === 'places',
      headers: table.headers,
      mapping: Object.fromEntries(
        IMPORT_FIELDS.map((field) => [field.id, mapping[field.id] === null ? '' : String(mapping[field.id])]),
      ) as Record<ImportField, string>,
      fields: IMPORT_FIELDS.map(({ id, label }) => ({ id, label })),
      rows: plan.rows.slice(0, PREVIEW_ROWS).map((row) => ({
        row: row.row,
        title: row.values.title,
        address: row.values.address,
        city: row.values.city,
        phone: row.values.phone,
        website: row.values.website,
        status: row.status,
        messages: row.messages,
      })),
      total: plan.rows.length,
      counts: plan.counts,
      mappingErrors: plan.mappingErrors,
    },
  };
}

const isFile = (value: FormDataEntryValue | null): value is File => typeof value === 'object' && value !== null && 'arrayBuffer' in value;

export async function importAction(request: Request, mode: ImportMode) {
  const { staff, sections } = await open(request);
  const form = await readForm(request, { schemas: [ImportUploadSchema, ImportPlacesSchema, ImportRunSchema] });
  const posted = parseIntent(form, ListingImportIntent);
  const services = await getServices();
  const page = PAGES[mode];

  if (posted.intent === 'upload') {
    const listValue = typeof form.get('list') === 'string' ? String(form.get('list')).slice(0, 768) : '';
    const list = ImportUploadSchema.shape.list.safeParse(form.get('list') ?? undefined);
    const problems: NonNullable<ImportActionData['upload']> = { listValue };
    if (!list.success) problems.list = list.error.issues[0]?.message ?? LISTING_IMPORT_TEXTS.chooseList;
    else if (!sections.some((section) => section.node === list.data)) problems.list = LISTING_IMPORT_TEXTS.noList;
    const file = form.get('csv');
    const kind = isFile(file) ? uploadKind(file) : null;
    let text: string | null = null;
    let status = 400;
    if (!isFile(file) || file.size === 0) problems.csv = LISTING_IMPORT_TEXTS.chooseFile;
    else if (!kind) problems.csv = LISTING_IMPORT_TEXTS.notCsv;
    else if (file.size > CSV_LIMITS.maxBytes) problems.csv = LISTING_IMPORT_TEXTS.tooLarge;
    else {
      try {
        // An .xlsx becomes the CSV of its first worksheet (in the worker pool); then both are read alike.
        text = await uploadedCsvText(new Uint8Array(await file.arrayBuffer()), kind);
        parseCsv(text);
      } catch (error) {
        if (error instanceof SpreadsheetBusyError) status = 503;
        else if (!(error instanceof CsvError)) throw error;
        problems.csv = error.message;
      }
    }
    if (problems.list || problems.csv || text === null || !list.success) return answer<ImportActionData>({ upload: problems }, { status });
    const fileKey = randomUUID();
    await services.storage.put(importFilePath(staff.community, fileKey), Buffer.from(text, 'utf8'), {
      contentType: 'text/csv; charset=utf-8',
      cacheControl: 'private, no-store',
    });
    const name = isFile(file) ? file.name.slice(0, 200) : '';
    throw redirect(`${page.path()}?${new URLSearchParams({ file: fileKey, list: list.data, name }).toString()}`);
  }

  if (posted.intent === 'places') {
    const text = (name: string, max: number) => (typeof form.get(name) === 'string' ? String(form.get(name)).slice(0, max) : '');
    const problems: NonNullable<ImportActionData['places']> = {
      listValue: text('list', 768),
      qValue: text('q', 200),
      radiusValue: text('radius', 4),
    };
    if (mode !== 'import')
      return answer<ImportActionData>({ places: { ...problems, error: PLACE_IMPORT_TEXTS.importOnly } }, { status: 400 });
    const fields = ImportPlacesSchema.safeParse({
      list: form.get('list') ?? undefined,
      q: form.get('q') ?? undefined,
      radius: form.get('radius') ?? undefined,
    });
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        const field = issue.path[0];
        if ((field === 'list' || field === 'q' || field === 'radius') && !problems[field]) problems[field] = issue.message;
      }
    } else if (!sections.some((section) => section.node === fields.data.list)) problems.list = LISTING_IMPORT_TEXTS.noList;
    if (!fields.success || problems.list) return answer<ImportActionData>({ places: problems }, { status: 400 });
    const found = await searchPlacesForImport(
      { db: services.db, paths: services.paths, places: placesProvider(services.env) },
      staff.community,
      fields.data.q,
      fields.data.radius,
    );
    if (!found.ok) return answer<ImportActionData>({ places: { ...problems, error: found.error } }, { status: 400 });
    const fileKey = randomUUID();
    await services.storage.put(importFilePath(staff.community, fileKey), Buffer.from(placesCsv(found.places), 'utf8'), {
      contentType: 'text/csv; charset=utf-8',
      cacheControl: 'private, no-store',
    });
    const name = PLACE_IMPORT_TEXTS.source(fields.data.q, fields.data.radius);
    throw redirect(`${page.path()}?${new URLSearchParams({ file: fileKey, list: fields.data.list, name, source: 'places' }).toString()}`);
  }

  const parsed = ImportRunSchema.safeParse(formObject(form));
  if (!parsed.success)
    return answer<ImportActionData>({ error: parsed.error.issues[0]?.message ?? LISTING_IMPORT_TEXTS.failed }, { status: 400 });
  const section = await findDetailSection(services, staff.community, parsed.data.list);
  if (!section) return answer<ImportActionData>({ error: LISTING_IMPORT_TEXTS.noList }, { status: 400 });
  let table;
  try {
    table = await readImportFile(services.storage, staff.community, parsed.data.file);
  } catch (error) {
    if (error instanceof CsvError) return answer<ImportActionData>({ error: error.message }, { status: 400 });
    throw error;
  }
  if (!table) return answer<ImportActionData>({ error: LISTING_IMPORT_TEXTS.fileGone }, { status: 400 });
  const mapping = mappingFrom(parsed.data.map, table.headers);
  const plan = planRows(table, mapping, await readExisting(services, staff.community, section.node), mode);
  if (plan.mappingErrors.length > 0) return answer<ImportActionData>({ error: plan.mappingErrors.join(' ') }, { status: 400 });
  if (plan.counts.ready === 0) {
    return answer<ImportActionData>(
      { error: mode === 'import' ? LISTING_IMPORT_TEXTS.nothingReady : LISTING_IMPORT_TEXTS.nothingReadyUpdate },
      { status: 400 },
    );
  }
  const digest = createHash('sha256')
    .update(JSON.stringify([staff.community, section.node, parsed.data.file, mapping]))
    .digest('hex')
    .slice(0, 32);
  const queued = await services.jobs.enqueue(
    page.queue,
    {
      product: services.paths.product(),
      community: staff.community,
      section: section.node,
      mode,
      fileKey: parsed.data.file,
      mapping,
      requestedBy: staff.user.uid,
      requestedAt: Date.now(),
    },
    { jobId: `${page.queue}--${digest}`, attempts: 3 },
  );
  if (!queued.queued) return answer<ImportActionData>({ error: LISTING_IMPORT_TEXTS.queueDown }, { status: 503 });
  throw redirect(hrefs.jobStatus(page.queue, queued.jobId, { back: page.path() }));
}

/** The run form as an object (`map.title` → map.title). */
function formObject(form: FormData): Record<string, unknown> {
  const map: Record<string, string> = {};
  for (const field of IMPORT_FIELDS) {
    const value = form.get(`map.${field.id}`);
    if (typeof value === 'string') map[field.id] = value;
  }
  return { list: form.get('list') ?? undefined, file: form.get('file') ?? undefined, map };
}
