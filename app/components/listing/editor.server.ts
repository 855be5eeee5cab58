import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer, redirect } from '@remix-run/node';
import { plainTextOf } from '@server/community/description';
import { versionOf } from '@server/db/version';
import { sanitizeRichText } from '@server/html';
import { readForm } from '@server/http/form.server';
import { ListError, moveItem, newItemKey, readItem, reorder, saveItem, sortAlphabetically, topOrdinal } from '@server/listing';
import type { HeaderTarget } from '~/components/header-editor/header-images.server';
import { redirectWithToast } from '~/components/toast.server';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { isValidKey } from '~/lib/db-key';
import { parseIntent } from '~/lib/intent';
import { isListContextKey, type ListContextKey } from '~/lib/listing/contexts';
import type { EditorField, InlineEditor } from '~/lib/listing/types';
import { listUrls } from '~/lib/listing/urls';
import { getServices } from '~/services.server';
import { DELETE_ITEM_TEXT, DELETE_ITEM_TITLE, GONE_MESSAGE, ITEM_KEY_FIELD, keyTakenMessage, SAVED } from './editor-texts';
import { DeleteIntent, EditorIntent, SortIntent } from './intents';
import { deleteListed, listNode, MAX_SORT_ROWS } from './list.server';
import type { ResolvedList } from './resolve.server';

/**
 * The right column's forms of a list (spec 02 §4 listing actions): add (add-button: a new item
 * with a fresh key, on top), edit, duplicate, cancel (a link back: nothing was written), submit
 * (saves and reloads the list), delete (spec 02 §8 "Delete Item"), sort (Move up / Move down,
 * drag, alphabetical with the spec's confirmation).
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
}

export interface ItemEditorActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict: Conflict | null;
  /** A fresh key for the next Submit of an add or duplicate whose key was taken. */
  itemKey?: string;
}

function inlineEditor(list: ResolvedList, itemId: string | null): InlineEditor {
  const editor = list.definition.editor;
  if (editor.kind === 'detail') {
    const node = encodeURIComponent(listNode(list.address));
    const type = encodeURIComponent(editor.detailType);
    throw redirect(itemId ? `/detail/${type}/${node}/${encodeURIComponent(itemId)}` : `/detail/${type}/${node}`);
  }
  if (editor.kind === 'menu-item') throw redirect(`/?section=${encodeURIComponent(list.address.base)}`);
  // A list whose rows have a form of their own (messages) has no item editor here.
  if (editor.kind === 'linked') throw new Response('Not Found', { status: 404 });
  return editor;
}

function checkKey(itemId: string | undefined): string {
  if (!itemId || !isValidKey(itemId)) throw new Response('Not Found', { status: 404 });
  return itemId;
}

const formValueOf = (editor: InlineEditor) => (stored: Record<string, unknown>) => editor.toForm(stored) as unknown;

/** Fields the duplicate leaves behind (spec 02 §3: ids, times and recurrence are the original's). */
const NOT_DUPLICATED = [
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

export async function loadItemEditor(request: Request, list: ResolvedList, mode: EditorMode, itemId?: string): Promise<ItemEditorData> {
  const { db, paths } = await getServices();
  const editor = inlineEditor(list, mode === 'add' ? null : (itemId ?? null));
  const urls = listUrls(list.location, new URL(request.url).searchParams);
  const name = list.definition.itemName;
  let defaultValue: Record<string, unknown>;
  let version: string | null = null;
  let itemKey: string;
  if (mode === 'add') {
    defaultValue = editor.defaults() as Record<string, unknown>;
    itemKey = newItemKey(db, paths, list.address);
  } else {
    const key = checkKey(itemId);
    const stored = await readItem(db, paths, list.address, key);
    if (!stored) throw new Response(GONE_MESSAGE, { status: 404 });
    if (mode === 'edit') {
      defaultValue = editor.toForm(stored) as Record<string, unknown>;
      version = versionOf(defaultValue);
      itemKey = key;
    } else {
      const copy = Object.fromEntries(Object.entries(stored).filter(([field]) => !NOT_DUPLICATED.includes(field)));
      defaultValue = editor.toForm(copy) as Record<string, unknown>;
      itemKey = newItemKey(db, paths, list.address);
    }
  }
  // The messages list's rows have a form of their own (inlineEditor answered 404 already).
  if (!isListContextKey(list.key)) throw new Response('Not Found', { status: 404 });
  return {
    mode,
    heading: `${mode === 'add' ? 'Add' : mode === 'edit' ? 'Edit' : 'Duplicate'} ${name}`,
    contextKey: list.key,
    fields: editor.fields,
    defaultValue,
    itemKey,
    version,
    cancelHref: urls.list,
    formAction: mode === 'add' ? urls.action('add') : urls.item(mode, itemId ?? ''),
  };
}

/** Rich text as stored: sanitized, with its plain-text `description` beside `htmlDescription`. */
function cleanRichText(editor: InlineEditor, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const field of editor.fields) {
    if (field.kind !== 'rich-text') continue;
    const html = sanitizeRichText(out[field.name]);
    out[field.name] = html;
    if (field.name === 'htmlDescription') out.description = plainTextOf(html);
  }
  return out;
}

export async function itemEditorAction(request: Request, list: ResolvedList, mode: EditorMode, itemId?: string) {
  if (list.definition.editor.kind !== 'inline') {
    // Another screen edits these items: a post here is answered as the form's would be, then sent there.
    parseIntent(await readForm(request), EditorIntent, { fallback: 'save' });
  }
  const editor = inlineEditor(list, mode === 'add' ? null : (itemId ?? null));
  const formData = await readForm(request, { schemas: editor.schema });
  // conform's list buttons (add a row, remove a row) post no intent: the form comes back, unsaved.
  parseIntent(formData, EditorIntent, { fallback: 'save' });
  const version = mode === 'edit' ? postedVersion(formData) : null;
  const submission = parseWithZod(formData, { schema: editor.schema });
  if (submission.status !== 'success') {
    return answer<ItemEditorActionData>(
      { result: submission.reply(), version, conflict: null },
      { status: submission.status === 'error' ? 400 : 200 },
    );
  }
  const { db, paths } = await getServices();
  const key = mode === 'edit' ? checkKey(itemId) : String(formData.get(ITEM_KEY_FIELD) ?? '');
  if (!isValidKey(key)) {
    return answer<ItemEditorActionData>(
      { result: submission.reply({ formErrors: ['The form is out of date. Reload it and try again.'] }), version, conflict: null },
      { status: 400 },
    );
  }
  const record = cleanRichText(editor, editor.toRecord(submission.value as never));
  const isNew = mode !== 'edit';
  if (isNew && list.definition.order.by === 'ordinal') {
    const ordinal = await topOrdinal(db, paths, list.address);
    if (ordinal !== null) record.ordinal = ordinal;
  }
  if (mode === 'duplicate' && itemId) {
    // The copy keeps what the form does not show (images, buttons, hours …) from the original.
    const original = await readItem(db, paths, list.address, checkKey(itemId));
    if (original) {
      for (const [field, value] of Object.entries(original)) {
        if (!(field in record) && !NOT_DUPLICATED.includes(field)) record[field] = value;
      }
    }
  }
  const saved = await saveItem(db, paths, list.address, key, record, { isNew, version, formValueOf: formValueOf(editor) });
  const urls = listUrls(list.location, new URL(request.url).searchParams);
  if (!saved.ok) {
    if (saved.reason !== 'conflict') {
      if (saved.reason === 'exists') {
        // The same form posted twice, and the first post saved it: saved.
        const stored = await readItem(db, paths, list.address, key);
        const toForm = formValueOf(editor);
        if (stored && versionOf(toForm(stored)) === versionOf(toForm(record))) {
          return redirectWithToast(request, urls.list, { kind: 'success', message: SAVED });
        }
        // Another item has the key: nothing was written; the form comes back with a fresh key.
        return answer<ItemEditorActionData>(
          {
            result: submission.reply({ formErrors: [keyTakenMessage(list.definition.itemName)] }),
            version,
            conflict: null,
            itemKey: newItemKey(db, paths, list.address),
          },
          { status: 409 },
        );
      }
      return answer<ItemEditorActionData>(
        { result: submission.reply({ formErrors: [GONE_MESSAGE] }), version, conflict: null },
        { status: 409 },
      );
    }
    const labels = Object.fromEntries(editor.fields.map((field) => [field.name, field.label]));
    const theirs = saved.stored ? (editor.toForm(saved.stored) as Record<string, unknown>) : {};
    const conflict: Conflict = {
      message: conflictMessage(`This ${list.definition.itemName}`),
      version: saved.version,
      theirs: conflictRows(labels, theirs, submission.value as Record<string, unknown>),
    };
    return answer<ItemEditorActionData>({ result: submission.reply(), version: saved.version, conflict }, { status: 409 });
  }
  return redirectWithToast(request, urls.list, { kind: 'success', message: SAVED });
}

// ─── Delete ───────────────────────────────────────────────────────────────────────────────────

export interface DeleteData {
  title: string;
  text: string;
  itemTitle: string;
  archive: boolean;
  cancelHref: string;
  formAction: string;
}

export async function loadDelete(request: Request, list: ResolvedList, itemId?: string): Promise<DeleteData> {
  const { db, paths } = await getServices();
  const key = checkKey(itemId);
  const stored = await readItem(db, paths, list.address, key);
  if (!stored) throw new Response(GONE_MESSAGE, { status: 404 });
  const url = new URL(request.url);
  const urls = listUrls(list.location, url.searchParams);
  const titleField = list.definition.fields.title;
  const archive = Boolean(list.definition.dated) && (list.view ?? url.searchParams.get('view')) !== 'archive';
  return {
    title: DELETE_ITEM_TITLE,
    text: DELETE_ITEM_TEXT,
    itemTitle: typeof stored[titleField] === 'string' ? String(stored[titleField]) : key,
    archive,
    cancelHref: urls.list,
    formAction: urls.item('delete', key),
  };
}

export async function deleteAction(request: Request, list: ResolvedList, itemId?: string) {
  const key = checkKey(itemId);
  const formData = await readForm(request);
  parseIntent(formData, DeleteIntent);
  const url = new URL(request.url);
  const view = list.definition.dated ? (list.view ?? (url.searchParams.get('view') === 'archive' ? 'archive' : 'active')) : null;
  const result = await deleteListed(list, [key], view);
  const message = result.archived > 0 ? 'The item was moved to the archive.' : 'The item was deleted.';
  return redirectWithToast(request, listUrls(list.location, url.searchParams).list, { kind: 'success', message });
}

// ─── Sort ─────────────────────────────────────────────────────────────────────────────────────

export interface SortActionData {
  confirmAlpha: boolean;
  error: string | null;
}

export function requireSortable(list: ResolvedList): void {
  if (!list.definition.sortable || list.definition.order.by !== 'ordinal') throw new Response('Not Found', { status: 404 });
}

export async function sortAction(request: Request, list: ResolvedList) {
  requireSortable(list);
  const { db, paths } = await getServices();
  const formData = await readForm(request);
  const chosen = parseIntent(formData, SortIntent);
  const url = new URL(request.url);
  const urls = listUrls(list.location, url.searchParams);
  const here = urls.action('sort');
  try {
    switch (chosen.intent) {
      case 'move-up':
      case 'move-down': {
        const key = String(formData.get('key') ?? '');
        if (!isValidKey(key)) return answer<SortActionData>({ confirmAlpha: false, error: 'Choose an item to move.' }, { status: 400 });
        const moved = await moveItem(db, paths, list.address, key, chosen.intent === 'move-up' ? 'up' : 'down');
        if (!moved) return answer<SortActionData>({ confirmAlpha: false, error: 'That item cannot move further.' }, { status: 400 });
        return redirect(`${here}${here.includes('?') ? '&' : '?'}moved=${encodeURIComponent(key)}#row-${encodeURIComponent(key)}`);
      }
      case 'reorder': {
        const raw = String(formData.get('order') ?? '');
        let keys: unknown;
        try {
          keys = JSON.parse(raw);
        } catch {
          keys = null;
        }
        if (!Array.isArray(keys) || keys.length > MAX_SORT_ROWS || !keys.every((key) => typeof key === 'string' && isValidKey(key))) {
          return answer<SortActionData>(
            { confirmAlpha: false, error: 'The new order could not be read. Reload the list and sort again.' },
            { status: 400 },
          );
        }
        await reorder(db, paths, list.address, keys as string[]);
        return redirectWithToast(request, here, { kind: 'success', message: 'The new order is saved.' });
      }
      case 'sort-alpha':
        return answer<SortActionData>({ confirmAlpha: true, error: null });
      case 'sort-alpha-confirmed': {
        await sortAlphabetically(db, paths, list.address);
        return redirectWithToast(request, here, { kind: 'success', message: 'The list is sorted alphabetically.' });
      }
    }
  } catch (error) {
    if (error instanceof ListError) {
      return answer<SortActionData>(
        { confirmAlpha: false, error: 'The list changed while you were sorting. Reload it and try again.' },
        { status: 409 },
      );
    }
    throw error;
  }
}

/** Sort mode's right column: where its buttons post and where Done goes. */
export async function loadSort(request: Request, list: ResolvedList): Promise<{ action: string; doneHref: string }> {
  requireSortable(list);
  const urls = listUrls(list.location, new URL(request.url).searchParams);
  return { action: urls.action('sort'), doneHref: urls.list };
}

/** The header editor of a list: header-info/{context}, back to the list after Save or Cancel. */
export function listHeaderTarget(request: Request, list: ResolvedList): HeaderTarget {
  const urls = listUrls(list.location, new URL(request.url).searchParams);
  return {
    context: list.headerContext,
    formAction: urls.action('header-images'),
    returnTo: urls.list,
    ...(list.headerNode ? { node: list.headerNode } : {}),
  };
}
