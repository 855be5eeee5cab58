import { plainTextOf } from '@server/community/description';
import type { DbValue } from '@server/db';
import { sanitizeRichText } from '@server/html';
import { detailButtonsRecord } from '~/lib/detail-buttons';
import { hoursRecord } from '~/lib/hours';
import { locationRecord } from '~/lib/location';
import { socialMediaRecord } from '~/lib/social-media';
import type { BusinessFormOutput } from '~/schemas/business';

/**
 * A valid business form as the fields of the stored item (spec 03 §3 business item): latitude
 * and longitude as strings, rich text sanitized (description keeps the HTML, as the apps read
 * it, with `htmlDescription` beside it), empty texts cleared (null), popup behaviour a number.
 * Fields the form does not show (headerInfo, detailButtons' icon data, importId …) are not
 * here: the save merges these over the stored item.
 */

/** The item fields each part of the form writes. */
export const INFO_FIELDS = [
  'title',
  'noLocation',
  'address',
  'city',
  'state',
  'zip',
  'latitude',
  'longitude',
  'placeId',
  'distance',
  'description',
  'htmlDescription',
  'always',
  'hours',
  'phone',
  'website',
  'menu',
  'hasSpecial',
  'specialPopupBehavior',
  'specialDescription',
  'socialMedia',
] as const;
export const DOLLARS_FIELDS = ['dollarsActive'] as const;
export const BUTTON_FIELDS = ['detailButtons'] as const;
export const LIST_ICON_FIELDS = ['listIcons'] as const;
/** What only location admins and system admins write (spec 03 §6); the save adds `contexts`. */
export const ADMIN_FIELDS = ['remotelyManaged', 'allowFavorite', 'contexts'] as const;

export type BusinessField =
  | (typeof INFO_FIELDS)[number]
  | (typeof DOLLARS_FIELDS)[number]
  | (typeof BUTTON_FIELDS)[number]
  | (typeof LIST_ICON_FIELDS)[number]
  | (typeof ADMIN_FIELDS)[number];

const orNull = (value: string | undefined | null): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** The item fields of a valid form (without detailButtons, remote management and contexts, which have their own writers). */
export function businessRecord(value: BusinessFormOutput, stored: Record<string, unknown> | null): Record<string, DbValue> {
  const description = sanitizeRichText(value.description);
  const special = sanitizeRichText(value.specialDescription);
  const location = locationRecord(value.location);
  return {
    title: value.title,
    noLocation: value.location.noLocation ? true : null,
    address: location.address ?? null,
    city: location.city ?? null,
    state: location.state ?? null,
    zip: location.zip ?? null,
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
    placeId: location.placeId ?? null,
    description: description === '' ? null : description,
    htmlDescription: description === '' ? null : description,
    always: value.always,
    hours: hoursRecord(value.hours) as DbValue,
    phone: orNull(value.phone),
    website: orNull(value.website),
    menu: orNull(value.menu),
    hasSpecial: value.hasSpecial,
    specialPopupBehavior: value.hasSpecial ? Number(value.specialPopupBehavior ?? '0') : null,
    specialDescription: value.hasSpecial && special !== '' ? special : null,
    socialMedia: socialMediaRecord(value.socialMedia),
    detailButtons: value.detailButtons.length > 0 ? detailButtonsRecord(value.detailButtons, stored?.detailButtons) : null,
    dollarsActive: value.dollarsActive,
    listIcons: value.listIcons.length > 0 ? value.listIcons : null,
  };
}

/** The plain text of a stored description, for places that show text only (the preview's fallback). */
export const descriptionText = (html: unknown): string => (typeof html === 'string' ? plainTextOf(sanitizeRichText(html)) : '');

/** Only the named fields of a record (absent names stay absent: the save keeps them as stored). */
export function pickFields(record: Record<string, DbValue>, fields: readonly string[]): Record<string, DbValue> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => fields.includes(field)));
}
