import { communityPosition, PLACE_SEARCH_TEXTS, type PlacesDeps } from '@server/places/location';
import {
  haversineMiles,
  isLatLng,
  isPlaceId,
  MAX_PLACE_QUERY_LENGTH,
  METERS_PER_MILE,
  PlacesError,
  placeSearchErrorMessage,
  type LatLng,
  type PlaceDetails,
  type PlacesProvider,
} from '@server/providers/places';
import { PLACE_IMPORT_TEXTS } from '~/lib/listing-import';
import { IMPORT_FIELDS, type ImportField } from './listings';

/**
 * The second source of Import (decision 044, "Place search"): places found around the community
 * through the places port (server/providers/places: Google, or the offline default) become the
 * rows of a CSV file in the import's own columns, stored like an uploaded file, so the preview,
 * the row checks, the duplicates and the listing-import job are the file import's own.
 */

export { PLACE_IMPORT_TEXTS };

/** The CSV header of a place search's file: the import fields by their labels, so the columns map themselves. */
export const PLACE_IMPORT_HEADERS: readonly string[] = IMPORT_FIELDS.map((field) => field.label);

const coordinate = (value: number) => (Number.isFinite(value) ? String(Math.round(value * 1e7) / 1e7) : '');

/** A place as the import's fields (the business item's: spec 03 §3), '' where the place says nothing. */
export function placeToListingFields(place: PlaceDetails): Record<ImportField, string> {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    title: text(place.title),
    address: text(place.address),
    city: text(place.city),
    state: text(place.state),
    zip: text(place.zip),
    latitude: coordinate(place.latitude),
    longitude: coordinate(place.longitude),
    phone: text(place.phone),
    website: text(place.website),
    description: '',
    placeId: isPlaceId(place.placeId) ? place.placeId : '',
  };
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The places as the text of an import file (header row, one row per place). */
export function placesCsv(places: readonly PlaceDetails[]): string {
  const lines = [PLACE_IMPORT_HEADERS.map(csvCell).join(',')];
  for (const place of places) {
    const fields = placeToListingFields(place);
    lines.push(IMPORT_FIELDS.map((field) => csvCell(fields[field.id])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export type PlaceImportSearch = { ok: true; places: PlaceDetails[] } | { ok: false; error: string };

/**
 * The places matching `query` within `miles` of the community: the port's search (biased to the
 * circle), each answer's details, and only those inside the circle, nearest first. The service's
 * failures come back as the place search's messages, never thrown.
 */
export async function searchPlacesForImport(
  deps: Pick<PlacesDeps, 'db' | 'paths'> & { places: PlacesProvider },
  community: string,
  query: string,
  miles: number,
): Promise<PlaceImportSearch> {
  const text = query.trim();
  if (text === '') return { ok: false, error: PLACE_IMPORT_TEXTS.query };
  if (text.length > MAX_PLACE_QUERY_LENGTH) return { ok: false, error: PLACE_IMPORT_TEXTS.tooLong };
  const center = await communityPosition(deps, community);
  if (!center) return { ok: false, error: PLACE_SEARCH_TEXTS.noCommunityPosition };
  try {
    const suggestions = await deps.places.autocomplete(text, { ...center, radiusMeters: Math.round(miles * METERS_PER_MILE) });
    const settled = await Promise.allSettled(
      suggestions.filter((one) => isPlaceId(one.placeId)).map((one) => deps.places.placeDetails(one.placeId)),
    );
    const details = settled.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : []));
    // A place whose details fail is left out; when every one fails, the search failed.
    const failed = settled.find((one): one is PromiseRejectedResult => one.status === 'rejected');
    if (details.length === 0 && failed) throw failed.reason;
    const inside = nearestWithin(details, center, miles);
    if (inside.length === 0) return { ok: false, error: PLACE_IMPORT_TEXTS.nothingFound(text, miles) };
    return { ok: true, places: inside };
  } catch (error) {
    if (!(error instanceof PlacesError)) throw error;
    console.error(`The place search for an import in ${community} failed:`, error);
    return { ok: false, error: placeSearchErrorMessage(error) };
  }
}

/** The places inside the circle (the search only prefers it), nearest first, each once. */
export function nearestWithin(places: readonly PlaceDetails[], center: LatLng, miles: number): PlaceDetails[] {
  const seen = new Set<string>();
  return places
    .filter((place) => isLatLng(place) && haversineMiles(center, place) <= miles)
    .filter((place) => (seen.has(place.placeId) ? false : (seen.add(place.placeId), true)))
    .sort((a, b) => haversineMiles(center, a) - haversineMiles(center, b));
}
