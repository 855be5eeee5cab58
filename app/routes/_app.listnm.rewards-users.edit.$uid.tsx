import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RewardsUserIntent } from '~/features/rewards/intents';
import { RewardsUserView } from '~/features/rewards/rewards-screen';
import { loadRewardsUser, rewardsUserAction } from '~/features/rewards/rewards.server';

/** One rewards user in the list's right column (listing action edit): total points, barcodes, history, and Save Points. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRewardsUser(request, params);
}

export const Intent = RewardsUserIntent;

/** A refused change reloads the user, so the total shown is the one stored now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' || defaultShouldRevalidate;

export async function action({ request, params }: ActionFunctionArgs) {
  return rewardsUserAction(request, params);
}

export default function RewardsUser() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <RewardsUserView key={data.uid} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => ({ title: 'Rewards user not found', text: 'There is no such rewards user in this community.' }) }}
    />
  );
}
