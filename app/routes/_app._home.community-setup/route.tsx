import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { CommunitySetupForm } from '~/features/community-setup/community-setup-form';
import { communitySetupAction, communitySetupLoader } from '~/features/community-setup/community-setup.server';
import type { RouteHandle } from '~/lib/route-handle';
import { CommunitySetupIntent } from '~/schemas/community';

/**
 * Community Setup (spec 01 §2.7, §4.4): the current community's information, app design,
 * social media or additional buttons and QR code. Any staff member of the community edits it
 * (spec 03 §6: Quick Access is open to all signed-in staff); the listing flags stay with resort
 * system admins.
 */
export const handle = { title: 'Community Setup' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return communitySetupLoader(request);
}

export const Intent = CommunitySetupIntent;

export async function action({ request }: ActionFunctionArgs) {
  return communitySetupAction(request);
}

export default function CommunitySetup() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A pull fills the colour fields: the form starts again from the answer, everything else as typed.
  return <CommunitySetupForm key={actionData?.pulled?.id ?? 'form'} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
