import { useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PromoActions } from '~/features/promos/promo-screen';
import type { loader } from './_app.listnm.ads';

/** The list's right column with nothing open: what the list is, and its Add button. */
export default function PromoActionsColumn() {
  const data = useRouteLoaderData<typeof loader>('routes/_app.listnm.ads');
  return data ? <PromoActions data={data} kind="ads" /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
