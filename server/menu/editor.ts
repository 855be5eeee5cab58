import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { storagePaths, safeFileName } from '@server/paths';
import { dropAdPage } from '@server/promos/store';
import { qrImages, type QrImages } from '@server/qr';
import type { Services } from '@server/services';
import { storeUploadedFile, type ParsedUpload } from '@server/storage';
import { type AuthGroup, MISSING_UNIQUE_ID_MESSAGE } from '~/lib/catalogues/auth-groups';
import { getMenuButtonType } from '~/lib/catalogues/menu-buttons';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { iconSetName } from '~/lib/icons/icon-sets';
import { INVALID_SVG_MESSAGE, checkUploadedSvg, sanitizeSvg } from '~/lib/icons/sanitize';
import {
  ADD_MENU_ITEM_TITLE,
  EDIT_MENU_ITEM_TITLE,
  FILE_FIELD,
  FILE_TYPES,
  ICON_FILE_FIELD,
  MenuItemSchema,
  RECORD_SOURCES,
  TABBED_TYPES,
  applyTypeChange,
  menuItemDefaults,
  newItemDefaults,
  type MenuItemDefaults,
  type MenuItemIntentValue,
  type MenuItemValue,
} from '~/schemas/menu-item';
import {
  MENU_ITEM_MESSAGES,
  authChoices,
  canDeleteMenuItem,
  communityIconColors,
  deleteMenuItem,
  findMenuItem,
  formValueOf,
  menuItemVersion,
  newItemColors,
  readMenuItems,
  recordChoices,
  saveMenuItem,
  trackedDeepLink,
  trackingFor,
  typeOfItem,
  usedUniqueIds,
  type Choice,
  type EditorItem,
} from './items';
import type { MenuSection } from './sections';

/**
 * The menu item editor's rules (spec 02 "Menu item editor", §4 "Menu item", §5, §6; spec 01
 * §2.6, §4.3): what the editor shows for a new or stored item, and what each post of its one
 * multipart form does. The routes (`/add`, `/home/edit/:itemId`) check permissions, read the
 * section and the intent, and turn these answers into responses.
 *
 * - GET `?pick` (and `?q=` to filter) shows the Select Menu Type picker as links to
 *   `?type={id}`; adding starts there.
 * - Posts: `save`; `change-type` (the type select without JavaScript); `pick-type` (More menu
 *   types…: the picker over the form, everything typed kept), `choose-type:{id}` (a type from
 *   that picker, applied to what was typed) and `close-picker`; `search-icons`; `upload-svg`
 *   / `remove-svg`; `upload-file`; conform's insert/remove of tab rows; `delete` (edit only,
 *   after the 'Delete Item' confirmation of GET `?delete`). Every answer that is not a save
 *   shows the form again with what was typed.
 */

export type MenuItemMode = 'add' | 'edit';

export interface MenuItemEditorData {
  mode: MenuItemMode;
  heading: string;
  /** The address of this editor (without query). */
  path: string;
  section: { id: string; title: string };
  /** The form's values; null while a new item's type is being picked. */
  defaultValue: MenuItemDefaults | null;
  picker: { open: boolean; query: string };
  /** Records each record-pointing type can choose from (forms, hunts, calendars, maps …). */
  choices: Record<string, Choice[]>;
  authGroups: AuthGroup[];
  community: { iconSet: string; iconSetName: string; colorIconShape: string; colorIconBackground: string };
  /** Edit only: whether this person may delete the item, and why not. */
  canDelete: boolean;
  deleteBlocked: string | null;
  confirmDelete: boolean;
  qr: QrImages | null;
  /** Spec 02 §5/§8: the item has no identifier at all. */
  missingUniqueId: string | null;
  /** The Error dialog about it was answered (`?ok`). */
  missingUniqueIdSeen: boolean;
  /** Edit only: the version of the item as shown (app/lib/conflict.ts). */
  version: string | null;
  fileAccept: readonly string[];
  /** What a File item may upload, before any file is chosen (never an error text). */
  fileHint: string;
  /** The error when a chosen file is over the limit. */
  tooLargeMessage: string;
  maxFileBytes: number;
}

export interface MenuItemActionData {
  result: SubmissionResult<string[]>;
  /** The icon search typed without JavaScript. */
  iconQuery?: string;
  /** A refused save (the item is gone, or protected). */
  formError?: string | null;
  /** The Select Menu Type picker over the form (More menu types…), with its filter. */
  picker?: { query: string } | null;
  /** The version the form holds: the one it was posted with, or the stored one after a conflict. */
  version?: string | null;
  /** Someone else saved the item meanwhile: their values, and the version Save now replaces. */
  conflict?: Conflict | null;
}

/** What a post of the editor comes to: the form again, or a write done or refused. */
export type MenuItemPostOutcome =
  | { kind: 'form'; status: number; data: MenuItemActionData }
  | { kind: 'saved'; added: boolean }
  | { kind: 'deleted' }
  | { kind: 'delete-refused'; message: string };

export interface EditorContext {
  community: string;
  /** The community record (icon set, colours, tracking, delete protection). */
  record: Record<string, unknown>;
  isResortSystem: boolean;
  section: MenuSection;
  /** The edited item; null when adding. */
  item: EditorItem | null;
}

/** The item of the section the address names, with its type; null when it is gone. */
export async function findEditedItem(services: Services, community: string, menuId: string, itemKey: string): Promise<EditorItem | null> {
  const found = findMenuItem(await readMenuItems(services, community, menuId), itemKey);
  return found ? { ...found, type: typeOfItem(found.value) } : null;
}

async function allChoices(services: Services, community: string): Promise<Record<string, Choice[]>> {
  const ids = Object.keys(RECORD_SOURCES);
  const lists = await Promise.all(ids.map((id) => recordChoices(services, community, id)));
  return Object.fromEntries(ids.map((id, index) => [id, lists[index] ?? []]));
}

/** Spec 02 §2: the QR Code section, for types categorygrid, business and amc-events when tracking is enabled. */
async function qrFor(services: Services, community: string, record: Record<string, unknown>, item: EditorItem): Promise<QrImages | null> {
  const uniqueId = typeof item.value.uniqueId === 'string' ? item.value.uniqueId : '';
  if (!item.type?.allowsQr || uniqueId === '') return null;
  const tracking = await trackingFor(services, community, record);
  if (!tracking) return null;
  const action = typeof item.value.type === 'string' ? item.value.type : item.type.id;
  return qrImages(trackedDeepLink(tracking, { communityKey: community, action, actionKey: uniqueId }));
}

/** Types whose content lives under the item's uniqueId: without one the app cannot open them. */
const NEEDS_CONTEXT = new Set([...Object.keys(RECORD_SOURCES), ...TABBED_TYPES, 'simple', 'categorygrid']);

/** '100 MB' for the upload limit. */
export function formatBytes(bytes: number): string {
  const mb = bytes / 1_024_000;
  return mb >= 1 ? `${Math.round(mb)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The neutral hint of a File item's upload: what may be uploaded and how large. */
export const fileHint = (maxBytes: number) => `PDF, PNG or JPEG, up to ${formatBytes(maxBytes)}.`;

export async function menuItemEditorData(
  services: Services,
  ctx: EditorContext,
  search: URLSearchParams,
  upload: { maxBytes: number; tooLargeMessage: string },
): Promise<MenuItemEditorData> {
  const { community, record, section, item } = ctx;
  const mode: MenuItemMode = item ? 'edit' : 'add';
  const [choices, authGroups] = await Promise.all([allChoices(services, community), authChoices(services, community)]);
  const pickedType = getMenuButtonType(search.get('type'));

  let values: Record<string, unknown> | null;
  if (item) {
    const stored = formValueOf(section.id, item);
    values = pickedType && pickedType.id !== stored.typeId ? applyTypeChange(stored, pickedType.id) : stored;
  } else {
    values = pickedType ? newItemDefaults(pickedType, section.id) : null;
  }
  let defaultValue: MenuItemDefaults | null = null;
  if (values) {
    // Colour inputs always post a colour: they start with the item's, else the community's
    // (random ones for a new item when the community's random icon colours are on).
    const colors = item ? communityIconColors(record) : newItemColors(record);
    defaultValue = menuItemDefaults({
      ...values,
      colorIconShape: values.colorIconShape || colors.colorIconShape,
      colorIconBackground: values.colorIconBackground || colors.colorIconBackground,
    });
  }
  const deletable = item ? canDeleteMenuItem(section.id, item.index, record, ctx.isResortSystem) : false;
  const hasId = item ? [item.value.uniqueId, item.value.id].some((id) => typeof id === 'string' && id.trim() !== '') : true;
  const iconSet = typeof record.iconSet === 'string' && record.iconSet !== '' ? record.iconSet : 'svg_round';

  return {
    mode,
    heading: mode === 'edit' ? EDIT_MENU_ITEM_TITLE : ADD_MENU_ITEM_TITLE,
    path: item ? hrefs.homeItemEdit(item.key) : hrefs.homeAction('add'),
    section: { id: section.id, title: section.title },
    defaultValue,
    picker: { open: search.has('pick') || defaultValue === null, query: search.get('q') ?? '' },
    choices,
    authGroups,
    community: { iconSet, iconSetName: iconSetName(iconSet), ...communityIconColors(record) },
    canDelete: deletable,
    deleteBlocked: item && !deletable ? MENU_ITEM_MESSAGES.protectedDelete : null,
    confirmDelete: Boolean(item && deletable && search.has('delete')),
    qr: item ? await qrFor(services, community, record, item) : null,
    missingUniqueId: item && !hasId && NEEDS_CONTEXT.has(item.type?.id ?? '') ? MISSING_UNIQUE_ID_MESSAGE : null,
    missingUniqueIdSeen: search.has('ok'),
    version: item ? menuItemVersion(section.id, item) : null,
    fileAccept: FILE_TYPES,
    fileHint: fileHint(upload.maxBytes),
    tooLargeMessage: upload.tooLargeMessage,
    maxFileBytes: upload.maxBytes,
  };
}

const iconQueryOf = (formData: FormData): string => String(formData.get('iconQuery') ?? '').slice(0, 100);
const typeQueryOf = (formData: FormData): string => String(formData.get('typeQuery') ?? '').slice(0, 100);

/** The form again, as typed and without errors (a step that is not a save). */
function formAgain(values: Record<string, unknown>, formData: FormData, extra: Partial<MenuItemActionData> = {}): MenuItemPostOutcome {
  const initialValue: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    initialValue[name] = typeof value === 'boolean' ? (value ? 'on' : '') : value;
  }
  return {
    kind: 'form',
    status: 200,
    data: { result: { initialValue: initialValue as SubmissionResult['initialValue'] }, iconQuery: iconQueryOf(formData), ...extra },
  };
}

/**
 * One post of the editor's form, its intent read by the route. The item and section come from
 * the address and the session, never from the form.
 */
export async function menuItemPost(
  services: Services,
  ctx: EditorContext,
  upload: ParsedUpload,
  intent: MenuItemIntentValue,
): Promise<MenuItemPostOutcome> {
  // Every answer that shows the form again keeps the version it was posted with, so a Save
  // after any other step still compares with the item as the form first showed it.
  const version = ctx.item ? postedVersion(upload.formData) : null;
  const outcome = await answerPost(services, ctx, upload, intent, version);
  if (outcome.kind === 'form' && outcome.data.version === undefined) outcome.data.version = version;
  return outcome;
}

/** The labels of the fields a conflict lists (the editor's own labels). */
const CONFLICT_LABELS = {
  type: 'Menu Type',
  name: 'Title',
  description: 'Description',
  icon: 'Icon',
  colorIconShape: 'Icon Color',
  colorIconBackground: 'Icon Background Color',
  url: 'URL',
  useWebView: 'Open inside the app (web view)',
  existingId: 'Record',
  tabs: 'Tabs',
  isRestricted: 'Restrict to user groups',
  auth: 'User Group',
} as const;

/** Values of the editor as the conflict notice compares and shows them. */
function comparable(values: Record<string, unknown>): Record<string, unknown> {
  const type = getMenuButtonType(typeof values.typeId === 'string' ? values.typeId : undefined);
  const icon = typeof values.icon === 'string' && values.icon !== '' ? values.icon : values.iconSvg ? 'Custom svg icon' : '';
  const tabs = Array.isArray(values.tabs) ? values.tabs.map((tab: { title?: unknown }) => tab?.title) : [];
  return { ...values, type: type?.name ?? values.typeId, icon, tabs, isRestricted: values.isRestricted === true };
}

async function answerPost(
  services: Services,
  ctx: EditorContext,
  upload: ParsedUpload,
  intent: MenuItemIntentValue,
  version: string | null,
): Promise<MenuItemPostOutcome> {
  const { community, section, item } = ctx;
  const formData = upload.formData;
  formData.set('menuId', section.id);
  formData.set('itemKey', item?.key ?? '');
  const iconFile = formData.get(ICON_FILE_FIELD);
  const file = formData.get(FILE_FIELD);
  formData.delete(ICON_FILE_FIELD);
  formData.delete(FILE_FIELD);
  const fieldErrors: Record<string, string[]> = {};

  if (intent.intent === 'delete') {
    if (!item) return { kind: 'delete-refused', message: MENU_ITEM_MESSAGES.gone };
    const result = await deleteMenuItem(services, community, section.id, item.key, (index) =>
      canDeleteMenuItem(section.id, index, ctx.record, ctx.isResortSystem),
    );
    if (!result.ok) return { kind: 'delete-refused', message: result.message };
    // Spec 02 §7 "ads pages update": the list this item opened is no banner ad's page any more.
    const uniqueId = typeof item.value.uniqueId === 'string' ? item.value.uniqueId.trim() : '';
    if (uniqueId && !(await usedUniqueIds(services, community)).has(uniqueId)) await dropAdPage(services, community, uniqueId);
    return { kind: 'deleted' };
  }

  if (!upload.ok) {
    fieldErrors[upload.error.field === ICON_FILE_FIELD ? 'icon' : 'url'] = [upload.error.message];
  }

  // An uploaded svg icon (spec 02 §5: only .svg, no <image> tags) replaces the library icon.
  if (iconFile instanceof File && iconFile.size > 0) {
    const source = await iconFile.text();
    const problem = checkUploadedSvg(source, iconFile.name);
    if (problem) fieldErrors.icon = [problem];
    else {
      formData.set('iconSvg', sanitizeSvg(source));
      formData.set('icon', '');
    }
  }
  // The custom icon the form carries in a hidden field is cleaned again on every post, whatever
  // the browser sent: only drawing markup is kept (no scripts, handlers or foreign objects).
  const postedSvg = formData.get('iconSvg');
  if (typeof postedSvg === 'string' && postedSvg.trim() !== '' && !fieldErrors.icon) {
    const clean = sanitizeSvg(postedSvg);
    if (clean === '') fieldErrors.icon = [INVALID_SVG_MESSAGE];
    formData.set('iconSvg', clean);
  }
  if (intent.intent === 'remove-svg') {
    formData.set('iconSvg', '');
    if (!formData.get('icon')) formData.set('icon', getMenuButtonType(String(formData.get('typeId') ?? ''))?.icon ?? '');
  }
  // A library icon chosen after an upload wins over the uploaded svg.
  if (String(formData.get('icon') ?? '') !== '') formData.set('iconSvg', '');

  // A file for a File item: stored under the community's files, its address becomes the url.
  if (file instanceof File && file.size > 0 && !fieldErrors.url) {
    const stored = await storeUploadedFile(
      services.storage,
      storagePaths.upload(community, 'files', Date.now(), safeFileName(file.name)),
      file,
    );
    formData.set('url', stored.url);
  }

  const submission = parseWithZod(formData, { schema: MenuItemSchema });
  // The type the form was shown with: type defaults are applied against it.
  const shownWith = () => String(formData.get('previousTypeId') ?? '') || (item ? typeOfItem(item.value)?.id : undefined) || '';

  if (intent.intent === 'change-type') {
    // Without JavaScript the type select is applied with its own button.
    const next = String(formData.get('typeId') ?? '');
    return formAgain(applyTypeChange({ ...submission.payload, typeId: shownWith() || next }, next), formData);
  }
  if (intent.intent === 'choose-type') {
    // A type from the Select Menu Type picker over the form: everything typed stays.
    return formAgain(applyTypeChange({ ...submission.payload, typeId: shownWith() || intent.argument }, intent.argument), formData);
  }
  if (intent.intent === 'pick-type') {
    return formAgain({ ...submission.payload }, formData, { picker: { query: typeQueryOf(formData) } });
  }

  const conformIntent = formData.has('__intent__');
  if (intent.intent !== 'save' || conformIntent || Object.keys(fieldErrors).length > 0) {
    if (Object.keys(fieldErrors).length > 0) {
      return { kind: 'form', status: 400, data: { result: submission.reply({ fieldErrors }), iconQuery: iconQueryOf(formData) } };
    }
    if (conformIntent) return { kind: 'form', status: 200, data: { result: submission.reply(), iconQuery: iconQueryOf(formData) } };
    return {
      kind: 'form',
      status: 200,
      data: { result: { initialValue: submission.reply().initialValue }, iconQuery: iconQueryOf(formData) },
    };
  }
  if (submission.status !== 'success') {
    return { kind: 'form', status: 400, data: { result: submission.reply(), iconQuery: iconQueryOf(formData) } };
  }

  const value = submission.value as MenuItemValue;
  const saved = await saveMenuItem(services, value, { community, record: ctx.record, now: Date.now(), expectedVersion: version });
  if (!saved.ok && 'conflict' in saved) {
    // Nothing written: the form as typed, their item beside it, and the version Save now replaces.
    const theirs = comparable(formValueOf(section.id, saved.conflict.item));
    const conflict: Conflict = {
      message: conflictMessage('This menu item'),
      version: saved.conflict.version,
      theirs: conflictRows(CONFLICT_LABELS, theirs, comparable(value)),
    };
    return {
      kind: 'form',
      status: 409,
      data: { result: submission.reply(), iconQuery: iconQueryOf(formData), version: conflict.version, conflict },
    };
  }
  if (!saved.ok) {
    return { kind: 'form', status: 409, data: { result: submission.reply({ formErrors: [saved.message] }), formError: saved.message } };
  }
  return { kind: 'saved', added: saved.added };
}
