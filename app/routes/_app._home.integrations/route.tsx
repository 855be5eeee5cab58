import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { IntegrationsScreen } from '~/features/integrations/integrations-form';
import { integrationsAction, integrationsLoader } from '~/features/integrations/integrations.server';
import type { RouteHandle } from '~/lib/route-handle';
import { IntegrationsIntent } from '~/schemas/integrations';

/** Integrations (spec 01 §2.9, §3.5, §3.6): a location's PMS and GPS mapping, for super admins. */
export const handle = { title: 'Integrations' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return integrationsLoader(request);
}

export const Intent = IntegrationsIntent;

export async function action({ request }: ActionFunctionArgs) {
  return integrationsAction(request);
}

export default function Integrations() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <IntegrationsScreen data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
