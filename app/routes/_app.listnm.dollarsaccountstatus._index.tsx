import { useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { DollarsActions } from '~/features/dollars/dollars-screen';
import { hrefs } from '~/lib/hrefs';
import type { loader } from './_app.listnm.dollarsaccountstatus';

/** Dollars Accounts Status's right column with no account open. */
export default function DollarsAccountsColumn() {
  const data = useRouteLoaderData<typeof loader>('routes/_app.listnm.dollarsaccountstatus');
  return data ? <DollarsActions data={data} configHref={hrefs.listnmAction('dollarsaccountstatus', 'config')} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
