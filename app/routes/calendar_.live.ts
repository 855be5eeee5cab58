import type { LoaderFunctionArgs } from '@remix-run/node';
import { publicCalendarLiveLoader } from '~/features/public-calendar/live.server';

/**
 * `/calendar/live?clocation=&selectedTab=` (no sign-in): server-sent events telling an open
 * public calendar page that its calendar changed (server/public-calendar/live.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return publicCalendarLiveLoader(request);
}
