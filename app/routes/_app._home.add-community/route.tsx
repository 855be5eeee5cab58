import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { CommunitySetupForm } from '~/features/community-setup/community-setup-form';
import { addCommunityAction, addCommunityLoader } from '~/features/community-setup/community-setup.server';
import type { RouteHandle } from '~/lib/route-handle';
import { AddCommunityIntent } from '~/schemas/community';

/** Add Community (spec 01 §2.7, §4.4 add-community mode): resort system admins create a community. */
export const handle = { title: 'Add Community' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return addCommunityLoader(request);
}

export const Intent = AddCommunityIntent;

export async function action({ request }: ActionFunctionArgs) {
  return addCommunityAction(request);
}

export default function AddCommunity() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CommunitySetupForm data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
