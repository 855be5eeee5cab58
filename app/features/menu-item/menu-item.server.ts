import { data, redirect } from '@remix-run/node';
import type { StaffContext } from '@server/authz';
import { loadCommunityRecord } from '@server/community/record';
import { currentSection } from '@server/menu/current-section';
import {
  findEditedItem,
  menuItemEditorData,
  menuItemPost,
  type EditorContext,
  type MenuItemActionData,
  type MenuItemEditorData,
} from '@server/menu/editor';
import { MENU_ITEM_MESSAGES } from '@server/menu/items';
import { MAX_UPLOAD_BYTES, parseUpload, tooLargeMessage, type ParsedUpload } from '@server/storage';
import { hrefs } from '~/lib/hrefs';
import { redirectWithToast } from '~/lib/toast.server';
import { FILE_FIELD, FILE_TYPES, ICON_FILE_FIELD, MenuItemSchema, type MenuItemIntentValue } from '~/schemas/menu-item';
import { getServices } from '~/services.server';

/**
 * The glue between the menu item editor's routes (`/add`, `/home/edit/:itemId`) and its rules
 * in server/menu/editor.ts: the section from the session, the item from the address, the
 * multipart form, and the answers as responses.
 */

export type { MenuItemActionData, MenuItemEditorData };

/** The section shown and the item the address names (a redirect home when it names none). */
export async function editorContext(request: Request, staff: StaffContext, itemKey: string | null): Promise<EditorContext> {
  const services = await getServices();
  const [{ section }, record] = await Promise.all([
    currentSection(request, staff.community),
    loadCommunityRecord(await getServices(), staff.community),
  ]);
  let item = null;
  if (itemKey !== null) {
    if (itemKey === '') throw redirect(hrefs.home());
    item = await findEditedItem(services, staff.community, section.id, itemKey);
    if (!item) throw await redirectWithToast(request, hrefs.home(), { kind: 'error', message: MENU_ITEM_MESSAGES.gone });
  }
  return { community: staff.community, record, isResortSystem: staff.access.isResortSystem, section, item };
}

export async function loadMenuItemEditor(request: Request, staff: StaffContext, itemKey: string | null): Promise<MenuItemEditorData> {
  const services = await getServices();
  const ctx = await editorContext(request, staff, itemKey);
  return menuItemEditorData(services, ctx, new URL(request.url).searchParams, {
    maxBytes: MAX_UPLOAD_BYTES,
    tooLargeMessage: tooLargeMessage(),
  });
}

/** The editor's multipart form: an svg icon and a File item's file at most. */
export function parseMenuItemUpload(request: Request): Promise<ParsedUpload> {
  return parseUpload(request, {
    acceptByField: { [ICON_FILE_FIELD]: ['.svg', 'image/svg+xml'], [FILE_FIELD]: FILE_TYPES },
    maxFiles: 2,
    maxFileBytes: MAX_UPLOAD_BYTES,
    schemas: MenuItemSchema,
  });
}

export async function answerMenuItemPost(request: Request, ctx: EditorContext, upload: ParsedUpload, intent: MenuItemIntentValue) {
  const services = await getServices();
  const outcome = await menuItemPost(services, ctx, upload, intent);
  switch (outcome.kind) {
    case 'form':
      return data<MenuItemActionData>(outcome.data, { status: outcome.status });
    case 'saved':
      // Spec 01 §4.3: submitting returns to the default action (home), which reloads.
      return redirectWithToast(request, hrefs.home(), {
        kind: 'success',
        message: outcome.added ? MENU_ITEM_MESSAGES.added : MENU_ITEM_MESSAGES.saved,
      });
    case 'deleted':
      return redirectWithToast(request, hrefs.home(), { kind: 'success', message: MENU_ITEM_MESSAGES.deleted });
    case 'delete-refused':
      return redirectWithToast(request, ctx.item ? hrefs.homeItemEdit(ctx.item.key) : hrefs.home(), {
        kind: 'error',
        message: outcome.message,
      });
  }
}
