import { requireRemoteGrant, requireStaff } from '@server/authz';
import { isValidKey } from '@server/paths';
import { PLACE_SEARCH_TEXTS, searchPlaces } from '@server/places/location';
import {
  isPlaceId,
  MAX_PLACE_QUERY_LENGTH,
  PLACE_SEARCH_OFFLINE_MESSAGE,
  PlacesError,
  placesProvider,
  placeSearchErrorMessage,
  type PlaceDetails,
  type PlaceSuggestion,
} from '@server/providers/places';
import { getServices } from '~/services.server';

/**
 * The place picker's resource routes (/places/search and /places/details): JSON for the
 * widget's script. Who may ask:
 * - staff of the community (`?community=`, default the session's community: requireStaff), or
 * - a remote manager allowed to edit the item's information (`?uuid=` for URL access,
 *   `?detailId=` for e-mail access: requireRemoteGrant with 'editInfo'); the search is then
 *   around the item's community.
 * Each caller may search 60 times a minute (the widget waits for a pause in typing).
 */

export { PLACE_DETAILS_PATH, PLACE_SEARCH_PATH } from '~/lib/place-search';
export const PLACE_SEARCH_LIMIT = { limit: 60, windowMs: 60_000 } as const;

export interface PlaceSearchData {
  suggestions: PlaceSuggestion[];
  offline: boolean;
  /** The offline notice, when the offline default answered. */
  notice: string | null;
  error: string | null;
}

export interface PlaceDetailsData {
  details: PlaceDetails | null;
  offline: boolean;
  error: string | null;
}

export const PLACE_ROUTE_TEXTS = {
  busy: 'Too many place searches. Please wait a minute and try again.',
  noPlace: 'Please choose a place from the search.',
} as const;

/** The caller's community and the rate-limit key, after the permission check (which throws). */
async function caller(request: Request): Promise<{ community: string; key: string }> {
  const url = new URL(request.url);
  const uuid = url.searchParams.get('uuid');
  const detailId = url.searchParams.get('detailId');
  if (uuid !== null) {
    const { item } = await requireRemoteGrant(request, detailId === null ? { uuid } : { uuid, detailId }, 'editInfo');
    return { community: item.community, key: `places:uuid:${uuid}` };
  }
  if (detailId !== null) {
    const { item, user } = await requireRemoteGrant(request, { detailId }, 'editInfo');
    return { community: item.community, key: `places:user:${user?.uid ?? detailId}` };
  }
  const community = url.searchParams.get('community');
  if (community !== null && !isValidKey(community)) throw Response.json({ reason: 'not-found' }, { status: 404 });
  const staff = await requireStaff(request, community === null ? {} : { community });
  return { community: staff.community, key: `places:user:${staff.user.uid}` };
}

async function withinLimit(key: string): Promise<boolean> {
  const services = await getServices();
  return (await services.rateLimiter.hit(key, PLACE_SEARCH_LIMIT)).allowed;
}

/** GET /places/search?q=…: the places near the community matching the text. */
export async function placeSearchLoader(request: Request): Promise<Response> {
  const { community, key } = await caller(request);
  const services = await getServices();
  const places = placesProvider(services.env);
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim();
  const answer = (status: number, data: Omit<PlaceSearchData, 'offline' | 'notice'>) =>
    Response.json(
      { ...data, offline: places.offline, notice: places.offline ? PLACE_SEARCH_OFFLINE_MESSAGE : null } satisfies PlaceSearchData,
      { status, headers: { 'Cache-Control': 'private, no-store' } },
    );
  if (query.length > MAX_PLACE_QUERY_LENGTH) return answer(400, { suggestions: [], error: PLACE_SEARCH_TEXTS.tooLong });
  if (query === '') return answer(200, { suggestions: [], error: null });
  if (!(await withinLimit(key))) return answer(429, { suggestions: [], error: PLACE_ROUTE_TEXTS.busy });
  const result = await searchPlaces({ db: services.db, paths: services.paths, places }, community, query);
  return answer(200, { suggestions: result.suggestions, error: result.error });
}

/** GET /places/details?placeId=…: the chosen place's address, position, phone and website. */
export async function placeDetailsLoader(request: Request): Promise<Response> {
  const { key } = await caller(request);
  const services = await getServices();
  const places = placesProvider(services.env);
  const placeId = new URL(request.url).searchParams.get('placeId') ?? '';
  const answer = (status: number, data: Omit<PlaceDetailsData, 'offline'>) =>
    Response.json({ ...data, offline: places.offline } satisfies PlaceDetailsData, {
      status,
      headers: { 'Cache-Control': 'private, no-store' },
    });
  if (!isPlaceId(placeId))
    return answer(400, { details: null, error: placeId === '' ? PLACE_ROUTE_TEXTS.noPlace : PLACE_SEARCH_TEXTS.notAPlace });
  if (!(await withinLimit(key))) return answer(429, { details: null, error: PLACE_ROUTE_TEXTS.busy });
  try {
    return answer(200, { details: await places.placeDetails(placeId), error: null });
  } catch (error) {
    const kind = error instanceof PlacesError ? error.kind : null;
    // A place that does not exist is the caller's answer (404), not the server's trouble.
    if (kind !== 'not-found') console.error(`The details of place ${placeId} could not be read:`, error);
    const status = kind === 'not-found' ? 404 : kind === 'invalid-request' ? 400 : kind === 'rate-limited' ? 429 : 502;
    return answer(status, { details: null, error: placeSearchErrorMessage(error) });
  }
}
