import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { AssistantPage } from '~/features/assistant/assistant-page';
import { assistantAction, loadAssistant } from '~/features/assistant/assistant.server';
import type { RouteHandle } from '~/lib/route-handle';
import { AssistantIntent } from '~/schemas/assistant';

/** The AI writing assistant of events or hunts (`/assistant/:assistantPath`, spec 02 "AI writing assistant dialog"; docs/decisions/038). */
export const handle = { title: 'AI Writing Assistant' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadAssistant(request, params);
}

export const Intent = AssistantIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return assistantAction(request, params);
}

export default function Assistant() {
  return <ShellColumns centre={<AssistantPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
