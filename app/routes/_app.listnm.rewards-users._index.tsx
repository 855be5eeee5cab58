import { useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RewardsUsersActions } from '~/features/rewards/rewards-screen';
import { hrefs } from '~/lib/hrefs';
import type { loader } from './_app.listnm.rewards-users';

/** The rewards users list's right column with nobody open. */
export default function RewardsUsersColumn() {
  const data = useRouteLoaderData<typeof loader>('routes/_app.listnm.rewards-users');
  return data ? (
    <RewardsUsersActions data={data} itemsHref={hrefs.listnm('rewards')} configHref={hrefs.listnmAction('rewards-users', 'config')} />
  ) : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
