import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RewardsUserView } from '~/features/rewards/rewards-screen';
import { loadRewardsUser } from '~/features/rewards/rewards.server';

/** One rewards user in the list's right column (listing action edit): total points, barcodes, history. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRewardsUser(request, params);
}

export default function RewardsUser() {
  const data = useLoaderData<typeof loader>();
  return <RewardsUserView data={data} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => ({ title: 'Rewards user not found', text: 'There is no such rewards user in this community.' }) }}
    />
  );
}
