import { data } from '@remix-run/node';
import { requireStaff, type StaffContext } from '@server/authz';
import { publicPageCache } from '@server/http/public-page-cache';
import { REQUEST_SCOPE_HEADER } from '@server/http/request-scope';
import {
  loadPublicCalendar,
  loadPublicEvent,
  type CalendarIndex,
  type PublicCalendarModel,
  type PublicEventModel,
} from '@server/public-calendar';
import { parsePublicCalendarQuery } from '~/lib/public-calendar';
import { getServices } from '~/services.server';

/**
 * The public calendar's route glue (spec 03 "Public calendar page (/calendar)"): parse the query
 * (bad values fall back to defaults), find whether the asker is staff of the community (they see
 * the management actions; nobody has to sign in), build the page in server/public-calendar, and
 * mark an anonymous page as one the server may keep (server/http/public-page-cache.ts). What is
 * not there is a 404 that says what was not found, never a 500.
 */

/**
 * `liveVersion`: the calendar index version the page was built from, for the live script to
 * notice a change made before its stream opened (app/features/public-calendar/live.ts).
 */
export type PublicCalendarData = Omit<PublicCalendarModel, 'index' | 'indexVersion' | 'expiresAt'> & {
  origin: string;
  liveVersion: number;
};
export type PublicEventData = Omit<PublicEventModel, 'index' | 'indexVersion' | 'expiresAt'> & { origin: string; liveVersion: number };

/** What a 404 of the public calendar carries, for its page. */
export interface PublicCalendarMissing {
  what: 'community' | 'calendar' | 'event';
  community: string;
  calendar: string;
  communityName: string | null;
}

const SESSION_COOKIE = /(?:^|;\s*)__session=/;

/** Staff of the community asking (signed in, allowed to edit it), else null; never a redirect or a refusal. */
export async function staffOfCommunity(request: Request, community: string): Promise<StaffContext | null> {
  if (!SESSION_COOKIE.test(request.headers.get('Cookie') ?? '')) return null;
  try {
    return await requireStaff(request, { community });
  } catch (error) {
    if (error instanceof Response) return null;
    throw error;
  }
}

/** The origin links in the page's JSON-LD and canonical address are written with: PUBLIC_URL's, else the request's. */
export async function siteOrigin(request: Request): Promise<string> {
  const { env } = await getServices();
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(request.url).origin;
}

function markCacheable(request: Request, index: CalendarIndex, version: number, expiresAt: number) {
  publicPageCache().markCacheable(request.headers.get(REQUEST_SCOPE_HEADER), {
    isCurrent: () => !index.closed && index.version === version,
    expiresAt,
  });
}

const missing = (body: PublicCalendarMissing) => data(body, { status: 404 });

export async function publicCalendarLoader(request: Request): Promise<PublicCalendarData> {
  const url = new URL(request.url);
  const query = parsePublicCalendarQuery(url.searchParams);
  const [services, staff, origin] = await Promise.all([getServices(), staffOfCommunity(request, query.clocation), siteOrigin(request)]);
  const result = await loadPublicCalendar({ db: services.db, paths: services.paths }, { query, now: Date.now(), origin, staff: !!staff });
  if (result.kind === 'not-found') {
    const { kind: _kind, ...body } = result;
    throw missing(body);
  }
  const { index, indexVersion, expiresAt, ...model } = result.model;
  if (!staff) markCacheable(request, index, indexVersion, expiresAt);
  return { ...model, origin, liveVersion: indexVersion };
}

export async function publicEventLoader(
  request: Request,
  params: { clocation?: string; tab?: string; eventId?: string },
): Promise<PublicEventData> {
  const url = new URL(request.url);
  const community = params.clocation ?? '';
  const query = parsePublicCalendarQuery(url.searchParams);
  const [services, staff, origin] = await Promise.all([getServices(), staffOfCommunity(request, community), siteOrigin(request)]);
  const result = await loadPublicEvent(
    { db: services.db, paths: services.paths },
    { community, tab: params.tab ?? '', eventId: params.eventId ?? '', query, now: Date.now(), origin, staff: !!staff },
  );
  if (result.kind === 'not-found') {
    const { kind: _kind, ...body } = result;
    throw missing(body);
  }
  const { index, indexVersion, expiresAt, ...model } = result.model;
  if (!staff) markCacheable(request, index, indexVersion, expiresAt);
  return { ...model, origin, liveVersion: indexVersion };
}
