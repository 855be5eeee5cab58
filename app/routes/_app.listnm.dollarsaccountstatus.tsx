import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { resolveDollarsAccounts } from '~/features/dollars/resolve.server';
import { ListScreen } from '~/features/listing/list-screen';
import { loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * Dollars Accounts Status at /listnm/dollarsaccountstatus (spec 02 "Listing routes" context
 * dollarsaccountstatus, §9 "Dollars list sorted by currentDollars descending"; spec 03 §6 trays:
 * system admin, only while dollars are enabled; decision 041): every dollars account, richest
 * first, filtered by name or id. Nothing is deleted from it. The right column is the child route.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadListScreen(request, await resolveDollarsAccounts(request));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

export default function DollarsAccounts() {
  const data = useLoaderData<typeof loader>();
  return <ListScreen data={data} bulk={undefined} selectable={false} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => ({ title: 'Dollars are not enabled', text: 'Dollars are not enabled for this product.' }) }}
    />
  );
}
