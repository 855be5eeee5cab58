import { getZodConstraint } from '@conform-to/zod';
import { z } from 'zod';
import { DATE_TIME_TEXTS, formatDate, formatTime, parseDateTimeField, startOfZonedDay } from '~/lib/date-time';
import { isValidKey } from '~/lib/db-key';
import { detailButtonsFormSchema, detailButtonsFormValue, type DetailButtonFormValue } from '~/lib/detail-buttons';
import { firstSectionWithError } from '~/lib/editor-sections';
import {
  allDayTimes,
  defaultEventTimes,
  durationOf,
  endOfZonedDay,
  mondayFirstWeekday,
  RECURRENCE_SPAN_LIMIT,
  resetEnd,
  type EventTimes,
} from '~/lib/event-times';
import { optionalText as text, optionalKey } from './common';
import { checkbox, optionalText, phone, richText, TITLE_REQUIRED, url } from './listing/shared';

/**
 * The event editor's form (spec 02 "Event editor", §3 event and recurrence info, §5 event
 * rules, §9 constants): one schema for conform in the browser and parseWithZod in the action.
 * It depends on the community's time zone and on "now" (the dates are typed as days and times
 * in that zone, and the start must be in the future), so it is built per request by
 * `eventSchema(options)`. Its output carries the instants to store: all-day events at the start
 * of their day with the all-day duration, the end reset when only the start moved.
 *
 * Field names are the stored event's where they can be. Dates post as the date-time picker
 * posts them (`startDate` hidden instant, `startDate-date`, `startDate-time`). The location is
 * one select, `resortLocationId`: a location of the community, or `OFF_SITE` for an off-site
 * event with its own `location` title and address.
 */

/** Spec 02 §5, word for word. */
export const EVENT_TEXTS = {
  titleRequired: TITLE_REQUIRED,
  audienceRequired: 'Audience is required.',
  startInFuture: 'Initial Start Date and time must be in the future.',
  endAfterStart: 'Initial End Date must be after the Initial Start Date and current time.',
  locationRequired: 'Location is required.',
  locationTitleRequired: 'Title for location is required.',
  recurrenceTooLong: 'Recurring events cannot be longer than 24 hours.',
  /** Spec 02 §5 "The recurrence last day cannot precede the event end" (the spec gives no text). */
  recurrenceEndBeforeEnd: 'The last day of the recurrence cannot be before the event ends.',
  /** Daily recurrence repeats on the chosen weekdays (spec 02 §4); the spec gives no text for none chosen. */
  noWeekday: 'Choose at least one day of the week.',
  dateRequired: DATE_TIME_TEXTS.required,
  lastDayRequired: DATE_TIME_TEXTS.dateRequired,
  /** Spec 02 §8. */
  notificationsRemovedTitle: 'Notifications Removed',
  notificationsRemoved: (count: number) => `${count} matching event notifications have been removed.`,
  updateNotificationsTitle: 'Update Notifications',
  updateNotifications: "Do you want to update all notifications' titles and descriptions for this event?",
  editRecurrenceTitle: 'Edit Recurrence',
  deleteEventTitle: 'Delete Event',
  deleteEvent: 'Are you sure you want to delete this event?',
  deleteRecurrenceTitle: 'Delete Recurrence',
  deleteRecurrence: 'Do you want to delete only this event or all events in this recurrence?',
  deleteImportedTitle: 'Delete Imported Event',
  deleteForever: 'Delete Forever',
  deleteAllowImports: 'Delete, Allow Future Imports',
  deleteSelected: 'Are you certain you want to delete all selected items?',
  errorTitle: 'Error',
} as const;

/**
 * Fields the editor marks required. The schema checks them in its final step (so that every
 * error of a post is reported at once), which conform's getZodConstraint cannot see.
 */
export const EVENT_REQUIRED_FIELDS = ['title', 'audience', 'resortLocationId', 'startDate', 'endDate'] as const;

/** Spec 02 §9 page sizes: the calendar of events 50 then 40; legacy events 50 then 20. */
export const CALENDAR_EVENT_PAGE_SIZES = { first: 50, next: 40 } as const;
export const LEGACY_EVENT_PAGE_SIZES = { first: 50, next: 20 } as const;

/** Spec 02 §9: the audience of a new event. */
export const DEFAULT_AUDIENCE = 'family';
/** Spec 02 §3, §9. */
export const RECURRENCE_KINDS = ['none', 'daily', 'weekly'] as const;
export type RecurrenceKind = (typeof RECURRENCE_KINDS)[number];
export const RECURRENCE_LABELS: Record<RecurrenceKind, string> = { none: 'None', daily: 'Daily', weekly: 'Weekly' };
/** validDays, Monday first (spec 02 §3). */
export const WEEKDAYS_MONDAY_FIRST = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const EVENT_TYPES = ['resort', 'local'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The `resortLocationId` choice of an off-site event (stored as ''); '.' is in no key, so no location can take it. */
export const OFF_SITE = '.off-site';
/** The most Associated Calendars one form posts. */
export const MAX_EVENT_CALENDARS = 100;
/** Longest texts. */
export const EVENT_LIMITS = { title: 200, location: 200, address: 200, city: 100, coordinate: 30, placeId: 512, audience: 100 } as const;

/** Which recurring edit the form is: all future events of the recurrence, or this one occurrence (spec 02 §4). */
export const EDIT_SCOPES = ['event', 'recurrence'] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];

/** The editor's sections, in the spec's order. */
export const EVENT_SECTIONS = [
  { id: 'existing', title: 'Existing Events' },
  { id: 'general', title: 'General Information' },
  { id: 'dates', title: 'Dates' },
  { id: 'location', title: 'Location' },
  { id: 'header', title: 'Header Image(s)/Video' },
  { id: 'features', title: 'Additional Features' },
  { id: 'buttons', title: 'Additional Buttons' },
  { id: 'calendars', title: 'Associated Calendars' },
  { id: 'qr', title: 'QR Code' },
] as const;
export type EventSectionId = (typeof EVENT_SECTIONS)[number]['id'];

const FIELD_SECTIONS: Record<string, EventSectionId> = {
  title: 'general',
  description: 'general',
  audience: 'general',
  type: 'general',
  startDate: 'dates',
  endDate: 'dates',
  allDay: 'dates',
  endDateHide: 'dates',
  recurrence: 'dates',
  validDays: 'dates',
  recurrenceEndDate: 'dates',
  resortLocationId: 'location',
  location: 'location',
  address: 'location',
  city: 'location',
  latitude: 'location',
  longitude: 'location',
  placeId: 'location',
  phone: 'features',
  website: 'features',
  ticketing: 'features',
  cost: 'features',
  rsvpRequest: 'features',
  rsvpFormKey: 'features',
  hunt: 'features',
  huntKey: 'features',
  detailButtons: 'buttons',
  calendars: 'calendars',
};

/** The first section (in the spec's order) holding a field with an error; form-level errors open Dates. */
export function eventSectionOfErrors(errorFields: readonly string[]): EventSectionId | null {
  return firstSectionWithError(EVENT_SECTIONS, eventSectionOf, errorFields);
}

/** The section showing a field (by its name as posted); form-level errors ('') belong to Dates. */
export const eventSectionOf = (name: string): EventSectionId | undefined =>
  name === '' ? 'dates' : FIELD_SECTIONS[name.split(/[.[-]/)[0] ?? ''];

export interface EventSchemaOptions {
  timeZone: string;
  now: number;
  /**
   * The times the form showed (the stored event's, or a new event's defaults): the end-reset
   * rule applies when the start moved and the end was left as shown, and an unchanged start of
   * an event being edited need not be in the future.
   */
  shown?: { startDate: number; endDate: number; endDateDuration?: number | null; isNew: boolean } | null;
  /** The audiences the calendar offers (lower case); when given, another value is refused. */
  audiences?: readonly string[];
  /** The action selector may offer several communities (custom buttons). */
  communityRequired?: boolean;
  /**
   * An imported event: its title and off-site location are the feed's (locked, shown read-only,
   * the stored values posted back), so an empty one is what the feed gave, never a missing field.
   */
  imported?: boolean;
}

const keyList = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string().trim().refine(isValidKey, 'Not a valid key.'))
      .max(max)
      .transform((keys) => [...new Set(keys)]),
  );

/** Seven checkboxes `validDays[0]` … `validDays[6]` (Monday first) as seven booleans. */
const validDaysField = z.preprocess((value) => {
  const posted = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? value : [];
  return Array.from({ length: 7 }, (_, index) => {
    const day = (posted as Record<number, unknown>)[index];
    return day === 'on' || day === 'true' || day === true;
  });
}, z.array(z.boolean()).max(7).length(7));

const picker = z.string().max(40).optional();

const RawEventSchema = z.object({
  title: text(EVENT_LIMITS.title),
  description: richText(),
  audience: text(EVENT_LIMITS.audience),
  type: z.preprocess((value) => (value === undefined || value === '' ? 'resort' : value), z.enum(EVENT_TYPES)),
  startDate: picker,
  'startDate-date': picker,
  'startDate-time': picker,
  endDate: picker,
  'endDate-date': picker,
  'endDate-time': picker,
  allDay: checkbox(),
  endDateHide: checkbox(),
  resortLocationId: text(200),
  location: text(EVENT_LIMITS.location),
  address: text(EVENT_LIMITS.address),
  city: text(EVENT_LIMITS.city),
  latitude: text(EVENT_LIMITS.coordinate),
  longitude: text(EVENT_LIMITS.coordinate),
  placeId: text(EVENT_LIMITS.placeId),
  phone: phone(),
  website: url(),
  ticketing: url(),
  cost: checkbox(),
  rsvpRequest: checkbox(),
  rsvpFormKey: optionalKey,
  hunt: checkbox(),
  huntKey: optionalKey,
  calendars: keyList(MAX_EVENT_CALENDARS),
  recurrence: z.preprocess((value) => (value === undefined || value === '' ? 'none' : value), z.enum(RECURRENCE_KINDS)),
  validDays: validDaysField,
  recurrenceEndDate: picker,
  'recurrenceEndDate-date': picker,
  scope: z.preprocess((value) => (value === undefined || value === '' ? 'event' : value), z.enum(EDIT_SCOPES)),
  version: optionalText(100),
});

export interface EventFormOutput extends EventTimes {
  title: string;
  description: string;
  audience: string;
  type: EventType;
  allDay: boolean;
  endDateHide: boolean;
  /** '' for an off-site event. */
  resortLocationId: string;
  /** Off-site only (cleared otherwise). */
  location: string;
  address: string;
  city: string;
  latitude: string;
  longitude: string;
  placeId: string;
  phone: string;
  website: string;
  ticketing: string;
  cost: boolean;
  rsvpRequest: boolean;
  rsvpFormKey: string;
  /** '' when the hunt box is not ticked (spec 02 §4 "Removing the hunt checkbox deletes huntKey"). */
  huntKey: string;
  detailButtons: DetailButtonFormValue[];
  /** Associated Calendars: calendar ids of the community. */
  calendars: string[];
  recurrence: RecurrenceKind;
  /** Monday first; for weekly, only the start's weekday. */
  validDays: boolean[];
  /** The end of the recurrence's last day (ms), null without recurrence. */
  recurrenceEndDate: number | null;
  scope: EditScope;
  version: string | null;
}

export function eventSchema(options: EventSchemaOptions) {
  const { timeZone, now } = options;
  const buttons = detailButtonsFormSchema({ communityRequired: options.communityRequired ?? false });
  return RawEventSchema.extend({ detailButtons: buttons }).transform((raw, ctx): EventFormOutput => {
    const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });

    if (raw.title === '' && !options.imported) issue(['title'], EVENT_TEXTS.titleRequired);
    const audience = raw.audience.toLowerCase();
    if (audience === '' || (options.audiences && !options.audiences.includes(audience))) issue(['audience'], EVENT_TEXTS.audienceRequired);

    // Location: a place of the community, or off-site with a title.
    const offSite = raw.resortLocationId === OFF_SITE;
    if (raw.resortLocationId === '') issue(['resortLocationId'], EVENT_TEXTS.locationRequired);
    else if (!offSite && !isValidKey(raw.resortLocationId)) issue(['resortLocationId'], EVENT_TEXTS.locationRequired);
    if (offSite && raw.location === '' && !options.imported) issue(['location'], EVENT_TEXTS.locationTitleRequired);

    // Dates.
    const withTime = !raw.allDay;
    const start = parseDateTimeField({ value: raw.startDate, date: raw['startDate-date'], time: raw['startDate-time'] }, timeZone, {
      withTime,
      requiredMessage: EVENT_TEXTS.dateRequired,
    });
    const end = parseDateTimeField({ value: raw.endDate, date: raw['endDate-date'], time: raw['endDate-time'] }, timeZone, {
      withTime,
      requiredMessage: EVENT_TEXTS.dateRequired,
    });
    if (start.error !== null) issue(['startDate'], start.error);
    if (end.error !== null && !raw.allDay) issue(['endDate'], end.error);
    let times: EventTimes = { startDate: 0, endDate: 0, endDateDuration: 0 };
    if (start.value !== null) {
      if (raw.allDay) {
        times = allDayTimes(start.value, timeZone);
      } else if (end.value !== null) {
        let endDate = end.value;
        const shown = options.shown;
        if (shown && end.value === shown.endDate && start.value !== shown.startDate) {
          endDate = resetEnd(start.value, end.value, shown.endDateDuration ?? durationOf(shown.startDate, shown.endDate));
        }
        times = { startDate: start.value, endDate, endDateDuration: durationOf(start.value, endDate) };
      }
      const startUnchanged = options.shown && !options.shown.isNew && options.shown.startDate === times.startDate;
      const earliest = raw.allDay ? startOfZonedDay(now, timeZone) : now;
      if (!startUnchanged && start.value !== null && times.startDate < earliest) issue(['startDate'], EVENT_TEXTS.startInFuture);
      if (times.endDate !== 0 && (times.endDate <= times.startDate || times.endDate <= now)) issue(['endDate'], EVENT_TEXTS.endAfterStart);
    }

    // Recurrence.
    let validDays = raw.validDays;
    let recurrenceEndDate: number | null = null;
    if (raw.recurrence !== 'none') {
      // An all-day event is one calendar day, 25 hours on the autumn change day.
      if (!raw.allDay && times.endDate !== 0 && times.endDate - times.startDate > RECURRENCE_SPAN_LIMIT)
        issue([], EVENT_TEXTS.recurrenceTooLong);
      if (raw.recurrence === 'weekly' && times.startDate !== 0) {
        const weekday = mondayFirstWeekday(times.startDate, timeZone);
        validDays = validDays.map((_, index) => index === weekday);
      }
      if (raw.recurrence === 'daily' && !validDays.some(Boolean)) issue(['validDays'], EVENT_TEXTS.noWeekday);
      const last = parseDateTimeField({ value: raw.recurrenceEndDate, date: raw['recurrenceEndDate-date'] }, timeZone, {
        withTime: false,
        requiredMessage: EVENT_TEXTS.lastDayRequired,
      });
      if (last.error !== null) issue(['recurrenceEndDate'], last.error);
      else if (last.value !== null) {
        recurrenceEndDate = endOfZonedDay(last.value, timeZone);
        if (times.endDate !== 0 && recurrenceEndDate < times.endDate) issue(['recurrenceEndDate'], EVENT_TEXTS.recurrenceEndBeforeEnd);
      }
    } else {
      validDays = validDays.map(() => false);
    }

    return {
      ...times,
      title: raw.title,
      description: raw.description ?? '',
      audience,
      type: raw.type,
      allDay: raw.allDay,
      endDateHide: raw.endDateHide,
      resortLocationId: offSite ? '' : raw.resortLocationId,
      location: offSite ? raw.location : '',
      address: offSite ? raw.address : '',
      city: offSite ? raw.city : '',
      latitude: offSite ? raw.latitude : '',
      longitude: offSite ? raw.longitude : '',
      placeId: offSite ? raw.placeId : '',
      phone: raw.phone ?? '',
      website: raw.website ?? '',
      ticketing: raw.ticketing ?? '',
      cost: raw.cost,
      rsvpRequest: raw.rsvpRequest,
      rsvpFormKey: raw.rsvpRequest ? raw.rsvpFormKey : '',
      huntKey: raw.hunt ? raw.huntKey : '',
      detailButtons: raw.detailButtons,
      calendars: raw.calendars,
      recurrence: raw.recurrence,
      validDays,
      recurrenceEndDate,
      scope: raw.scope,
      version: raw.version && raw.version !== '' ? raw.version : null,
    };
  });
}

export type EventSchema = ReturnType<typeof eventSchema>;

/**
 * The editor's constraint for conform: the schema's limits (getZodConstraint), none of them
 * `required` (the checkboxes' unticked `false` is a value, and the required fields are the
 * schema's final step, EVENT_REQUIRED_FIELDS: the server answers with the spec's messages).
 */
export function eventFormConstraint(schema: EventSchema): ReturnType<typeof getZodConstraint> {
  return Object.fromEntries(
    Object.entries(getZodConstraint(schema)).map(([name, constraint]) => [name, { ...constraint, required: false }]),
  );
}

/** A new event's form defaults (spec 02 §9: audience family, the next hour for one hour, no recurrence). */
export function newEventDefaults(now: number, timeZone: string, calendarId: string) {
  const times = defaultEventTimes(now, timeZone);
  return {
    ...times,
    audience: DEFAULT_AUDIENCE,
    type: 'resort' as EventType,
    allDay: false,
    recurrence: 'none' as RecurrenceKind,
    validDays: [false, false, false, false, false, false, false],
    calendars: [calendarId],
  };
}

const storedText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
const tick = (value: unknown): 'on' | undefined => (value === true ? 'on' : undefined);

/** The calendar ids of a community that an event's `contexts` name ('{community}/amc-events/calendars/{id}'). */
export function calendarsOfContexts(contexts: unknown, community: string): string[] {
  const list = Array.isArray(contexts) ? contexts : [];
  const ids: string[] = [];
  for (const context of list) {
    if (typeof context !== 'string') continue;
    const [owner, collection, calendars, id, ...rest] = context.split('/');
    if (owner === community && collection === 'amc-events' && calendars === 'calendars' && id && rest.length === 0 && !ids.includes(id))
      ids.push(id);
  }
  return ids;
}

export interface EventFormValueOptions {
  timeZone: string;
  community: string;
  /** The calendar the editor is opened in (always among the Associated Calendars). */
  calendarId: string;
  /** The calendar's audience titles: the stored lower-case audience shows as its title. */
  audiences: readonly string[];
  /** The recurrence fields (server/events/save.ts `recurrenceFormValue`). */
  recurrence?: { recurrence: RecurrenceKind; validDays: readonly boolean[]; recurrenceEndDate: number | null };
}

/**
 * The editor's default value for a stored event (or a duplicate, or a new event's defaults):
 * the names the schema reads, the dates as the picker's parts in the community's zone.
 */
export function eventFormValue(stored: Record<string, unknown>, options: EventFormValueOptions) {
  const { timeZone } = options;
  const dates: Partial<Record<'startDate' | 'startDate-date' | 'startDate-time' | 'endDate' | 'endDate-date' | 'endDate-time', string>> =
    {};
  for (const name of ['startDate', 'endDate'] as const) {
    const value = stored[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    dates[name] = String(value);
    dates[`${name}-date`] = formatDate(value, timeZone);
    dates[`${name}-time`] = formatTime(value, timeZone);
  }
  const audience = storedText(stored.audience);
  const recurrence = options.recurrence ?? { recurrence: 'none' as const, validDays: [], recurrenceEndDate: null };
  const resortLocationId = stored.resortLocationId === '' ? OFF_SITE : storedText(stored.resortLocationId);
  return {
    title: storedText(stored.title),
    description: storedText(stored.htmlDescription) || storedText(stored.description),
    audience: options.audiences.find((title) => title.toLowerCase() === audience.toLowerCase()) ?? audience,
    type: stored.type === 'local' ? 'local' : 'resort',
    ...dates,
    allDay: tick(stored.allDay),
    endDateHide: tick(stored.endDateHide),
    resortLocationId,
    location: storedText(stored.location),
    address: storedText(stored.address),
    city: storedText(stored.city),
    latitude: storedText(stored.latitude),
    longitude: storedText(stored.longitude),
    placeId: storedText(stored.placeId),
    phone: storedText(stored.phone),
    website: storedText(stored.website),
    ticketing: storedText(stored.ticketing),
    cost: tick(stored.cost),
    rsvpRequest: tick(stored.rsvpRequest),
    rsvpFormKey: storedText(stored.rsvpFormKey),
    hunt: storedText(stored.huntKey) !== '' ? 'on' : undefined,
    huntKey: storedText(stored.huntKey),
    detailButtons: detailButtonsFormValue(stored.detailButtons),
    calendars: [...new Set([options.calendarId, ...calendarsOfContexts(stored.contexts, options.community)])],
    recurrence: recurrence.recurrence,
    validDays: Array.from({ length: 7 }, (_, index) => tick(recurrence.validDays[index])),
    ...(recurrence.recurrenceEndDate !== null
      ? {
          recurrenceEndDate: String(recurrence.recurrenceEndDate),
          'recurrenceEndDate-date': formatDate(recurrence.recurrenceEndDate, timeZone),
        }
      : {}),
  };
}

/** The event editor's form value (its default value, as the schema's names hold it). */
export type EventFormValue = ReturnType<typeof eventFormValue>;
