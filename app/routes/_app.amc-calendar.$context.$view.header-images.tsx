import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HeaderEditor } from '~/features/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor } from '~/features/header-editor/header-images.server';
import { listHeaderTarget } from '~/features/listing/editor.server';
import { resolveCalendar } from '~/features/listing/resolve.server';
import { HeaderIntent } from '~/schemas/header';

/** The calendar's header editor (spec 02 §3 calendar config header-info), beside its events. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = await resolveCalendar(request, params);
  return loadHeaderEditor(request, list.staff.community, listHeaderTarget(request, list));
}

export const Intent = HeaderIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  const list = await resolveCalendar(request, params);
  return headerEditorAction(request, list.staff.community, listHeaderTarget(request, list));
}

export default function CalendarHeaderImages() {
  return <HeaderEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
