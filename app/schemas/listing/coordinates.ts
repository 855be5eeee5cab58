import { z } from 'zod';
import { INVALID_LATITUDE, INVALID_LONGITUDE } from '~/schemas/community';

/**
 * A position typed as two decimals (spec 03 §5 "Location": latitude and longitude required and
 * decimal, 'Latitude is required to map accurately.' / 'Longitude is required to map
 * accurately.'; spec 03 §3: saved as strings). A place may have no position at all; half a
 * position cannot be mapped, so the missing half is asked for with the spec's message.
 */

export const LATITUDE_REQUIRED = 'Latitude is required to map accurately.';
export const LONGITUDE_REQUIRED = 'Longitude is required to map accurately.';
export { INVALID_LATITUDE, INVALID_LONGITUDE };

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

const coordinate = (limit: number, message: string) =>
  z
    .string()
    .trim()
    .max(30, message)
    .refine((value) => DECIMAL.test(value) && Math.abs(Number(value)) <= limit, message)
    .optional();

export interface StoredCoordinates {
  latitude: string | null;
  longitude: string | null;
}

/** The form's `coordinates` fieldset; its output is what the record stores (strings, or null to clear). */
export const CoordinatesSchema = z
  .object({ latitude: coordinate(90, INVALID_LATITUDE), longitude: coordinate(180, INVALID_LONGITUDE) })
  .optional()
  .superRefine((value, ctx) => {
    const hasLatitude = Boolean(value?.latitude);
    const hasLongitude = Boolean(value?.longitude);
    if (hasLongitude && !hasLatitude) ctx.addIssue({ code: 'custom', path: ['latitude'], message: LATITUDE_REQUIRED });
    if (hasLatitude && !hasLongitude) ctx.addIssue({ code: 'custom', path: ['longitude'], message: LONGITUDE_REQUIRED });
  })
  .transform((value): StoredCoordinates => ({ latitude: value?.latitude || null, longitude: value?.longitude || null }));

/** A stored position (strings or numbers) as the form shows it. */
export function coordinatesToForm(record: Record<string, unknown>): { latitude: string; longitude: string } {
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  return { latitude: text(record.latitude), longitude: text(record.longitude) };
}
