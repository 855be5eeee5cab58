import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { calendarConfigAction, loadCalendarConfig } from '~/features/calendars/calendars.server';
import { CalendarConfigEditor } from '~/features/calendars/config-editor';
import { CalendarConfigIntent } from '~/lib/calendars';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The calendar config editor (spec 02 "Calendar config editor", route param context = the
 * calendar id). Spec 01's route table names no address for it: it is /amc-calendars/config/:context,
 * a page of its own beside Manage Calendars.
 */
export const handle = { title: 'Calendar Config' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCalendarConfig(request, params.context);
}

export const Intent = CalendarConfigIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return calendarConfigAction(request, params.context);
}

export default function CalendarConfig() {
  return <CalendarConfigEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
