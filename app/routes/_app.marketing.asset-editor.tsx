import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { MarketingAssetEditor } from '~/features/marketing-asset/asset-editor';
import { assetEditorAction, loadAssetEditor } from '~/features/marketing-asset/asset-editor.server';
import type { RouteHandle } from '~/lib/route-handle';
import { MarketingAssetIntent } from '~/schemas/marketing-asset';

/** The marketing asset editor (spec 03): resort system admins, for the session's community. */
export const handle = { title: 'Marketing Asset Editor' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAssetEditor(request);
}

export const Intent = MarketingAssetIntent;

export async function action({ request }: ActionFunctionArgs) {
  return assetEditorAction(request);
}

export default function MarketingAssetEditorRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <MarketingAssetEditor data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
