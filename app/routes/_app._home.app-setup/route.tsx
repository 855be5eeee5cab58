import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { AppSetupScreen } from '~/features/app-setup/app-setup-form';
import { appSetupAction, appSetupLoader } from '~/features/app-setup/app-setup.server';
import type { RouteHandle } from '~/lib/route-handle';
import { AppSetupIntent } from '~/schemas/app-setup';

/** App Setup (spec 01 §2.8, §3.4, §5): an app's configuration and deployment assets, for super admins. */
export const handle = { title: 'App Setup' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return appSetupLoader(request);
}

export const Intent = AppSetupIntent;

export async function action({ request }: ActionFunctionArgs) {
  return appSetupAction(request);
}

export default function AppSetup() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <AppSetupScreen data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
