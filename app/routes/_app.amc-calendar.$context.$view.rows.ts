import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadRows } from '~/features/listing/list.server';
import { resolveCalendar } from '~/features/listing/resolve.server';

/** The calendar's next chunk of events after `?after=` (infinite scroll, 40 at a time): rows and the next cursor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRows(request, await resolveCalendar(request, params));
}
