import { useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { UserManagementActions } from '~/features/users/people-screen';
import type { loader } from './_app.listnm.usermgmt';

/** User Management's right column with nobody open: Invite User and the recent changes. */
export default function UserManagementActionsColumn() {
  const data = useRouteLoaderData<typeof loader>('routes/_app.listnm.usermgmt');
  return data ? <UserManagementActions data={data} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
