import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { CreateCalendarForm } from '~/components/calendars/calendars';
import { createCalendarAction } from '~/components/calendars/calendars.server';
import { CreateCalendarIntent } from '~/components/calendars/shared';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { requireStaff } from '~/components/shell/authz.server';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';

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
