import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { MenuItemEditor } from '~/features/menu-item/menu-item-editor';
import { answerMenuItemPost, editorContext, loadMenuItemEditor, parseMenuItemUpload } from '~/features/menu-item/menu-item.server';
import { requireStaff } from '~/features/shell/authz.server';
import { parseIntent } from '~/lib/intent';
import type { RouteHandle } from '~/lib/route-handle';
import { EDIT_MENU_ITEM_TITLE, EditMenuItemIntent } from '~/schemas/menu-item';

/**
 * Edit Menu Item (spec 01 route table /home/:action/:itemId, "home, edit"; spec 02 "Menu item
 * editor"): an item of the shown menu section, highlighted in the grid. An item that is gone
 * sends the person home with a message. Staff of the current community (spec 02 §6).
 */
export const handle = { title: EDIT_MENU_ITEM_TITLE } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return loadMenuItemEditor(request, staff, params.itemId ?? '');
}

export const Intent = EditMenuItemIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const ctx = await editorContext(request, staff, params.itemId ?? '');
  const upload = await parseMenuItemUpload(request);
  // conform's Add tab / Remove buttons post no intent: the form comes back, unsaved.
  return answerMenuItemPost(request, ctx, upload, parseIntent(upload.formData, Intent, { fallback: 'save' }));
}

export default function EditMenuItem() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <MenuItemEditor data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
