import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { UserView } from '~/features/users/people-screen';
import { loadUserView } from '~/features/users/users.server';

/** One person of the users list in its right column (listing action edit): name, e-mail, id, rights. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadUserView(request, params);
}

export default function User() {
  const data = useLoaderData<typeof loader>();
  return <UserView data={data} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => ({ title: 'User not found', text: 'This user is not one of this community’s.' }) }}
    />
  );
}
