import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { IconForm } from '~/components/list-icons/list-icons';
import { editIconAction, loadIconEditor } from '~/components/list-icons/list-icons.server';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { EditIconIntent } from '~/schemas/list-icon';

/** Edit Icon: the form in the right column of Manage List Icons; the title stays as added. */
export const handle = { title: 'Edit Icon' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadIconEditor(request, params.iconKey ?? '');
}

export const Intent = EditIconIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return editIconAction(request, params.iconKey);
}

export default function EditIcon() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <IconForm key={data.icon?.key} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
