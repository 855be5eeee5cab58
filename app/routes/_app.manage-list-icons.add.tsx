import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { IconForm } from '~/features/list-icons/list-icons';
import { addIconAction, loadIconEditor } from '~/features/list-icons/list-icons.server';
import type { RouteHandle } from '~/lib/route-handle';
import { AddIconIntent } from '~/schemas/list-icon';

/** Add Icon: the form in the right column of Manage List Icons. */
export const handle = { title: 'Add Icon' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadIconEditor(request);
}

export const Intent = AddIconIntent;

export async function action({ request }: ActionFunctionArgs) {
  return addIconAction(request);
}

export default function AddIcon() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <IconForm key="add" data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
