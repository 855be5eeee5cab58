import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { MessageForm } from '~/features/messages/message-form';
import { loadMessageForm, MessageFormIntent, messageFormAction } from '~/features/messages/message-form.server';
import type { RouteHandle } from '~/lib/route-handle';

/** The notification form in the messages list's right column (add, add-button, edit; spec 02 "Messages"). */
export const handle = { title: 'Send Notification' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadMessageForm(request, params);
}

export const Intent = MessageFormIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return messageFormAction(request, params);
}

export default function MessageFormRoute() {
  return <MessageForm data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
