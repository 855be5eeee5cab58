import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ImportScreen } from '~/features/imports/import-screen';
import { importAction, loadImportScreen } from '~/features/imports/import.server';
import { ListingImportIntent } from '~/features/imports/intents';
import type { RouteHandle } from '~/lib/route-handle';

export const handle: RouteHandle = { title: 'Import' };
export const meta = shellMeta;

/** Resort System Management → Import (spec 02 "Listing routes" context import; decision 044): listings from a CSV or Excel file. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadImportScreen(request, 'import');
}

export const Intent = ListingImportIntent;

export async function action({ request }: ActionFunctionArgs) {
  return importAction(request, 'import');
}

export default function ListingImport() {
  return <ImportScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
