import tzlookup from '@photostructure/tz-lookup';

/**
 * The time zone at a position (spec 01 §4.4: derived from latitude and longitude, then
 * editable), looked up offline. Null for a position that is not one.
 */
export function timeZoneAt(latitude: unknown, longitude: unknown): string | null {
  const lat = typeof latitude === 'string' && latitude.trim() !== '' ? Number(latitude) : latitude;
  const lng = typeof longitude === 'string' && longitude.trim() !== '' ? Number(longitude) : longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  try {
    return tzlookup(lat, lng);
  } catch {
    return null;
  }
}

/**
 * The zone to keep on save: the one chosen, unless it is empty or the coordinates changed and
 * the person left the zone as it was stored, in which case the zone of the new position.
 */
export function resolveTimeZone(input: {
  chosen: string | null | undefined;
  stored: string | null | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  storedLatitude: unknown;
  storedLongitude: unknown;
}): string | null {
  const chosen = input.chosen?.trim() || null;
  const moved = input.latitude !== input.storedLatitude || input.longitude !== input.storedLongitude;
  if (chosen && !(moved && chosen === input.stored)) return chosen;
  return timeZoneAt(input.latitude, input.longitude) ?? chosen;
}
