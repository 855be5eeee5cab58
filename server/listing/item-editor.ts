import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { plainTextOf } from '@server/community/description';
import type { RealtimeDb } from '@server/db/types';
import { versionOf } from '@server/db/version';
import { sanitizeRichText } from '@server/html';
import type { Paths } from '@server/paths';
import { assistantUseOf, htmlToPlain, plainToHtml, withoutUse } from '~/lib/assistant';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { isValidKey } from '~/lib/db-key';
import { hrefs } from '~/lib/hrefs';
import { isListContextKey, type ListContextKey } from '~/lib/listing/contexts';
import { DELETE_ITEM_TEXT, DELETE_ITEM_TITLE, GONE_MESSAGE, ITEM_KEY_FIELD, keyTakenMessage, SAVED } from '~/lib/listing/editor-texts';
import type { EditorField, InlineEditor } from '~/lib/listing/types';
import { atRow, listUrls } from '~/lib/listing/urls';
import { asItem, belongs, listRef } from './address';
import { newItemKey, readItem, saveItem } from './engine';
import { topOrdinal } from './ordering';
import { listUseCase } from './registry';
import type { ResolvedList } from './resolved';
import { listNode, type ListDeps } from './source';

/**
 * The right column's forms of a list (spec 02 §4 listing actions): add (add-button: a new item
 * with a fresh key, on top), edit, duplicate (the original's hidden fields kept), and delete
 * (spec 02 §8 "Delete Item"). Each answers what the route turns into a response: the form, the
 * form again (errors, a conflict, a taken key), done (back to the list with a toast), or
 * elsewhere (a list whose items another screen edits) and not found.
 */

export type EditorMode = 'add' | 'edit' | 'duplicate';

export interface ItemEditorData {
  mode: EditorMode;
  heading: string;
  contextKey: ListContextKey;
  fields: ReadonlyArray<EditorField>;
  defaultValue: Record<string, unknown>;
  itemKey: string;
  version: string | null;
  cancelHref: string;
  formAction: string;
  /** Ready-made items offered above an Add form (the editor's templates the list's items call for). */
  templates: Array<{ label: string; href: string }>;
  /** Screens of the saved item linked from its Edit form (View Entries). */
  itemLinks: Array<{ label: string; href: string }>;
  /** The AI writing assistant (a hunt's editor): its page with this form as `back`, its edit-only mode, and whether Use brought texts. */
  assistant: { href: string; editHref: string; used: boolean } | null;
}

export interface ItemEditorActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict: Conflict | null;
  /** A fresh key for the next Submit of an add or duplicate whose key was taken. */
  itemKey?: string;
}

export interface DeleteData {
  title: string;
  text: string;
  itemTitle: string;
  archive: boolean;
  cancelHref: string;
  formAction: string;
}

/** Where an address of the right column does not lead to its form: another screen, or nothing. */
export type ElsewhereAnswer = { kind: 'redirect'; to: string } | { kind: 'not-found'; message: string };

export type ItemEditorAnswer =
  { kind: 'form'; status: number; data: ItemEditorActionData } | { kind: 'done'; to: string; message: string } | ElsewhereAnswer;

export type EditorDeps = ListDeps & { db: RealtimeDb; paths: Paths };

const NOT_FOUND: ElsewhereAnswer = { kind: 'not-found', message: 'Not Found' };
const GONE: ElsewhereAnswer = { kind: 'not-found', message: GONE_MESSAGE };

/** Fields the duplicate leaves behind (spec 02 §3: ids, times and recurrence are the original's). */
export const NOT_DUPLICATED = [
  'id',
  'ordinal',
  'effectiveTime',
  'endTime',
  'deliveryTime',
  'recurrenceId',
  'recurrenceInfo',
  'importId',
  'placeId',
];

/**
 * The list's own item form, or where its items are edited instead: a detail screen (the item's,
 * or a new one's), the home grid showing the submenu (menu items), or nowhere here (a list whose
 * rows have a form of their own, as messages).
 */
export function inlineEditorOf(list: Pick<ResolvedList, 'definition' | 'address'>, itemId: string | null): InlineEditor | ElsewhereAnswer {
  const editor = list.definition.editor;
  if (editor.kind === 'detail') {
    const node = listNode(list.address);
    return { kind: 'redirect', to: itemId ? hrefs.detailItem(editor.detailType, node, itemId) : hrefs.detail(editor.detailType, node) };
  }
  if (editor.kind === 'menu-item') return { kind: 'redirect', to: hrefs.home({ section: list.address.base }) };
  if (editor.kind === 'linked') return NOT_FOUND;
  return editor;
}

export const isElsewhere = (value: InlineEditor | ElsewhereAnswer): value is ElsewhereAnswer =>
  value.kind === 'redirect' || value.kind === 'not-found';

const validKey = (itemId: string | undefined): string | null => (itemId && isValidKey(itemId) ? itemId : null);

const formValueOf = (editor: InlineEditor) => (stored: Record<string, unknown>) => editor.toForm(stored) as unknown;

/** What the copy of a stored item starts from: the item without what the duplicate leaves behind. */
export function duplicateSource(stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(stored).filter(([field]) => !NOT_DUPLICATED.includes(field)));
}

/** The copy keeps what the form does not show (images, buttons, hours …) from the original. */
export function keepOriginalFields(record: Record<string, unknown>, original: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(original)) {
    if (!(field in record) && !NOT_DUPLICATED.includes(field)) record[field] = value;
  }
}

/** Rich text as stored: sanitized, with its plain-text `description` beside `htmlDescription`. */
export function cleanRichText(editor: Pick<InlineEditor, 'fields'>, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const field of editor.fields) {
    if (field.kind !== 'rich-text') continue;
    const html = sanitizeRichText(out[field.name]);
    out[field.name] = html;
    if (field.name === 'htmlDescription') out.description = plainTextOf(html);
  }
  return out;
}

/** The Add form's query parameter naming the ready-made item it starts from. */
export const TEMPLATE_PARAM = 'template';

/** The most items read to decide which ready-made items to offer (forms of one community: a few dozen). */
const MAX_TEMPLATE_SCAN = 1000;

function withParam(href: string, name: string, value: string): string {
  const url = new URL(href, 'http://console.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** The list's stored items (the first MAX_TEMPLATE_SCAN), for the editor's template offers. */
async function listItems({ db, paths }: Pick<EditorDeps, 'db' | 'paths'>, list: ResolvedList): Promise<Array<Record<string, unknown>>> {
  const snapshot = await listRef(db, paths, list.address).limitToFirst(MAX_TEMPLATE_SCAN).get();
  const value: unknown = snapshot.val();
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value)
    .map(asItem)
    .filter((item): item is Record<string, unknown> => item !== null && belongs(list.address, item));
}

/** The add / edit / duplicate form of a list's item. */
export async function loadItemEditorScreen(
  { db, paths }: EditorDeps,
  list: ResolvedList,
  mode: EditorMode,
  itemId: string | undefined,
  search: URLSearchParams,
): Promise<{ kind: 'screen'; data: ItemEditorData } | ElsewhereAnswer> {
  const editor = inlineEditorOf(list, mode === 'add' ? null : (itemId ?? null));
  if (isElsewhere(editor)) return editor;
  const urls = listUrls(list.location, search);
  let defaultValue: Record<string, unknown>;
  let version: string | null = null;
  let itemKey: string;
  let templates: ItemEditorData['templates'] = [];
  if (mode === 'add') {
    const chosen = editor.templates?.find((template) => template.id === search.get(TEMPLATE_PARAM));
    defaultValue = (chosen ? editor.toForm(chosen.record()) : editor.defaults()) as Record<string, unknown>;
    itemKey = newItemKey(db, paths, list.address);
    if (editor.templates?.length) {
      const items = await listItems({ db, paths }, list);
      const addHref = urls.action('add');
      templates = editor.templates
        .filter((template) => template.offered(items))
        .map((template) => ({ label: template.label, href: withParam(addHref, TEMPLATE_PARAM, template.id) }));
    }
  } else {
    const key = validKey(itemId);
    if (!key) return NOT_FOUND;
    const stored = await readItem(db, paths, list.address, key);
    if (!stored) return GONE;
    if (mode === 'edit') {
      defaultValue = editor.toForm(stored) as Record<string, unknown>;
      version = versionOf(defaultValue);
      itemKey = key;
    } else {
      defaultValue = editor.toForm(duplicateSource(stored)) as Record<string, unknown>;
      itemKey = newItemKey(db, paths, list.address);
    }
  }
  // The messages list's rows have a form of their own (inlineEditorOf answered already).
  if (!isListContextKey(list.key)) return NOT_FOUND;
  const formAction = mode === 'add' ? urls.action('add') : urls.item(mode, itemId ?? '');
  let assistant: ItemEditorData['assistant'] = null;
  if (editor.assistantPath) {
    const used = assistantUseOf(new URL(`http://app.invalid/?${search.toString()}`));
    if (used?.title != null) defaultValue.title = used.title;
    if (used?.description != null) defaultValue.description = plainToHtml(used.description);
    const back = withoutUse(formAction);
    const title = typeof defaultValue.title === 'string' ? defaultValue.title.slice(0, 200) : '';
    const description = typeof defaultValue.description === 'string' ? htmlToPlain(defaultValue.description).slice(0, 4000) : '';
    assistant = {
      href: hrefs.assistant(editor.assistantPath, { back, title }),
      editHref: hrefs.assistant(editor.assistantPath, { back, mode: 'edit', title, description }),
      used: used !== null,
    };
  }
  return {
    kind: 'screen',
    data: {
      mode,
      heading: `${mode === 'add' ? 'Add' : mode === 'edit' ? 'Edit' : 'Duplicate'} ${list.definition.itemName}`,
      contextKey: list.key,
      fields: editor.fields,
      defaultValue,
      itemKey,
      version,
      // Cancel returns to the row the form was opened from (Add: to the list).
      cancelHref: mode === 'add' || !itemId ? urls.list : atRow(urls.list, itemId),
      formAction,
      assistant,
      templates,
      itemLinks: mode === 'edit' ? (editor.itemLinks ?? []).map((link) => ({ label: link.label, href: link.href(itemKey) })) : [],
    },
  };
}

/** Submit of the item form (its intent read, its editor the list's own): saved, or the form again. */
export async function answerItemEditorPost(
  { db, paths }: EditorDeps,
  list: ResolvedList,
  editor: InlineEditor,
  mode: EditorMode,
  itemId: string | undefined,
  formData: FormData,
  search: URLSearchParams,
): Promise<ItemEditorAnswer> {
  const version = mode === 'edit' ? postedVersion(formData) : null;
  const submission = parseWithZod(formData, { schema: editor.schema });
  const form = (status: number, result: SubmissionResult<string[]>, more: Partial<ItemEditorActionData> = {}): ItemEditorAnswer => ({
    kind: 'form',
    status,
    data: { result, version, conflict: null, ...more },
  });
  if (submission.status !== 'success') return form(submission.status === 'error' ? 400 : 200, submission.reply());
  let key: string;
  if (mode === 'edit') {
    const valid = validKey(itemId);
    if (!valid) return NOT_FOUND;
    key = valid;
  } else key = String(formData.get(ITEM_KEY_FIELD) ?? '');
  if (!isValidKey(key)) return form(400, submission.reply({ formErrors: ['The form is out of date. Reload it and try again.'] }));
  const record = cleanRichText(editor, editor.toRecord(submission.value));
  const isNew = mode !== 'edit';
  if (isNew && list.definition.order.by === 'ordinal') {
    const ordinal = await topOrdinal(db, paths, list.address);
    if (ordinal !== null) record.ordinal = ordinal;
  }
  if (mode === 'duplicate' && itemId) {
    const originalKey = validKey(itemId);
    if (!originalKey) return NOT_FOUND;
    const original = await readItem(db, paths, list.address, originalKey);
    if (original) keepOriginalFields(record, original);
  }
  const saved = await saveItem(db, paths, list.address, key, record, { isNew, version, formValueOf: formValueOf(editor) });
  // Saved: back to the list at the saved row (a new one too).
  const done: ItemEditorAnswer = { kind: 'done', to: atRow(listUrls(list.location, search).list, key), message: SAVED };
  if (saved.ok) return done;
  if (saved.reason === 'exists') {
    // The same form posted twice, and the first post saved it: saved.
    const stored = await readItem(db, paths, list.address, key);
    const toForm = formValueOf(editor);
    if (stored && versionOf(toForm(stored)) === versionOf(toForm(record))) return done;
    // Another item has the key: nothing was written; the form comes back with a fresh key.
    return form(409, submission.reply({ formErrors: [keyTakenMessage(list.definition.itemName)] }), {
      itemKey: newItemKey(db, paths, list.address),
    });
  }
  if (saved.reason !== 'conflict') return form(409, submission.reply({ formErrors: [GONE_MESSAGE] }));
  const labels = Object.fromEntries(editor.fields.map((field) => [field.name, field.label]));
  const theirs = saved.stored ? (editor.toForm(saved.stored) as Record<string, unknown>) : {};
  const conflict: Conflict = {
    message: conflictMessage(`This ${list.definition.itemName}`),
    version: saved.version,
    theirs: conflictRows(labels, theirs, submission.value as Record<string, unknown>),
  };
  return form(409, submission.reply(), { version: saved.version, conflict });
}

/** The view a delete posted from: a dated list's archive deletes, its active view archives. */
function deleteView(list: ResolvedList, search: URLSearchParams) {
  return list.definition.dated ? (list.view ?? (search.get('view') === 'archive' ? 'archive' : 'active')) : null;
}

/** Spec 02 §8 "Delete Item": the confirmation. */
export async function loadDeleteScreen(
  { db, paths }: EditorDeps,
  list: ResolvedList,
  itemId: string | undefined,
  search: URLSearchParams,
): Promise<{ kind: 'screen'; data: DeleteData } | ElsewhereAnswer> {
  const key = validKey(itemId);
  if (!key) return NOT_FOUND;
  const stored = await readItem(db, paths, list.address, key);
  if (!stored) return GONE;
  const urls = listUrls(list.location, search);
  const titleField = list.definition.fields.title;
  return {
    kind: 'screen',
    data: {
      title: DELETE_ITEM_TITLE,
      text: DELETE_ITEM_TEXT,
      itemTitle: typeof stored[titleField] === 'string' ? String(stored[titleField]) : key,
      archive: Boolean(list.definition.dated) && (list.view ?? search.get('view')) !== 'archive',
      cancelHref: atRow(urls.list, key),
      formAction: urls.item('delete', key),
    },
  };
}

/** Delete confirmed: the item deleted (or archived from a dated list's active view), back to the list. */
export async function answerDelete(
  deps: EditorDeps,
  list: ResolvedList,
  key: string,
  search: URLSearchParams,
  now = Date.now(),
): Promise<{ kind: 'done'; to: string; message: string }> {
  const result = await listUseCase(deps).remove(list, [key], { view: deleteView(list, search), now });
  const message = result.archived > 0 ? 'The item was moved to the archive.' : 'The item was deleted.';
  return { kind: 'done', to: listUrls(list.location, search).list, message };
}

/** The delete's item key from the address, checked before anything is read. */
export const deleteKeyOf = validKey;
