import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { configFormAction, loadConfigForm } from '~/features/calendars/calendars.server';
import { CalendarConfigForm } from '~/features/calendars/config-editor';
import { eventsConfigOf } from '~/features/listing/events-config.server';
import { resolveMenuList } from '~/features/listing/resolve.server';
import { CalendarConfigIntent } from '~/lib/calendars';

/**
 * Listing action config.events (spec 02 §4, "Calendar config editor") on a legacy events list:
 * the calendar config form's Audiences, User Created Events and Calendar Import Config for the
 * list's events config, in the list's right column.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target, place } = await eventsConfigOf(request, await resolveMenuList(request, params));
  return loadConfigForm(target, place);
}

export const Intent = CalendarConfigIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  const { target, place } = await eventsConfigOf(request, await resolveMenuList(request, params));
  return configFormAction(request, target, place);
}

export default function ListEventsConfig() {
  return <CalendarConfigForm data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} headingLevel="h2" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
