import { z } from 'zod';
import type { DbValue } from '@server/db/types';
import type { PlaceDetails } from '@server/providers/places/types';

/**
 * A listing's location as the place picker edits it (spec 03 §3 "Location data": title,
 * address, city, state, zip, latitude, longitude — saved as strings —, placeId; §4 the Title/
 * Location section with 'Item Does Not Have A Location'; §5 "Location" rules). Isomorphic and
 * pure: the same schema checks the form in the browser and in the action.
 */

export const LOCATION_TEXTS = {
  latitudeRequired: 'Latitude is required to map accurately.',
  longitudeRequired: 'Longitude is required to map accurately.',
  titleRequired: 'Title is required.',
  invalidLatitude: 'Latitude must be a number between -90 and 90.',
  invalidLongitude: 'Longitude must be a number between -180 and 180.',
  noLocation: 'Item Does Not Have A Location',
  tooLong: 'This is too long.',
  invalidPlace: 'The chosen place is not valid. Please search again.',
} as const;

export interface LocationFormValue {
  /** 'Item Does Not Have A Location' (only offered when the emptyBusinessMap feature is on). */
  noLocation: boolean;
  title: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** As typed: a decimal number, or '' for none. */
  latitude: string;
  longitude: string;
  /** The place the fields were filled from, or ''. */
  placeId: string;
}

export interface LocationSchemaOptions {
  /** Latitude and longitude are required (spec 03 §5 "when GPS is required"). */
  gpsRequired: boolean;
  /** The title is required ('Title is required.'). */
  titleRequired: boolean;
  /** The 'Item Does Not Have A Location' box is offered; otherwise a posted box is ignored. */
  allowNoLocation: boolean;
}

export const LOCATION_LIMITS = { title: 200, address: 200, city: 100, state: 100, zip: 20, coordinate: 30, placeId: 512 } as const;

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const PLACE_ID = /^[A-Za-z0-9_-]{1,512}$/;

/** True for a decimal number within ±`limit` ('43.3123', '-73.8351'). */
export function isCoordinate(value: string, limit: 90 | 180): boolean {
  return DECIMAL.test(value) && Math.abs(Number(value)) <= limit;
}

/** A posted text: trimmed, '' when missing (conform posts an emptied field as nothing). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, LOCATION_TEXTS.tooLong)
    .optional()
    .transform((value) => value ?? '');

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

export function locationFormSchema(options: LocationSchemaOptions): z.ZodType<LocationFormValue, z.ZodTypeDef, unknown> {
  return z
    .object({
      noLocation: checkbox,
      title: text(LOCATION_LIMITS.title),
      address: text(LOCATION_LIMITS.address),
      city: text(LOCATION_LIMITS.city),
      state: text(LOCATION_LIMITS.state),
      zip: text(LOCATION_LIMITS.zip),
      latitude: text(LOCATION_LIMITS.coordinate),
      longitude: text(LOCATION_LIMITS.coordinate),
      placeId: text(LOCATION_LIMITS.placeId),
    })
    .transform((value): LocationFormValue => ({ ...value, noLocation: options.allowNoLocation && value.noLocation }))
    .superRefine((value, ctx) => {
      if (options.titleRequired && value.title === '')
        ctx.addIssue({ code: 'custom', path: ['title'], message: LOCATION_TEXTS.titleRequired });
      if (value.noLocation) return;
      if (value.placeId !== '' && !PLACE_ID.test(value.placeId))
        ctx.addIssue({ code: 'custom', path: ['placeId'], message: LOCATION_TEXTS.invalidPlace });
      const hasLatitude = value.latitude !== '';
      const hasLongitude = value.longitude !== '';
      // Required when GPS is required, and always when half a position is given (it cannot be mapped).
      const needsBoth = options.gpsRequired || hasLatitude || hasLongitude;
      if (!hasLatitude && needsBoth) ctx.addIssue({ code: 'custom', path: ['latitude'], message: LOCATION_TEXTS.latitudeRequired });
      if (!hasLongitude && needsBoth) ctx.addIssue({ code: 'custom', path: ['longitude'], message: LOCATION_TEXTS.longitudeRequired });
      if (hasLatitude && !isCoordinate(value.latitude, 90)) {
        const message = DECIMAL.test(value.latitude) ? LOCATION_TEXTS.invalidLatitude : LOCATION_TEXTS.latitudeRequired;
        ctx.addIssue({ code: 'custom', path: ['latitude'], message });
      }
      if (hasLongitude && !isCoordinate(value.longitude, 180)) {
        const message = DECIMAL.test(value.longitude) ? LOCATION_TEXTS.invalidLongitude : LOCATION_TEXTS.longitudeRequired;
        ctx.addIssue({ code: 'custom', path: ['longitude'], message });
      }
    });
}

const storedText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

const LOCATION_FIELDS = ['address', 'city', 'state', 'zip', 'latitude', 'longitude'] as const;

/** An empty location (a new item). */
export const EMPTY_LOCATION: LocationFormValue = {
  noLocation: false,
  title: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  latitude: '',
  longitude: '',
  placeId: '',
};

/**
 * A stored item as the form shows it (tolerant of numbers and missing fields). A saved item
 * (it has a title) with none of the location fields is an item without a location; a new, empty
 * item is not.
 */
export function locationFormValue(stored: Record<string, unknown>): LocationFormValue {
  const value: LocationFormValue = {
    noLocation: false,
    title: typeof stored.title === 'string' ? stored.title.trim() : '',
    address: storedText(stored.address),
    city: storedText(stored.city),
    state: storedText(stored.state),
    zip: storedText(stored.zip),
    latitude: storedText(stored.latitude),
    longitude: storedText(stored.longitude),
    placeId: storedText(stored.placeId),
  };
  value.noLocation = value.title !== '' && LOCATION_FIELDS.every((field) => value[field] === '');
  return value;
}

/**
 * A posted location as the form shows it again (a refused post, or the place search's answer
 * without JavaScript): the text as typed, the box ticked when it posted 'on'. Null when nothing
 * was posted under the name.
 */
export function locationFormValueOfPost(posted: unknown): LocationFormValue | null {
  if (typeof posted !== 'object' || posted === null || Array.isArray(posted)) return null;
  const value = posted as Record<string, unknown>;
  const text = (field: unknown): string => (typeof field === 'string' ? field : '');
  return {
    noLocation: value.noLocation === 'on' || value.noLocation === true,
    title: text(value.title),
    address: text(value.address),
    city: text(value.city),
    state: text(value.state),
    zip: text(value.zip),
    latitude: text(value.latitude),
    longitude: text(value.longitude),
    placeId: text(value.placeId),
  };
}

/**
 * The fields the item stores (null deletes one): latitude and longitude as strings (spec 03
 * §3). Without a location the item keeps its title and has none of the location fields.
 */
export function locationRecord(form: LocationFormValue): Record<string, DbValue> {
  const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());
  const coordinate = (value: string): string | null => {
    const trimmed = value.trim();
    // '+43.5' and '43.' are stored as the number they are: '43.5', '43'.
    return trimmed === '' ? null : DECIMAL.test(trimmed) ? String(Number(trimmed)) : trimmed;
  };
  if (form.noLocation) {
    return {
      title: optional(form.title),
      address: null,
      city: null,
      state: null,
      zip: null,
      latitude: null,
      longitude: null,
      placeId: null,
    };
  }
  return {
    title: optional(form.title),
    address: optional(form.address),
    city: optional(form.city),
    state: optional(form.state),
    zip: optional(form.zip),
    latitude: coordinate(form.latitude),
    longitude: coordinate(form.longitude),
    placeId: optional(form.placeId),
  };
}

/** The position of a form value or stored item, or null when it has none (or only half of one). */
export function locationPosition(value: { latitude?: unknown; longitude?: unknown }): { latitude: number; longitude: number } | null {
  const latitude = storedText(value.latitude);
  const longitude = storedText(value.longitude);
  if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) return null;
  return { latitude: Number(latitude), longitude: Number(longitude) };
}

/** The form filled from a chosen place: the address fields and position; the title only when it was empty. */
export function locationFromPlace(details: PlaceDetails, form: LocationFormValue): LocationFormValue {
  return {
    ...form,
    noLocation: false,
    title: form.title.trim() === '' ? details.title : form.title,
    address: details.address,
    city: details.city,
    state: details.state,
    zip: details.zip,
    latitude: String(details.latitude),
    longitude: String(details.longitude),
    placeId: details.placeId,
  };
}
