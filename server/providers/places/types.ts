import { busyMessage, ProviderError, type ProviderErrorKind } from '../provider-error';

/**
 * The places provider port (spec 02 §7 "A maps places service supplies photos for a place id"):
 * the photos of a community's place (its `placeId`, spec 01 §3.1), at most nine (spec 02 §5
 * "Photos offered limited to first 9"), and the bytes of the one chosen for the header editor's
 * places picker (spec 02 §2).
 */

/** Spec 02 §5: the picker offers the first 9 photos. */
export const MAX_PLACE_PHOTOS = 9;

/** Who took a photo, as the picker must credit it. */
export interface PlaceAttribution {
  displayName: string;
  /** The author's profile page, when known. */
  uri?: string;
}

export interface PlacePhoto {
  /**
   * The photo's id, posted back when it is chosen: Google's resource name
   * `places/{placeId}/photos/{reference}`, or the offline default's own name.
   */
  id: string;
  width: number;
  height: number;
  attributions: PlaceAttribution[];
  /**
   * The picker's thumbnail. Never carries the API key: Google's short-lived `photoUri` (a
   * googleusercontent address), or a `data:` URL made on the server.
   */
  thumbnailUrl: string;
}

/** The chosen photo's bytes, fetched on the server. */
export interface PlacePhotoFile {
  bytes: Uint8Array;
  contentType: string;
  /** A file name for storage, e.g. 'place-photo-AUc7tXV.jpg'. */
  fileName: string;
}

/** A position in decimal degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** The circle a place search prefers (spec 03 §7: 10000 m around the community). */
export interface PlaceSearchBias extends LatLng {
  radiusMeters: number;
}

/** One answer of the place search, as the picker lists it. */
export interface PlaceSuggestion {
  /** Google's place id (or the offline default's own id), posted back when it is chosen. */
  placeId: string;
  /** The place's name: 'Lakeshore Diner'. */
  title: string;
  /** Where it is: '212 Lakeshore Road, Lake Luzerne, NY, USA'. */
  subtitle: string;
}

/** A chosen place, as the location fields take it (spec 03 §3 "Location data"). */
export interface PlaceDetails {
  placeId: string;
  title: string;
  /** Street address: number and street ('212 Lakeshore Road'). */
  address: string;
  city: string;
  /** The state's short name ('NY'). */
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  phone?: string;
  website?: string;
  types?: string[];
}

/** The longest search text sent to the service. */
export const MAX_PLACE_QUERY_LENGTH = 120;
/** The most suggestions a search lists (Google answers at most five place predictions). */
export const MAX_PLACE_SUGGESTIONS = 8;

/** The shape of a place id the port accepts (Google's ids, and the offline default's). */
export const PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{1,512}$/;
export const isPlaceId = (value: unknown): value is string => typeof value === 'string' && PLACE_ID_PATTERN.test(value);

export interface PlacesProvider {
  /** True for the offline default: no GOOGLE_MAPS_API_KEY, nothing is asked of Google. */
  offline: boolean;
  /** The first nine photos of the place. Throws `PlacesError`. */
  listPhotos(placeId: string): Promise<PlacePhoto[]>;
  /** The bytes of one photo of the place (a `PlacePhoto.id`). Throws `PlacesError`. */
  fetchPhoto(placeId: string, photoId: string): Promise<PlacePhotoFile>;
  /**
   * Places matching what was typed, preferring the circle `bias` (spec 03 §7 "place
   * autocomplete bounded to a 10000 m circle around the community"). Throws `PlacesError`.
   */
  autocomplete(input: string, bias: PlaceSearchBias): Promise<PlaceSuggestion[]>;
  /** The address, position, phone, website and types of a place. Throws `PlacesError`. */
  placeDetails(placeId: string): Promise<PlaceDetails>;
  /**
   * The driving distance in miles (spec 03 §7 "directions (driving, imperial)"). Throws
   * `PlacesError` ('not-found' when there is no route).
   */
  drivingMiles(from: LatLng, to: LatLng): Promise<number>;
}

export type PlacesErrorKind = Extract<
  ProviderErrorKind,
  /** 401/403: the key is refused or the API is not enabled for it. */
  | 'unauthorized'
  /** 429: too many requests or the quota is used up. */
  | 'rate-limited'
  /** 404: no such place or photo. */
  | 'not-found'
  /** 400, or a photo id that does not belong to the place. */
  | 'invalid-request'
  /** Any other answer that is not a success. */
  | 'vendor'
  /** The service could not be reached or took too long. */
  | 'network'
  /** A success whose body is not what the API documents. */
  | 'invalid-response'
>;

export class PlacesError extends ProviderError<PlacesErrorKind> {
  constructor(kind: PlacesErrorKind, message: string, status?: number, retryAfter?: number) {
    super(kind, message, status, retryAfter);
    this.name = 'PlacesError';
  }
}

export type FetchLike = typeof fetch;

/**
 * What the place search and the place choice say when the places service fails (the photos
 * have their own texts, `placesErrorMessage`).
 */
export function placeSearchErrorMessage(error: unknown): string {
  if (!(error instanceof PlacesError)) return 'The place search failed. Please try again, or fill in the address yourself.';
  switch (error.kind) {
    case 'rate-limited':
      return busyMessage('The places service', error.retryAfter);
    case 'unauthorized':
      return 'The places service refused the request: the maps API key is not valid for place search. Please contact support.';
    case 'not-found':
      return 'The places service does not know that place any more. Please search again.';
    case 'invalid-request':
      return 'The places service could not read that search. Please change the text and try again.';
    case 'network':
      return 'The places service could not be reached. Please try again later, or fill in the address yourself.';
    case 'invalid-response':
    case 'vendor':
      return 'The places service answered with an error. Please try again later, or fill in the address yourself.';
  }
}

/**
 * What the header editor says when the places service fails (ARCHITECTURE "External
 * services": a clear message, nothing else of the form lost).
 */
export function placesErrorMessage(error: unknown): string {
  if (!(error instanceof PlacesError)) return 'The places photos could not be loaded. Please try again later.';
  switch (error.kind) {
    case 'rate-limited':
      return busyMessage('The places service', error.retryAfter);
    case 'unauthorized':
      return 'The places service refused the request: the maps API key is not valid for Places photos. Please contact support.';
    case 'not-found':
      return "The places service does not know this community's place (its place id may be out of date).";
    case 'invalid-request':
      return 'The places service could not find that photo. Please choose another one.';
    case 'network':
      return 'The places service could not be reached. Please try again later.';
    case 'invalid-response':
    case 'vendor':
      return 'The places service answered with an error. Please try again later.';
  }
}
