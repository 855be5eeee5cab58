import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ImportScreen } from '~/features/imports/import-screen';
import { importAction, loadImportScreen } from '~/features/imports/import.server';
import { ListingImportIntent } from '~/features/imports/intents';
import type { RouteHandle } from '~/lib/route-handle';

export const handle: RouteHandle = { title: 'Update Data' };
export const meta = shellMeta;

/** The Update Data tray (spec 03 §6, system admins; decision 044): a list's listings updated from a CSV or Excel file. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadImportScreen(request, 'update');
}

export const Intent = ListingImportIntent;

export async function action({ request }: ActionFunctionArgs) {
  return importAction(request, 'update');
}

export default function UpdateData() {
  return <ImportScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
