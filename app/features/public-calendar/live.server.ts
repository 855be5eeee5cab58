import { calendarIndex, liveCalendarStream, readCalendarTabs, readCommunity } from '@server/public-calendar';
import { parsePublicCalendarQuery } from '~/lib/public-calendar';
import { getServices } from '~/services.server';

/** The live route: a stream of the calendar's changes; 404 for no such calendar, 503 when the server holds its maximum of streams. */
export async function publicCalendarLiveLoader(request: Request): Promise<Response> {
  const query = parsePublicCalendarQuery(new URL(request.url).searchParams);
  const { db, paths } = await getServices();
  const community = await readCommunity({ db, paths }, query.clocation);
  const tabs = community ? await readCalendarTabs({ db, paths }, community.key) : [];
  if (!community || !tabs.some((tab) => tab.tab === query.selectedTab)) {
    return new Response('No such calendar.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const index = await calendarIndex({ db, paths }, community.key, query.selectedTab);
  const stream = liveCalendarStream(index, request.signal);
  if (!stream) {
    return new Response('Too many live calendars are open. The calendar still works; reload it to see changes.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: compression would hold the events back.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
