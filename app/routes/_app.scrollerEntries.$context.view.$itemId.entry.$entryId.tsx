import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EntryView } from '~/features/entries/entry-view';
import { entryAction, loadEntry } from '~/features/entries/entry.server';
import { EntryIntent } from '~/features/entries/intents';

/** One entry in the entries list's right column: its answers or hunt steps, Completed / Denied / Cancel, step scores. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEntry(request, params);
}

export const Intent = EntryIntent;

/**
 * A refused mark (409: someone else changed the record) still reloads the data, so the page shows
 * their change and a new `was` (docs/decisions/031); Remix's single fetch skips it after a 4xx.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' || defaultShouldRevalidate;

export async function action({ request, params }: ActionFunctionArgs) {
  return entryAction(request, params);
}

export default function GuestEntry() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <EntryView key={data.key} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => ({ title: 'Entry not found', text: 'This entry no longer exists.' }) }} />;
}
