import type { LatLng } from './types';

/** The mean Earth radius in miles (IUGG), as the haversine formula uses it. */
export const EARTH_RADIUS_MILES = 3958.7613;
export const METERS_PER_MILE = 1609.344;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (straight-line) distance between two positions, in miles (haversine). */
export function haversineMiles(from: LatLng, to: LatLng): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** True for a position with finite coordinates inside the globe's ranges. */
export function isLatLng(value: LatLng): boolean {
  return (
    Number.isFinite(value.latitude) &&
    Number.isFinite(value.longitude) &&
    Math.abs(value.latitude) <= 90 &&
    Math.abs(value.longitude) <= 180
  );
}
