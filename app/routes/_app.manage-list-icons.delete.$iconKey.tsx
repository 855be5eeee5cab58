import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { readForm } from '@server/http/form.server';
import { GeneralErrorBoundary, ownText } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { AddIconAction, DeleteIconDialog } from '~/features/list-icons/list-icons';
import { deleteIconAction, loadDeleteIcon } from '~/features/list-icons/list-icons.server';
import { requireStaff } from '~/features/shell/authz.server';
import { parseIntent } from '~/lib/intent';
import type { RouteHandle } from '~/lib/route-handle';
import { DeleteIconIntent } from '~/schemas/list-icon';

/** 'Delete Icon': the confirmation over Manage List Icons, naming the icon. */
export const handle = { title: 'Delete Icon' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDeleteIcon(request, params.iconKey);
}

export const Intent = DeleteIconIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request);
  parseIntent(await readForm(request), Intent);
  return deleteIconAction(request, params.iconKey);
}

export default function DeleteIcon() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <AddIconAction />
      <DeleteIconDialog data={data} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ownText('There is no list icon at this address.') }} />;
}
