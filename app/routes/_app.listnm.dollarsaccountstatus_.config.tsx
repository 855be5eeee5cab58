import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { dollarsConfigAction, loadDollarsConfig } from '~/features/dollars/config.server';
import { DollarsConfigScreen } from '~/features/dollars/dollars-config';
import { DollarsConfigIntent } from '~/features/dollars/intents';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The dollars config at /listnm/dollarsaccountstatus/config (spec 03 §9 list-screen mapping
 * "dollars config and account status", §6 Dollars Accounts Status tray: system admin; decision
 * 045): `amc-dollars/config/enabled`. Not inside the accounts list, which answers 404 while
 * dollars are off.
 */
export const handle: RouteHandle = { title: 'Dollars Config' };
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDollarsConfig(request);
}

export const Intent = DollarsConfigIntent;

export async function action({ request }: ActionFunctionArgs) {
  return dollarsConfigAction(request);
}

export default function DollarsConfig() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <DollarsConfigScreen data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
