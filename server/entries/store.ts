import type { DbValue } from '@server/db';
import { unchanged } from '@server/db/version';
import type { ListAddress } from '@server/listing/address';
import { ListError } from '@server/listing/cursor';
import type { ListRow } from '@server/listing/engine';
import type { ListDeps, ListSourceAdapter, RowContext, RowDetails } from '@server/listing/source';
import { rowsSource } from '@server/listing/sources/rows';
import { storagePaths } from '@server/paths';
import type { FileStorage } from '@server/storage';
import { isValidKey } from '~/lib/db-key';
import {
  asRecord,
  completedOf,
  completionPatch,
  entryEmail,
  entryName,
  entryPredicate,
  rsvpAttending,
  rsvpQuantity,
  statusText,
  timeOf,
  type EntryStatus,
  type Json,
  type StepScore,
} from './rules';

/**
 * Guest entries in the database (spec 02 §7 "Entries: write completed and completedBy under
 * user-written/{location}/{context}/{item}/{entry}; hunt scores set or remove scored under
 * .../{step}"): the item an entries list belongs to, the list's source, and the two writes.
 * Both writes run in a transaction over the entry and compare what the page showed (its `was`)
 * with what is stored: two staff grading one entry never silently undo each other's work
 * (docs/decisions/031).
 */

/** The entries contexts of `/scrollerEntries/:context/…`: where their item and its entries live. */
export const ENTRY_CONTEXTS = {
  'custom-forms': { node: 'custom-forms', kind: 'form' },
  forms: { node: 'custom-forms', kind: 'form' },
  feedback: { node: 'custom-forms', kind: 'form' },
  hunts: { node: 'hunts', kind: 'hunt' },
} as const;

export type EntryContext = keyof typeof ENTRY_CONTEXTS;
export type EntryItemKind = 'form' | 'rsvp' | 'feedback' | 'hunt';

export const isEntryContext = (value: unknown): value is EntryContext => typeof value === 'string' && Object.hasOwn(ENTRY_CONTEXTS, value);

export interface EntryItem {
  context: EntryContext;
  /** The user-written context and the location-data node of the item: custom-forms or hunts. */
  node: 'custom-forms' | 'hunts';
  key: string;
  kind: EntryItemKind;
  title: string;
  record: Json;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The form or hunt an entries address names, or null when the community has none. */
export async function readEntryItem(
  { db, paths }: ListDeps,
  community: string,
  context: EntryContext,
  key: string,
): Promise<EntryItem | null> {
  if (!isValidKey(key)) return null;
  const { node, kind } = ENTRY_CONTEXTS[context];
  const stored = (await db.ref(node === 'hunts' ? paths.hunt(community, key) : paths.customForm(community, key)).get()).val();
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const record = stored as Json;
  const type = text(record.type);
  const itemKind: EntryItemKind =
    kind === 'hunt' ? 'hunt' : type === 'rsvp' || type === 'waitlist' ? 'rsvp' : type === 'feedback' ? 'feedback' : 'form';
  return { context, node, key, kind: itemKind, title: text(record.title) ?? key, record };
}

/** Every entry of an item, newest first (by createDate, then key). */
export async function readEntries({ db, paths }: ListDeps, community: string, node: string, item: string): Promise<ListRow[]> {
  const stored = (await db.ref(paths.entries(community, node, item)).get()).val();
  const rows: ListRow[] = Object.entries(asRecord(stored)).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? [{ key, item: value as Json }] : [],
  );
  return rows.sort((a, b) => timeOf(b.item.createDate) - timeOf(a.item.createDate) || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
}

function entriesOf(address: ListAddress): { context: string; item: string } {
  if (!address.entries) throw new ListError('This list is not a list of entries.');
  return address.entries;
}

const dateTime = (ms: number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  })
    .format(ms)
    .replace(',', '');

/** Spec 02 §9 "Date format MM/dd/yyyy hh:mm a", in the community's time zone. */
export const entryDate = (ms: number, timeZone: string): string => (ms > 0 ? dateTime(ms, timeZone) : '');

/** What an entry's row shows: who sent it, their e-mail, when, its status and (RSVPs) the answer. */
export function entryRowDetails(entry: Json, context: RowContext): RowDetails {
  const name = entryName(entry);
  const email = entryEmail(entry);
  const created = timeOf(entry.createDate);
  const notes: RowDetails['notes'] = [];
  const completed = completedOf(entry);
  notes.push({ text: statusText(entry), tone: completed === 2 ? 'good' : completed === 1 ? 'alert' : 'plain' });
  const attending = rsvpAttending(entry);
  if (attending) notes.push({ text: attending === 'yes' ? `Attending: Yes (${rsvpQuantity(entry)})` : 'Attending: No', tone: 'plain' });
  const event = text(entry.eventTitle);
  if (event) notes.push({ text: event, tone: 'plain' });
  return {
    title: name ?? email ?? text(entry.createdBy) ?? text(entry.uid) ?? 'Guest entry',
    subtitle: name && email ? email : null,
    when: created > 0 ? entryDate(created, context.timeZone) : null,
    notes,
  };
}

/**
 * The list source of an item's entries (server/listing/registry.ts): read whole (an item's
 * entries are hundreds, a few thousand at most), newest first, filtered by the entries' own
 * rules; Delete Selected removes the entries in one update.
 */
export const ENTRIES_SOURCE: ListSourceAdapter = {
  ...rowsSource({
    rows: (deps, address) => {
      const { context, item } = entriesOf(address);
      return readEntries(deps, address.community, context, item);
    },
    async remove({ db, paths }, address, keys) {
      const { context, item } = entriesOf(address);
      const update: Record<string, DbValue> = {};
      for (const key of keys) update[key] = null;
      await db.ref(paths.entries(address.community, context, item)).update(update);
      return { archived: 0, removed: keys.length };
    },
    predicate: (filters) => {
      const matches = entryPredicate(filters);
      return (row) => matches(row.key, row.item);
    },
  }),
  rowDetails: async (_deps, _address, context) => (item) => entryRowDetails(item, context),
};

// ─── Writes ───────────────────────────────────────────────────────────────────────────────────

export type WriteResult =
  | { kind: 'done' }
  | { kind: 'not-found' }
  /** The stored value differs from what the page showed: nothing was written. */
  | { kind: 'conflict'; current: number | StepScore };

export interface EntryRef {
  community: string;
  node: string;
  item: string;
  entryId: string;
}

/** What a completion mark changes: the status, who marks it, and the completion the page showed (null: no check). */
export interface CompletionChange {
  status: EntryStatus;
  uid: string;
  was: number | null;
}

/**
 * Marks the guest record at `path` (a form or hunt entry, a store order; spec 02 §4 "Entry
 * completion"): 0 removes completed and completedBy, 1 and 2 set them to the current user, in a
 * transaction over the record. `was` is the completion the page showed; when another person
 * changed it meanwhile, nothing is written (docs/decisions/031). The record's other fields are
 * kept as stored at that moment.
 */
export async function markCompletion({ db }: Pick<ListDeps, 'db'>, path: string, change: CompletionChange): Promise<WriteResult> {
  let found = false;
  let current = 0;
  let conflict = false;
  const result = await db.ref(path).transaction((stored: unknown) => {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      found = false;
      return unchanged(stored);
    }
    found = true;
    const entry = stored as Json;
    current = completedOf(entry);
    conflict = change.was !== null && current !== change.was;
    if (conflict) return undefined;
    const patch = completionPatch(change.status, change.uid);
    const next: Json = { ...entry };
    if (patch.completed === null) {
      delete next.completed;
      delete next.completedBy;
    } else {
      next.completed = patch.completed;
      next.completedBy = patch.completedBy;
    }
    return next as DbValue;
  });
  if (!found) return { kind: 'not-found' };
  if (conflict || !result.committed) return { kind: 'conflict', current };
  return { kind: 'done' };
}

/**
 * Scores a hunt step (spec 02 §4 "Hunt step score"): sets scored to 1 or 0 under the step, or
 * removes it (Clear score). `was` is the score the page showed; another person's score of the
 * same step meanwhile stops the write. Scores of other steps are never touched.
 */
export async function scoreStep(
  { db, paths }: ListDeps,
  ref: EntryRef & { step: string },
  change: { score: StepScore; was: StepScore | undefined },
): Promise<WriteResult> {
  let found = false;
  let current: StepScore = null;
  let conflict = false;
  const result = await db.ref(paths.entry(ref.community, ref.node, ref.item, ref.entryId)).transaction((stored: unknown) => {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      found = false;
      return unchanged(stored);
    }
    found = true;
    const entry = stored as Json;
    const step = asRecord(entry[ref.step]);
    const scored = step.scored;
    current = scored === 1 ? 1 : scored === 0 ? 0 : null;
    conflict = change.was !== undefined && current !== change.was;
    if (conflict) return undefined;
    const nextStep: Json = { ...step };
    if (change.score === null) delete nextStep.scored;
    else nextStep.scored = change.score;
    return { ...entry, [ref.step]: nextStep } as DbValue;
  });
  if (!found) return { kind: 'not-found' };
  if (conflict || !result.committed) return { kind: 'conflict', current };
  return { kind: 'done' };
}

/** The stored PDF of a form entry (forms/completed/{item}/{file}), when there is one (spec 02 §7). */
export async function entryPdfUrl(storage: FileStorage, item: string, entry: Json): Promise<string | null> {
  const file = text(entry.file);
  if (!file || file.includes('/')) return null;
  let path: string;
  try {
    path = storagePaths.formPdf(item, file);
  } catch {
    return null;
  }
  return (await storage.exists(path)) ? storage.url(path) : null;
}
