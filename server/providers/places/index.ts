import type { Env } from '@server/env';
import { createGooglePlacesProvider } from './google';
import { createOfflinePlacesProvider } from './offline';
import type { FetchLike, PlacesProvider } from './types';

export * from './types';
export {
  createGooglePlacesProvider,
  PHOTO_MAX_WIDTH_PX,
  PLACE_DETAILS_FIELD_MASK,
  PLACE_PHOTO_MAX_BYTES,
  PLACES_BASE_URL,
  ROUTES_BASE_URL,
  ROUTES_FIELD_MASK,
  THUMBNAIL_MAX_WIDTH_PX,
} from './google';
export {
  createOfflinePlacesProvider,
  defaultSamplePhotosDir,
  OFFLINE_ATTRIBUTION,
  OFFLINE_PLACES,
  PLACE_SEARCH_OFFLINE_MESSAGE,
  PLACES_OFFLINE_MESSAGE,
} from './offline';
export { EARTH_RADIUS_MILES, haversineMiles, isLatLng, METERS_PER_MILE } from './geo';

export type PlacesEnv = Pick<Env, 'GOOGLE_MAPS_API_KEY'>;

/**
 * The places provider (spec 02 §7): Google Places API (New) when GOOGLE_MAPS_API_KEY is set,
 * otherwise the offline default, which says so on screen (ARCHITECTURE "External services").
 */
export function placesProvider(env: PlacesEnv, options: { fetch?: FetchLike; samplesDir?: string } = {}): PlacesProvider {
  return env.GOOGLE_MAPS_API_KEY
    ? createGooglePlacesProvider({ apiKey: env.GOOGLE_MAPS_API_KEY, ...(options.fetch ? { fetch: options.fetch } : {}) })
    : createOfflinePlacesProvider(options.samplesDir ? { dir: options.samplesDir } : {});
}
