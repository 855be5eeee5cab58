import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CalendarConfigForm } from '~/components/calendars/config-editor';
import { CalendarConfigIntent } from '~/components/calendars/shared';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { eventsConfigAction, loadEventsConfig } from '~/components/listing/events-config.server';
import { resolveMenuList } from '~/components/listing/resolve.server';

/**
 * Listing action config.events (spec 02 §4, "Calendar config editor") on a legacy events list:
 * the calendar config form's Audiences, User Created Events and Calendar Import Config for the
 * list's events config, in the list's right column.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventsConfig(request, await resolveMenuList(request, params));
}

export const Intent = CalendarConfigIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return eventsConfigAction(request, await resolveMenuList(request, params));
}

export default function ListEventsConfig() {
  return <CalendarConfigForm data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} headingLevel="h2" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
