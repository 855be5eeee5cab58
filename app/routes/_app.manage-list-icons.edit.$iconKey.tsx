import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, ownText } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { IconForm } from '~/features/list-icons/list-icons';
import { editIconAction, loadIconEditor } from '~/features/list-icons/list-icons.server';
import type { RouteHandle } from '~/lib/route-handle';
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
  return <GeneralErrorBoundary statusHandlers={{ 404: ownText('There is no list icon at this address.') }} />;
}
