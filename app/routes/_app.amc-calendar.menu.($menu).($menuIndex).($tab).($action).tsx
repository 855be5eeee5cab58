import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { oldCalendarTarget } from '~/features/listing/resolve.server';

/**
 * The older address of a calendar, `/amc-calendar/menu/:menu?/:menuIndex?/:tab?/:action?`
 * (spec 02 "Calendars"): to the calendar of events its menu item names.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  throw redirect(await oldCalendarTarget(request, params.menu ?? '', params.menuIndex ?? null));
}
