import { data, redirect } from '@remix-run/node';
import { notInThisCommunity } from '@server/authz';
import type { HeaderTarget } from '@server/header/editor-post';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { listPath, listUseCase } from '@server/listing';
import {
  answerDelete,
  answerItemEditorPost,
  deleteKeyOf,
  inlineEditorOf,
  isElsewhere,
  loadDeleteScreen,
  loadItemEditorScreen,
  type DeleteData,
  type EditorMode,
  type ElsewhereAnswer,
  type ItemEditorActionData,
  type ItemEditorData,
} from '@server/listing/item-editor';
import { answerSort, hasSortMode, type SortActionData } from '@server/listing/sort-mode';
import { isValidKey } from '@server/paths';
import { parseIntent } from '~/lib/intent';
import { listUrls } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';
import { DeleteIntent, EditorIntent, SortIntent } from './intents';
import type { ResolvedList } from './resolve.server';

/**
 * The right column's forms of a list (spec 02 §4 listing actions): add, edit, duplicate, delete
 * (spec 02 §8 "Delete Item") and sort mode. The route resolves the list (and who may open it);
 * this reads the form and the intent and turns the answers of server/listing/item-editor.ts and
 * server/listing/sort-mode.ts into responses.
 */

export type { DeleteData, EditorMode, ItemEditorActionData, ItemEditorData, SortActionData };

const searchOf = (request: Request) => new URL(request.url).searchParams;

/** Another screen edits the item (a redirect), or there is nothing here (404). */
function elsewhere(answer: ElsewhereAnswer): Response {
  return answer.kind === 'redirect' ? redirect(answer.to) : new Response(answer.message, { status: 404 });
}

export async function loadItemEditor(request: Request, list: ResolvedList, mode: EditorMode, itemId?: string): Promise<ItemEditorData> {
  const services = await getServices();
  const answer = await loadItemEditorScreen(services, list, mode, itemId, searchOf(request));
  if (answer.kind === 'screen') return answer.data;
  // An item of another of the person's communities: the page says whose it is (and offers to switch).
  const { kind } = list.definition.source;
  if (answer.kind !== 'redirect' && mode !== 'add' && itemId && isValidKey(itemId) && (kind === 'section' || kind === 'node')) {
    throw await notInThisCommunity(services.db, list.staff, 'listing', (community) => {
      try {
        return `${listPath(services.paths, { ...list.address, community })}/${itemId}`;
      } catch {
        return null;
      }
    });
  }
  throw elsewhere(answer);
}

export async function itemEditorAction(request: Request, list: ResolvedList, mode: EditorMode, itemId?: string) {
  const editor = inlineEditorOf(list, mode === 'add' ? null : (itemId ?? null));
  if (isElsewhere(editor)) {
    // Another screen edits these items: a post here is answered as the form's would be, then sent there.
    parseIntent(await readForm(request), EditorIntent, { fallback: 'save' });
    throw elsewhere(editor);
  }
  const formData = await readForm(request, { schemas: editor.schema });
  // conform's list buttons (add a row, remove a row) post no intent: the form comes back, unsaved.
  parseIntent(formData, EditorIntent, { fallback: 'save' });
  const answer = await answerItemEditorPost(await getServices(), list, editor, mode, itemId, formData, searchOf(request));
  if (answer.kind === 'form') return data<ItemEditorActionData>(answer.data, { status: answer.status });
  if (answer.kind === 'done') return redirectWithToast(request, answer.to, { kind: 'success', message: answer.message });
  throw elsewhere(answer);
}

// ─── Delete ───────────────────────────────────────────────────────────────────────────────────

export async function loadDelete(request: Request, list: ResolvedList, itemId?: string): Promise<DeleteData> {
  const answer = await loadDeleteScreen(await getServices(), list, itemId, searchOf(request));
  if (answer.kind !== 'screen') throw elsewhere(answer);
  return answer.data;
}

export async function deleteAction(request: Request, list: ResolvedList, itemId?: string) {
  const key = deleteKeyOf(itemId);
  if (!key) throw notFound();
  parseIntent(await readForm(request), DeleteIntent);
  const answer = await answerDelete(await getServices(), list, key, searchOf(request));
  return redirectWithToast(request, answer.to, { kind: 'success', message: answer.message });
}

// ─── Sort ─────────────────────────────────────────────────────────────────────────────────────

export function requireSortable(list: ResolvedList): void {
  if (!hasSortMode(list)) throw notFound();
}

export async function sortAction(request: Request, list: ResolvedList) {
  requireSortable(list);
  const services = await getServices();
  // A source that is not sorted by hand has no sort mode (every sortable context's source is).
  if (!listUseCase(services).sortable(list)) throw notFound();
  const formData = await readForm(request);
  const chosen = parseIntent(formData, SortIntent);
  const answer = await answerSort(services, list, chosen.intent, formData, searchOf(request));
  if (answer.kind === 'form') return data<SortActionData>(answer.data, { status: answer.status });
  if (answer.kind === 'moved') return redirect(answer.to);
  return redirectWithToast(request, answer.to, { kind: 'success', message: answer.message });
}

/** Sort mode's right column: where its buttons post and where Done goes. */
export async function loadSort(request: Request, list: ResolvedList): Promise<{ action: string; doneHref: string }> {
  requireSortable(list);
  const urls = listUrls(list.location, searchOf(request));
  return { action: urls.action('sort'), doneHref: urls.list };
}

/** The header editor of a list: header-info/{context}, back to the list after Save or Cancel. */
export function listHeaderTarget(request: Request, list: ResolvedList): HeaderTarget {
  const urls = listUrls(list.location, searchOf(request));
  return {
    context: list.headerContext,
    formAction: urls.action('header-images'),
    returnTo: urls.list,
    ...(list.headerNode ? { node: list.headerNode } : {}),
  };
}
