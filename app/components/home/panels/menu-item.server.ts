import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff, type StaffContext } from '@server/authz';
import {
  MENU_ITEM_MESSAGES,
  authChoices,
  canDeleteMenuItem,
  communityIconColors,
  deleteMenuItem,
  findMenuItem,
  formValueOf,
  newItemColors,
  readMenuItems,
  recordChoices,
  saveMenuItem,
  trackedDeepLink,
  trackingFor,
  typeOfItem,
  type Choice,
  type EditorItem,
} from '@server/menu/items';
import { storagePaths } from '@server/paths';
import { qrImages, type QrImages } from '@server/qr';
import { parseUpload, storeUploadedFile, tooLargeMessage, MAX_UPLOAD_BYTES } from '@server/storage';
import { currentSection } from '~/components/home/menu/section.server';
import { loadCommunityRecord } from '~/components/shell/shell.server';
import { redirectWithToast } from '~/components/toast.server';
import { type AuthGroup, MISSING_UNIQUE_ID_MESSAGE } from '~/lib/catalogues/auth-groups';
import { getMenuButtonType } from '~/lib/catalogues/menu-buttons';
import { checkUploadedSvg, sanitizeSvg } from '~/lib/icons/sanitize';
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
  newItemDefaults,
  type MenuItemValue,
} from '~/schemas/menu-item';
import { getServices } from '~/services.server';
import type { PanelServer } from './types';

/**
 * The menu item editor (spec 02 "Menu item editor", §4 "Menu item", §5, §6; spec 01 §2.6, §4.3):
 * the right column of `/add` (a new item of the shown menu section) and of
 * `/home/edit/:itemId` (an item of it; `/edit` alone goes home). Staff of the current
 * community may add and edit (spec 02 §6: staff of a location manage its content).
 *
 * One multipart form posts everything, so each step works without JavaScript:
 * - GET `?pick` (and `?q=` to filter) shows the Select Menu Type picker; its entries are links
 *   to `?type={id}`. Adding starts there.
 * - intents: `save` (default); `change-type` (apply the type select without JavaScript);
 *   `search-icons` (filter the icon choices without JavaScript); `upload-svg` / `remove-svg`;
 *   conform's insert/remove of tab rows; `delete` (after the 'Delete Item' confirmation,
 *   GET `?delete`). Every answer that is not a save shows the form again with what was typed.
 */

export type MenuItemMode = 'add' | 'edit';

export interface MenuItemPanelData {
  mode: MenuItemMode;
  heading: string;
  /** The address of this editor (without query). */
  path: string;
  section: { id: string; title: string };
  /** The form's values; null while a new item's type is being picked. */
  defaultValue: Record<string, unknown> | null;
  picker: { open: boolean; query: string };
  /** Records each record-pointing type can choose from (forms, hunts, calendars, maps …). */
  choices: Record<string, Choice[]>;
  authGroups: AuthGroup[];
  community: { iconSet: string; colorIconShape: string; colorIconBackground: string };
  /** Edit only: whether this person may delete the item, and why not. */
  canDelete: boolean;
  deleteBlocked: string | null;
  confirmDelete: boolean;
  qr: QrImages | null;
  /** Spec 02 §5/§8: the item has no identifier at all. */
  missingUniqueId: string | null;
  /** The Error dialog about it was answered (`?ok`). */
  missingUniqueIdSeen: boolean;
  fileAccept: readonly string[];
  tooLargeMessage: string;
}

export interface MenuItemActionData {
  result: SubmissionResult<string[]>;
  /** The icon search typed without JavaScript. */
  iconQuery?: string;
  /** A refused save or delete (the item is gone, or protected). */
  formError?: string | null;
}

function modeOf(params: LoaderFunctionArgs['params']): MenuItemMode {
  return params.action === 'edit' ? 'edit' : 'add';
}

/** The edited item of the shown section, or a redirect home when the address names none. */
async function editedItem(request: Request, staff: StaffContext, itemId: string | undefined, menuId: string): Promise<EditorItem> {
  if (!itemId) throw redirect('/');
  const services = await getServices();
  const found = findMenuItem(await readMenuItems(services, staff.community, menuId), itemId);
  if (!found) throw await redirectWithToast(request, '/', { kind: 'error', message: MENU_ITEM_MESSAGES.gone });
  return { ...found, type: typeOfItem(found.value) };
}

async function allChoices(community: string): Promise<Record<string, Choice[]>> {
  const services = await getServices();
  const ids = Object.keys(RECORD_SOURCES);
  const lists = await Promise.all(ids.map((id) => recordChoices(services, community, id)));
  return Object.fromEntries(ids.map((id, index) => [id, lists[index]]));
}

/** Spec 02 §2: the QR Code section, for types categorygrid, business and amc-events when tracking is enabled. */
async function qrFor(community: string, record: Record<string, unknown>, item: EditorItem): Promise<QrImages | null> {
  const uniqueId = typeof item.value.uniqueId === 'string' ? item.value.uniqueId : '';
  if (!item.type?.allowsQr || uniqueId === '') return null;
  const services = await getServices();
  const tracking = await trackingFor(services, community, record);
  if (!tracking) return null;
  const action = typeof item.value.type === 'string' ? item.value.type : item.type.id;
  return qrImages(trackedDeepLink(tracking, { communityKey: community, action, actionKey: uniqueId }));
}

/** Types whose content lives under the item's uniqueId: without one the app cannot open them. */
const NEEDS_CONTEXT = new Set([...Object.keys(RECORD_SOURCES), ...TABBED_TYPES, 'simple', 'categorygrid']);

export const menuItemPanel: PanelServer<MenuItemPanelData> = {
  async loader({ request, params }: LoaderFunctionArgs) {
    const staff = await requireStaff(request);
    const mode = modeOf(params);
    const url = new URL(request.url);
    const { section } = await currentSection(request, staff.community);
    const item = mode === 'edit' ? await editedItem(request, staff, params.itemId, section.id) : null;
    const services = await getServices();
    const [record, choices, authGroups] = await Promise.all([
      loadCommunityRecord(staff.community),
      allChoices(staff.community),
      authChoices(services, staff.community),
    ]);
    const pickedType = getMenuButtonType(url.searchParams.get('type'));

    let defaultValue: Record<string, unknown> | null;
    if (item) {
      const stored = formValueOf(section.id, item);
      defaultValue = pickedType && pickedType.id !== stored.typeId ? applyTypeChange(stored, pickedType.id) : stored;
    } else {
      defaultValue = pickedType ? newItemDefaults(pickedType, section.id) : null;
    }
    if (defaultValue) {
      // Colour inputs always post a colour: they start with the item's, else the community's
      // (random ones for a new item when the community's random icon colours are on).
      const colors = item ? communityIconColors(record) : newItemColors(record);
      defaultValue = {
        ...defaultValue,
        colorIconShape: defaultValue.colorIconShape || colors.colorIconShape,
        colorIconBackground: defaultValue.colorIconBackground || colors.colorIconBackground,
      };
    }
    const deletable = item ? canDeleteMenuItem(section.id, item.index, record, staff.access.isResortSystem) : false;
    const hasId = item ? [item.value.uniqueId, item.value.id].some((id) => typeof id === 'string' && id.trim() !== '') : true;

    return {
      mode,
      heading: mode === 'edit' ? EDIT_MENU_ITEM_TITLE : ADD_MENU_ITEM_TITLE,
      path: item ? `/home/edit/${encodeURIComponent(item.key)}` : '/add',
      section: { id: section.id, title: section.title },
      defaultValue,
      picker: { open: url.searchParams.has('pick') || defaultValue === null, query: url.searchParams.get('q') ?? '' },
      choices,
      authGroups,
      community: {
        iconSet: typeof record.iconSet === 'string' && record.iconSet !== '' ? record.iconSet : 'svg_round',
        ...communityIconColors(record),
      },
      canDelete: deletable,
      deleteBlocked: item && !deletable ? MENU_ITEM_MESSAGES.protectedDelete : null,
      confirmDelete: Boolean(item && deletable && url.searchParams.has('delete')),
      qr: item ? await qrFor(staff.community, record, item) : null,
      missingUniqueId: item && !hasId && NEEDS_CONTEXT.has(item.type?.id ?? '') ? MISSING_UNIQUE_ID_MESSAGE : null,
      missingUniqueIdSeen: url.searchParams.has('ok'),
      fileAccept: FILE_TYPES,
      tooLargeMessage: tooLargeMessage(),
    };
  },

  async action({ request, params }: ActionFunctionArgs) {
    const staff = await requireStaff(request);
    const services = await getServices();
    const mode = modeOf(params);
    const { section } = await currentSection(request, staff.community);
    const item = mode === 'edit' ? await editedItem(request, staff, params.itemId, section.id) : null;

    const upload = await parseUpload(request, {
      acceptByField: { [ICON_FILE_FIELD]: ['.svg', 'image/svg+xml'], [FILE_FIELD]: FILE_TYPES },
      maxFiles: 2,
      maxFileBytes: MAX_UPLOAD_BYTES,
    });
    const formData = upload.formData;
    const intent = String(formData.get('intent') ?? 'save');
    // The item and section come from the address and the session, never from the form.
    formData.set('menuId', section.id);
    formData.set('itemKey', item?.key ?? '');
    const iconFile = formData.get(ICON_FILE_FIELD);
    const file = formData.get(FILE_FIELD);
    formData.delete(ICON_FILE_FIELD);
    formData.delete(FILE_FIELD);
    const fieldErrors: Record<string, string[]> = {};

    if (intent === 'delete') {
      if (!item) throw new Response('Bad Request', { status: 400 });
      const record = await loadCommunityRecord(staff.community);
      const result = await deleteMenuItem(services, staff.community, section.id, item.key, (index) =>
        canDeleteMenuItem(section.id, index, record, staff.access.isResortSystem),
      );
      if (!result.ok)
        return redirectWithToast(request, item ? `/home/edit/${encodeURIComponent(item.key)}` : '/', {
          kind: 'error',
          message: result.message,
        });
      return redirectWithToast(request, '/', { kind: 'success', message: MENU_ITEM_MESSAGES.deleted });
    }

    const known = ['save', 'change-type', 'search-icons', 'upload-svg', 'remove-svg', 'upload-file'];
    if (!known.includes(intent) && !formData.has('__intent__')) throw new Response('Bad Request', { status: 400 });

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
    if (intent === 'remove-svg') {
      formData.set('iconSvg', '');
      if (!formData.get('icon')) formData.set('icon', getMenuButtonType(String(formData.get('typeId') ?? ''))?.icon ?? '');
    }
    // A library icon chosen after an upload wins over the uploaded svg.
    if (String(formData.get('icon') ?? '') !== '') formData.set('iconSvg', '');

    // A file for a File item: stored under the community's files, its address becomes the url.
    if (file instanceof File && file.size > 0 && !fieldErrors.url) {
      const stored = await storeUploadedFile(
        services.storage,
        storagePaths.upload(staff.community, 'files', Date.now(), safeFileName(file.name)),
        file,
      );
      formData.set('url', stored.url);
    }

    const submission = parseWithZod(formData, { schema: MenuItemSchema });

    if (intent === 'change-type') {
      // Without JavaScript the type select is applied with its own button: the defaults of the
      // new type are applied against the type the form was shown with.
      const next = String(formData.get('typeId') ?? '');
      const shownWith = String(formData.get('previousTypeId') ?? '') || (item ? typeOfItem(item.value)?.id : undefined) || next;
      return formAgain(applyTypeChange({ ...submission.payload, typeId: shownWith }, next), formData);
    }

    const unsaved = intent !== 'save' || formData.has('__intent__');
    if (unsaved || Object.keys(fieldErrors).length > 0) {
      if (Object.keys(fieldErrors).length > 0) {
        return data<MenuItemActionData>({ result: submission.reply({ fieldErrors }), iconQuery: iconQueryOf(formData) }, { status: 400 });
      }
      if (formData.has('__intent__')) return data<MenuItemActionData>({ result: submission.reply(), iconQuery: iconQueryOf(formData) });
      return data<MenuItemActionData>({ result: { initialValue: submission.reply().initialValue }, iconQuery: iconQueryOf(formData) });
    }
    if (submission.status !== 'success') {
      return data<MenuItemActionData>({ result: submission.reply(), iconQuery: iconQueryOf(formData) }, { status: 400 });
    }

    const record = await loadCommunityRecord(staff.community);
    const saved = await saveMenuItem(services, submission.value as MenuItemValue, { community: staff.community, record, now: Date.now() });
    if (!saved.ok) {
      return data<MenuItemActionData>(
        { result: submission.reply({ formErrors: [saved.message] }), formError: saved.message },
        { status: 409 },
      );
    }
    // Spec 01 §4.3: submitting returns to the default action (home), which reloads.
    return redirectWithToast(request, '/', { kind: 'success', message: saved.added ? MENU_ITEM_MESSAGES.added : MENU_ITEM_MESSAGES.saved });
  },
};

function iconQueryOf(formData: FormData): string {
  return String(formData.get('iconQuery') ?? '').slice(0, 100);
}

/** The form again, as typed and without errors (a step that is not a save). */
function formAgain(values: Record<string, unknown>, formData: FormData) {
  const initialValue: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    initialValue[name] = typeof value === 'boolean' ? (value ? 'on' : '') : value;
  }
  return data<MenuItemActionData>({
    result: { initialValue: initialValue as SubmissionResult['initialValue'] },
    iconQuery: iconQueryOf(formData),
  });
}

/** A file name safe as one storage path segment. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return (cleaned || 'file').slice(0, 120);
}
