import { useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { UsersActions } from '~/features/users/people-screen';
import type { loader } from './_app.listnm.users';

/** The users list's right column with nobody open: what it shows and 'Show all logged in users'. */
export default function UsersActionsColumn() {
  const data = useRouteLoaderData<typeof loader>('routes/_app.listnm.users');
  return data ? <UsersActions data={data} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
