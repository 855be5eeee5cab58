import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RewardsConfigIntent } from '~/features/rewards/intents';
import { RewardsConfigForm } from '~/features/rewards/rewards-screen';
import { loadRewardsConfig, rewardsConfigAction } from '~/features/rewards/rewards.server';

/** The rewards config in the rewards users list's right column (decision 045): the community's `rewards/config`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRewardsConfig(request);
}

export const Intent = RewardsConfigIntent;

export async function action({ request }: ActionFunctionArgs) {
  return rewardsConfigAction(request);
}

export default function RewardsConfig() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <RewardsConfigForm key={data.version} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
