import { placesErrorMessage, placesProvider, type PlacePhoto, type PlacesEnv } from '@server/providers/places';

/**
 * The header editor's places picker (spec 02 §2 "a places picker modal", §5 "Photos offered
 * limited to first 9", §7): the photos of the community's place, or why there are none.
 */

/** What the picker says. */
export const PLACES_TEXTS = {
  choose: 'Please choose a photo.',
  noPlace: 'This community has no place yet, so there are no places photos to choose from.',
  noPhotos: 'The places service has no photos of this place.',
  stored: 'The photo could not be stored. Please choose another one.',
  /**
   * The offline default answered: staff cannot configure the service, so the notice says what
   * they can do instead.
   */
  offline:
    'Photos of this place are not available on this console, so sample photos are shown instead. ' +
    'You can upload your own image with “Add image”, or ask an administrator to set up places photos.',
  /** Beside 'Choose from Places Photos' when the service is offline. */
  offlineHint: 'Sample photos only: places photos are not set up on this console.',
} as const;

/** The places picker over the form: the photos offered, or why there are none. */
export interface PlacesPicker {
  /** The offline default answered: sample photos, and the picker says what staff can do. */
  offline: boolean;
  photos: PlacePhoto[];
  error: string | null;
  /** The photo chosen before an error, chosen again. */
  chosen: string | null;
  /** The places service failed to list the photos: 'Try Again' is offered. */
  retry: boolean;
}

export const placeIdOf = (record: Record<string, unknown>): string | null =>
  typeof record.placeId === 'string' && record.placeId.trim() !== '' ? record.placeId.trim() : null;

/** The first nine photos of the place, or the message of why there are none. */
export async function loadPlacesPicker(
  env: PlacesEnv,
  placeId: string | null,
  options: { error?: string | null; chosen?: string | null } = {},
): Promise<PlacesPicker> {
  const provider = placesProvider(env);
  const picker: PlacesPicker = {
    offline: provider.offline,
    photos: [],
    error: options.error ?? null,
    chosen: options.chosen ?? null,
    retry: false,
  };
  if (!placeId) return { ...picker, error: PLACES_TEXTS.noPlace };
  try {
    const photos = await provider.listPhotos(placeId);
    return { ...picker, photos, error: picker.error ?? (photos.length === 0 ? PLACES_TEXTS.noPhotos : null) };
  } catch (error) {
    console.error(`Listing the places photos of ${placeId} failed:`, error);
    return { ...picker, error: picker.error ?? placesErrorMessage(error), retry: true };
  }
}
