import type { RemoteGrant } from '@server/authz/access';
import type { DbValue } from '@server/db/types';
import { formatEventContext, formatListingContext } from '@server/paths';

/**
 * Who writes what in the event editor (spec 02 §6: staff of the community manage its content;
 * remote managers reach a single event or calendar by a grant and submit changes through the
 * server). As in the business editor: a grant's Edit Information writes the event's fields,
 * Add Buttons its custom buttons; a remote manager never changes the Associated Calendars nor
 * the recurrence (Edit Event only). The server applies this to every post, whatever the form
 * carried.
 */

export type EventEditorRole = { kind: 'staff' } | { kind: 'remote'; grant: Pick<RemoteGrant, 'editInfo' | 'addButtons'> };

export interface EventEditorRights {
  /** Event fields (eventRecord's) the post may write. */
  fields: readonly string[];
  /** The Associated Calendars section. */
  calendars: boolean;
  /** Recurrence changes and Edit Recurrence. */
  recurrence: boolean;
  /** The AI assistant section (hidden for remote users, spec 02 "Event editor"). */
  assistant: boolean;
}

/** The fields eventRecord writes, but the custom buttons. */
export const EVENT_INFO_FIELDS = [
  'title',
  'description',
  'htmlDescription',
  'audience',
  'type',
  'startDate',
  'endDate',
  'endDateDuration',
  'allDay',
  'endDateHide',
  'cost',
  'resortLocationId',
  'location',
  'address',
  'city',
  'latitude',
  'longitude',
  'placeId',
  'phone',
  'website',
  'ticketing',
  'rsvpRequest',
  'rsvpFormKey',
  'huntKey',
] as const;
export const EVENT_BUTTON_FIELDS = ['detailButtons'] as const;

export function eventEditorRights(role: EventEditorRole): EventEditorRights {
  if (role.kind === 'staff')
    return { fields: [...EVENT_INFO_FIELDS, ...EVENT_BUTTON_FIELDS], calendars: true, recurrence: true, assistant: true };
  return {
    fields: [...(role.grant.editInfo ? EVENT_INFO_FIELDS : []), ...(role.grant.addButtons ? EVENT_BUTTON_FIELDS : [])],
    calendars: false,
    recurrence: false,
    assistant: false,
  };
}

/** Only the fields the rights allow; the rest of the event is left as stored. */
export function allowedEventFields(record: Record<string, DbValue>, rights: EventEditorRights): Record<string, DbValue> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => rights.fields.includes(field)));
}

/**
 * What a calendar's or an event's Remote Management section passes to server/remote's
 * planRemoteAdmin (spec 02 §4 "Remote management on a calendar or event", grants as in the
 * business editor): the grant's `type`, an `origContext` that names the community as a listing
 * context ('{community}/amc-events', which is how remote management tells communities apart),
 * and the calendar's event context as the only one in `contexts` (server/remote/calendar.ts reads
 * the grant's calendar from it).
 */
export function remoteAdminTarget(
  community: string,
  kind: 'calendar' | 'event',
  calendarId: string,
): { type: 'calendar' | 'event'; origContext: string; contexts: string[]; contextsAsGiven: true } {
  return {
    type: kind,
    origContext: formatListingContext(community, 'amc-events'),
    contexts: [formatEventContext(community, calendarId)],
    contextsAsGiven: true,
  };
}
