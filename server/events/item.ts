import type { DbValue } from '@server/db/types';
import { sanitizeRichText } from '@server/html';
import { detailButtonsRecord } from '~/lib/detail-buttons';
import type { EventFormOutput } from '~/schemas/event';

/**
 * A valid event form as the fields of the stored event (spec 02 §3 event): rich text
 * sanitized (description keeps the HTML, as the apps read it, with `htmlDescription` beside
 * it), empty texts cleared (null), the off-site location's fields only for an off-site event,
 * latitude and longitude as strings. `contexts`, `recurrenceId`, `creator` and `updatedBy` are
 * the save's (server/events/save.ts); headerInfo is the header editor's.
 */

/** Event fields a re-import writes: locked in the editor of an imported event (spec 02 §4 imported events). */
export const IMPORT_LOCKED_FIELDS = [
  'title',
  'description',
  'htmlDescription',
  'startDate',
  'endDate',
  'endDateDuration',
  'allDay',
  'location',
  'address',
  'city',
  'latitude',
  'longitude',
] as const;

/** Fields that place an event in time: a change of any of them is a time change (spec 02 §4 after saving). */
export const TIME_FIELDS = ['startDate', 'endDate', 'endDateDuration', 'allDay'] as const;
/** Fields a notification made from the event repeats (spec 02 §4 "a title or description change asks"). */
export const TEXT_FIELDS = ['title', 'description'] as const;

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function eventRecord(value: EventFormOutput, stored: Record<string, unknown> | null): Record<string, DbValue> {
  const description = sanitizeRichText(value.description);
  const offSite = value.resortLocationId === '';
  return {
    title: value.title,
    description: description === '' ? null : description,
    htmlDescription: description === '' ? null : description,
    audience: value.audience,
    type: value.type,
    startDate: value.startDate,
    endDate: value.endDate,
    endDateDuration: value.endDateDuration,
    allDay: value.allDay,
    endDateHide: value.endDateHide,
    cost: value.cost,
    resortLocationId: value.resortLocationId,
    location: offSite ? orNull(value.location) : null,
    address: offSite ? orNull(value.address) : null,
    city: offSite ? orNull(value.city) : null,
    latitude: offSite ? orNull(value.latitude) : null,
    longitude: offSite ? orNull(value.longitude) : null,
    placeId: offSite ? orNull(value.placeId) : null,
    phone: orNull(value.phone),
    website: orNull(value.website),
    ticketing: orNull(value.ticketing),
    rsvpRequest: value.rsvpRequest,
    rsvpFormKey: value.rsvpRequest ? orNull(value.rsvpFormKey) : null,
    huntKey: orNull(value.huntKey),
    detailButtons: value.detailButtons.length > 0 ? detailButtonsRecord(value.detailButtons, stored?.detailButtons) : null,
  };
}

/** The fields a save may write over an imported event: everything but the locked ones. */
export function unlockedFields(fields: Record<string, DbValue>, stored: Record<string, unknown> | null): Record<string, DbValue> {
  if (!stored || typeof stored.id !== 'string' || stored.id === '') return fields;
  return Object.fromEntries(Object.entries(fields).filter(([field]) => !(IMPORT_LOCKED_FIELDS as readonly string[]).includes(field)));
}
