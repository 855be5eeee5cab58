import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { InviteIntent } from '~/features/users/intents';
import { InviteForm } from '~/features/users/people-screen';
import { inviteAction, loadInvite } from '~/features/users/person.server';

/** Invite User (listing action add): a person by e-mail, with their rights; the invitation e-mail carries a sign-in link. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadInvite(request);
}

export const Intent = InviteIntent;

export async function action({ request }: ActionFunctionArgs) {
  return inviteAction(request);
}

export default function InviteUser() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <InviteForm data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
