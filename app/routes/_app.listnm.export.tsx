import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ExportScreen } from '~/features/exports/export-screen';
import { exportAction, loadExportScreen } from '~/features/exports/export.server';
import { ExportIntent } from '~/features/exports/intents';
import type { RouteHandle } from '~/lib/route-handle';

export const Intent = ExportIntent;

export const handle: RouteHandle = { title: 'Export' };
export const meta = shellMeta;

/** Resort System Management → Export (spec 02 "Listing routes" context export; decision 044). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadExportScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return exportAction(request);
}

export default function CommunityExport() {
  return <ExportScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
