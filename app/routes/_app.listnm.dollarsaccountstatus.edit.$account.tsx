import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { accountAction, loadAccount } from '~/features/dollars/account.server';
import { AccountView } from '~/features/dollars/dollars-screen';
import { AccountIntent } from '~/features/dollars/intents';

/** One dollars account (listing action edit): its balance, its history, and Record (a transfer or purchase). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadAccount(request, params);
}

export const Intent = AccountIntent;

/** A refused transfer reloads the account, so the balance shown is the one stored now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' || defaultShouldRevalidate;

export async function action({ request, params }: ActionFunctionArgs) {
  return accountAction(request, params);
}

export default function DollarsAccount() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <AccountView key={data.key} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 404: () => ({ title: 'Account not found', text: 'There is no such dollars account.' }) }} />
  );
}
