import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PersonIntent } from '~/features/users/intents';
import { PersonEditor } from '~/features/users/people-screen';
import { loadPersonEditor, personAction } from '~/features/users/person.server';

/** A person's rights in the community (listing action edit): Save, Set Default Community, Remove from Community. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPersonEditor(request, params);
}

export const Intent = PersonIntent;

/** A refused save (403, 409) reloads the person, so the form shows their rights as they are now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' || defaultShouldRevalidate;

export async function action({ request, params }: ActionFunctionArgs) {
  return personAction(request, params);
}

export default function Person() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PersonEditor key={`${data.uid}-${data.was}`} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => ({ title: 'User not found', text: 'This person has no rights in this community.' }) }}
    />
  );
}
