import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { CreateCalendarForm } from '~/features/calendars/calendars';
import { createCalendarAction } from '~/features/calendars/calendars.server';
import { requireStaff } from '~/features/shell/authz.server';
import { CreateCalendarIntent } from '~/lib/calendars';
import type { RouteHandle } from '~/lib/route-handle';

/** Create Calendar (spec 02 "Calendars", §5, §9): the form in the right column of Manage Calendars. */
export const handle = { title: 'Create Calendar' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return null;
}

export const Intent = CreateCalendarIntent;

export async function action({ request }: ActionFunctionArgs) {
  return createCalendarAction(request);
}

export default function CreateCalendar() {
  return <CreateCalendarForm actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
