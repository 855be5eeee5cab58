import type { DbValue, RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { locationRecord, type LocationFormValue } from '~/lib/location';
import { htmlFromPlainText } from '~/lib/plain-text-html';
import { businessSchema } from '~/schemas/business';
import { businessVersion, saveBusiness } from '../business/save';

/**
 * Listing imports and data updates from a CSV file (Resort System Management → Import and
 * Update Data; spec 02 "Listing routes" context import, spec 03 §3 business item; decision 044):
 *
 * - The file's columns are mapped to the business item's fields (IMPORT_FIELDS); the mapping is
 *   guessed from the header names and changed by the person.
 * - Each row is checked with the business editor's own schema (app/schemas/business.ts), so a
 *   row gets the form's messages ('Title is required.', 'Latitude is required to map
 *   accurately.', 'Phone Number needs to have more than seven digits.' …).
 * - Duplicates are found by title and address (case, spacing and punctuation ignored): against
 *   the list's listings, and between rows of the file.
 * - Import adds the valid rows that duplicate nothing as new listings of the list (on top, in the
 *   file's order), each with `importId`; Update Data writes the mapped, non-empty cells of each
 *   row over the listing it matches by title and address (the rest of the listing stays), each
 *   save checked against the listing as read (decision 008), so a concurrent edit is never lost.
 */

export const IMPORT_FIELDS = [
  { id: 'title', label: 'Title', aliases: ['name', 'business', 'business name', 'listing'] },
  { id: 'address', label: 'Address', aliases: ['street', 'street address', 'address 1', 'address1'] },
  { id: 'city', label: 'City', aliases: ['town'] },
  { id: 'state', label: 'State', aliases: ['province', 'region'] },
  { id: 'zip', label: 'Zip', aliases: ['zip code', 'zipcode', 'postal code', 'postcode'] },
  { id: 'latitude', label: 'Latitude', aliases: ['lat'] },
  { id: 'longitude', label: 'Longitude', aliases: ['lng', 'lon', 'long'] },
  { id: 'phone', label: 'Phone', aliases: ['phone number', 'telephone', 'tel'] },
  { id: 'website', label: 'Website', aliases: ['url', 'web', 'web site', 'homepage'] },
  { id: 'description', label: 'Description', aliases: ['details', 'about'] },
  { id: 'placeId', label: 'Place ID', aliases: ['place id', 'placeid', 'google place id'] },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]['id'];
export type ImportMode = 'import' | 'update';
/** The column of the file each field takes its value from (an index into the header), or null. */
export type ImportMapping = Record<ImportField, number | null>;

export const IMPORT_TEXTS = {
  ready: 'Ready',
  readyUpdate: 'Updates the listing',
  duplicate: 'A listing with this title and address already exists in the list.',
  duplicateRow: (row: number) => `Same title and address as row ${row}.`,
  notFound: 'No listing of the list has this title and address.',
  needsTitle: 'Map a column to Title.',
  needsAddress: 'Map a column to Address: duplicates are found by title and address.',
} as const;

const normalHeader = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The mapping the header suggests: a column named as the field, or by one of its other names. */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const names = headers.map(normalHeader);
  const used = new Set<number>();
  const mapping = {} as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    const wanted = [normalHeader(field.label), ...field.aliases];
    const index = names.findIndex((name, column) => !used.has(column) && wanted.includes(name));
    mapping[field.id] = index === -1 ? null : index;
    if (index !== -1) used.add(index);
  }
  return mapping;
}

/** The same listing, as duplicates are found: title and address, case, spacing and punctuation ignored. */
export function duplicateKey(title: unknown, address: unknown): string {
  const normal = (value: unknown) =>
    String(value ?? '')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return `${normal(title)}|${normal(address)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The row check: the business editor's schema, its fields a CSV row can fill. */
const rowSchema = businessSchema({ dollarsEnabled: false, communityRequired: false, allowNoLocation: false }).pick({
  title: true,
  location: true,
  phone: true,
  website: true,
  description: true,
});

/** One row's values by field ('' when the field is not mapped or the cell is empty). */
export function rowValues(cells: readonly string[], mapping: ImportMapping): Record<ImportField, string> {
  const values = {} as Record<ImportField, string>;
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field.id];
    values[field.id] = column === null ? '' : (cells[column] ?? '').trim();
  }
  return values;
}

const storedText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** What the row checks and writes: the row's values over the stored listing's (Update Data), or the row alone. */
function merged(values: Record<ImportField, string>, stored: Record<string, unknown> | null): Record<ImportField, string> {
  if (!stored) return values;
  const out = { ...values };
  for (const field of IMPORT_FIELDS) {
    if (out[field.id] === '' && field.id !== 'description') out[field.id] = storedText(stored[field.id]);
  }
  return out;
}

/** The row's problems in the business form's words (none: it may be saved). */
export function rowErrors(values: Record<ImportField, string>): string[] {
  const location: LocationFormValue = {
    noLocation: false,
    title: '',
    address: values.address,
    city: values.city,
    state: values.state,
    zip: values.zip,
    latitude: values.latitude,
    longitude: values.longitude,
    placeId: values.placeId,
  };
  const parsed = rowSchema.safeParse({
    title: values.title,
    location,
    phone: values.phone || undefined,
    website: values.website || undefined,
    description: values.description || undefined,
  });
  if (parsed.success) return [];
  return [...new Set(parsed.error.issues.map((issue) => issue.message))];
}

/** The item fields a row writes (Update Data: only its non-empty cells). */
export function rowFields(values: Record<ImportField, string>, mode: ImportMode): Record<string, DbValue> {
  const location = locationRecord({
    noLocation: false,
    title: '',
    address: values.address,
    city: values.city,
    state: values.state,
    zip: values.zip,
    latitude: values.latitude,
    longitude: values.longitude,
    placeId: values.placeId,
  });
  const description = values.description === '' ? null : htmlFromPlainText(values.description);
  const fields: Record<string, DbValue> = {
    title: values.title.trim(),
    address: location.address ?? null,
    city: location.city ?? null,
    state: location.state ?? null,
    zip: location.zip ?? null,
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
    phone: values.phone === '' ? null : values.phone,
    website: values.website === '' ? null : values.website,
    placeId: location.placeId ?? null,
    description,
    htmlDescription: description,
  };
  if (mode === 'import') return fields;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
}

export interface ExistingListing {
  key: string;
  value: Record<string, unknown>;
}

/** The list's listings by title and address (the first of each, by key). */
export async function readExisting(deps: { db: RealtimeDb; paths: Paths }, community: string, section: string) {
  const value = (await deps.db.ref(deps.paths.section(community, section)).get()).val() as unknown;
  const byKey = new Map<string, ExistingListing>();
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (!isObject(item)) continue;
      const dupe = duplicateKey(item.title, item.address);
      if (!byKey.has(dupe)) byKey.set(dupe, { key, value: item });
    }
  }
  return byKey;
}

export type RowStatus = 'ready' | 'invalid' | 'duplicate' | 'duplicate-row' | 'not-found';

export interface PlannedRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  values: Record<ImportField, string>;
  status: RowStatus;
  messages: string[];
  /** Update Data: the listing the row updates. */
  target: ExistingListing | null;
}

export interface ImportPlan {
  rows: PlannedRow[];
  counts: Record<RowStatus, number>;
  /** Why nothing can run with this mapping (no title or address column). */
  mappingErrors: string[];
}

/** Every row's fate: what the preview shows and what the job does. */
export function planRows(
  table: { rows: readonly string[][] },
  mapping: ImportMapping,
  existing: Map<string, ExistingListing>,
  mode: ImportMode,
): ImportPlan {
  const mappingErrors: string[] = [];
  if (mapping.title === null) mappingErrors.push(IMPORT_TEXTS.needsTitle);
  if (mapping.address === null) mappingErrors.push(IMPORT_TEXTS.needsAddress);
  const counts: Record<RowStatus, number> = { ready: 0, invalid: 0, duplicate: 0, 'duplicate-row': 0, 'not-found': 0 };
  const seen = new Map<string, number>();
  const rows = table.rows.map((cells, index): PlannedRow => {
    const row = index + 2;
    const own = rowValues(cells, mapping);
    const dupe = duplicateKey(own.title, own.address);
    const found = existing.get(dupe) ?? null;
    const target = mode === 'update' ? found : null;
    const values = merged(own, target?.value ?? null);
    const plan = (status: RowStatus, messages: string[]): PlannedRow => {
      counts[status] += 1;
      return { row, values, status, messages, target };
    };
    // Update Data matches first: a row that updates nothing is not checked as a new listing.
    if (mode === 'update' && !found) return plan('not-found', [IMPORT_TEXTS.notFound]);
    const errors = rowErrors(values);
    if (errors.length > 0) return plan('invalid', errors);
    const earlier = seen.get(dupe);
    if (earlier !== undefined) return plan('duplicate-row', [IMPORT_TEXTS.duplicateRow(earlier)]);
    seen.set(dupe, row);
    if (mode === 'import' && found) return plan('duplicate', [IMPORT_TEXTS.duplicate]);
    return plan('ready', [mode === 'import' ? IMPORT_TEXTS.ready : IMPORT_TEXTS.readyUpdate]);
  });
  return { rows, counts, mappingErrors };
}

export interface ImportRunResult {
  mode: ImportMode;
  created: number;
  updated: number;
  /** Rows already written by an earlier run of the same job (a retry after a crash). */
  already: number;
  skipped: number;
  /** Update Data: listings changed (or removed) by someone else between the job's read and its write. */
  conflicts: number;
}

/** The key of an imported row's listing: the same for a retry of the same job, so a row is added once. */
export const importedItemKey = (fileKey: string, row: number) => `import-${fileKey}-${row}`;

/** Writes the planned rows: new listings (import) or the matched listings' fields (update). */
export async function runImport(
  deps: { db: RealtimeDb; paths: Paths },
  request: { community: string; section: string; mode: ImportMode; fileKey: string; plan: ImportPlan },
  progress: (done: number, total: number) => Promise<void>,
): Promise<ImportRunResult> {
  const result: ImportRunResult = { mode: request.mode, created: 0, updated: 0, already: 0, skipped: 0, conflicts: 0 };
  const ready = request.plan.rows.filter((row) => row.status === 'ready');
  result.skipped = request.plan.rows.length - ready.length;
  // New listings go on top of their list: the last row first, so the list reads in the file's order.
  const order = request.mode === 'import' ? [...ready].reverse() : ready;
  let done = 0;
  for (const row of order) {
    if (request.mode === 'import') {
      const itemId = importedItemKey(request.fileKey, row.row);
      const saved = await saveBusiness(deps, {
        community: request.community,
        section: request.section,
        itemId,
        isNew: true,
        version: null,
        fields: { ...rowFields(row.values, 'import'), importId: `${request.fileKey}-${row.row}` },
        sections: null,
      });
      if (saved.ok) result.created += 1;
      else result.already += 1;
    } else if (row.target) {
      // Checked against the listing as the plan read it: an edit made since is never overwritten.
      const saved = await saveBusiness(deps, {
        community: request.community,
        section: request.section,
        itemId: row.target.key,
        isNew: false,
        version: businessVersion(row.target.value, request.community),
        fields: rowFields(row.values, 'update'),
        sections: null,
      });
      if (saved.ok) result.updated += 1;
      else result.conflicts += 1;
    }
    done += 1;
    if (done % 25 === 0 || done === order.length) await progress(done, order.length);
  }
  return result;
}
