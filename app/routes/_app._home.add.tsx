import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { MenuItemEditor } from '~/features/menu-item/menu-item-editor';
import { answerMenuItemPost, editorContext, loadMenuItemEditor, parseMenuItemUpload } from '~/features/menu-item/menu-item.server';
import { requireStaff } from '~/features/shell/authz.server';
import { parseIntent } from '~/lib/intent';
import type { RouteHandle } from '~/lib/route-handle';
import { ADD_MENU_ITEM_TITLE, AddMenuItemIntent } from '~/schemas/menu-item';

/**
 * Add Menu Item (spec 01 §2.6 "add: menu item form"; spec 02 "Menu item editor"): a new item
 * of the shown menu section; the Select Menu Type picker opens first (`?type=` names the
 * chosen type). Staff of the current community (spec 02 §6).
 */
export const handle = { title: ADD_MENU_ITEM_TITLE } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return loadMenuItemEditor(request, staff, null);
}

export const Intent = AddMenuItemIntent;

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const ctx = await editorContext(request, staff, null);
  const upload = await parseMenuItemUpload(request);
  // conform's Add tab / Remove buttons post no intent: the form comes back, unsaved.
  return answerMenuItemPost(request, ctx, upload, parseIntent(upload.formData, Intent, { fallback: 'save' }));
}

export default function AddMenuItem() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <MenuItemEditor data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
