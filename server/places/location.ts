import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import {
  haversineMiles,
  isLatLng,
  isPlaceId,
  MAX_PLACE_QUERY_LENGTH,
  PLACE_SEARCH_OFFLINE_MESSAGE,
  PlacesError,
  placeSearchErrorMessage,
  type LatLng,
  type PlaceDetails,
  type PlacesProvider,
  type PlaceSuggestion,
} from '@server/providers/places';
import { locationFromPlace, type LocationFormValue } from '~/lib/location';

export { locationFromPlace };

/**
 * The location rules of the business editor (spec 03 §7 "A maps service: place autocomplete
 * bounded to a 10000 m circle around the community; directions (driving, imperial) to compute
 * distance", §8 "Directions failure: falls back to straight-line distance", §9 "nearby place
 * bounds radius 10000 m; distance shown in miles (very short results become 0)").
 */

/** Spec 03 §9: the place search's circle around the community. */
export const PLACE_SEARCH_RADIUS_M = 10_000;
/**
 * Spec 03 §9 "very short results become 0": the directions service gives distances under a
 * tenth of a mile in feet, which the product showed as 0 miles.
 */
export const SHORTEST_MILES = 0.1;

export interface PlacesDeps {
  db: RealtimeDb;
  paths: Paths;
  places: PlacesProvider;
}

export const PLACE_SEARCH_TEXTS = {
  offline: PLACE_SEARCH_OFFLINE_MESSAGE,
  noCommunityPosition:
    'This community has no latitude and longitude yet, so places near it cannot be searched. ' +
    'Set them in Community Setup, or fill in the address yourself.',
  tooLong: `Please search with at most ${MAX_PLACE_QUERY_LENGTH} characters.`,
  notAPlace: 'The chosen place is not valid. Please search again.',
} as const;

/** The straight-line (great-circle) distance in miles. */
export function straightLineMiles(from: LatLng, to: LatLng): number {
  return haversineMiles(from, to);
}

/** A distance as the item stores it: miles to one decimal, and 0 under a tenth of a mile. */
export function roundMiles(miles: number): number {
  if (!Number.isFinite(miles) || miles < SHORTEST_MILES) return 0;
  return Math.round(miles * 10) / 10;
}

/**
 * The distance between two positions in miles: by road (driving directions), or in a straight
 * line when the directions fail or the service is offline (spec 03 §8). Rounded by `roundMiles`.
 */
export async function distanceMiles(
  provider: PlacesProvider,
  from: LatLng,
  to: LatLng,
): Promise<{ miles: number; method: 'driving' | 'straight-line' }> {
  const straight = () => ({ miles: roundMiles(straightLineMiles(from, to)), method: 'straight-line' as const });
  if (provider.offline) return straight();
  try {
    return { miles: roundMiles(await provider.drivingMiles(from, to)), method: 'driving' };
  } catch (error) {
    // Spec 03 §8: a directions failure is not shown; the straight line stands in.
    console.error('Driving directions failed; using the straight-line distance:', error);
    return straight();
  }
}

const numberOf = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
};

/** The community's position (campground-locations/{community} latitude and longitude), or null. */
export async function communityPosition(deps: Pick<PlacesDeps, 'db' | 'paths'>, community: string): Promise<LatLng | null> {
  const record = (await deps.db.ref(deps.paths.community(community)).get()).val() as Record<string, unknown> | null;
  if (!record || typeof record !== 'object') return null;
  const latitude = numberOf(record.latitude);
  const longitude = numberOf(record.longitude);
  if (latitude === null || longitude === null) return null;
  const position = { latitude, longitude };
  return isLatLng(position) ? position : null;
}

/** The distance from the community to a position, or null when the community has no position. */
export async function communityDistanceMiles(
  deps: PlacesDeps,
  community: string,
  to: LatLng,
): Promise<{ miles: number; method: 'driving' | 'straight-line' } | null> {
  const from = await communityPosition(deps, community);
  if (!from || !isLatLng(to)) return null;
  return distanceMiles(deps.places, from, to);
}

export interface PlaceSearchResult {
  suggestions: PlaceSuggestion[];
  /** The offline default answered (the picker says so). */
  offline: boolean;
  /** Why there are no suggestions, when something went wrong; null otherwise. */
  error: string | null;
}

/**
 * The places matching `query` near the community (10000 m around its position). Never throws
 * for the service's failures: they come back as `error`, with the form left as it was.
 */
export async function searchPlaces(deps: PlacesDeps, community: string, query: string): Promise<PlaceSearchResult> {
  const offline = deps.places.offline;
  const text = query.trim();
  if (text === '') return { suggestions: [], offline, error: null };
  if (text.length > MAX_PLACE_QUERY_LENGTH) return { suggestions: [], offline, error: PLACE_SEARCH_TEXTS.tooLong };
  const center = await communityPosition(deps, community);
  if (!center) return { suggestions: [], offline, error: PLACE_SEARCH_TEXTS.noCommunityPosition };
  try {
    const suggestions = await deps.places.autocomplete(text, { ...center, radiusMeters: PLACE_SEARCH_RADIUS_M });
    return { suggestions, offline, error: null };
  } catch (error) {
    console.error(`The place search in ${community} failed:`, error);
    return { suggestions: [], offline, error: placeSearchErrorMessage(error) };
  }
}

/**
 * The chosen place's details and the form filled from them (the business editor also offers
 * the place's phone and website). Throws `PlacesError` ('invalid-request' for an id that is no
 * place id); show it with `placeSearchErrorMessage`.
 */
export async function choosePlace(
  deps: Pick<PlacesDeps, 'places'>,
  placeId: string,
  form: LocationFormValue,
): Promise<{ location: LocationFormValue; details: PlaceDetails }> {
  if (!isPlaceId(placeId)) throw new PlacesError('invalid-request', PLACE_SEARCH_TEXTS.notAPlace);
  const details = await deps.places.placeDetails(placeId);
  return { location: locationFromPlace(details, form), details };
}

/** The form filled from the chosen place (the no-JavaScript `placeChoice` button). Throws `PlacesError`. */
export async function applyPlaceChoice(
  deps: Pick<PlacesDeps, 'places'>,
  placeId: string,
  form: LocationFormValue,
): Promise<LocationFormValue> {
  return (await choosePlace(deps, placeId, form)).location;
}
