import { z } from 'zod';
import { intent, intents } from '~/lib/intent';

/**
 * What Manage Calendars and the calendar config editor share between the browser and the
 * server: their addresses, texts and the intents of their forms (route modules export them as
 * `Intent`).
 */

export const CALENDARS_PATH = '/amc-calendars';
const enc = encodeURIComponent;
export const calendarPaths = {
  list: CALENDARS_PATH,
  add: `${CALENDARS_PATH}/add`,
  remove: (calendarId: string) => `${CALENDARS_PATH}/delete/${enc(calendarId)}`,
  /** The config editor: spec 01's route table names no address for it; it sits under Manage Calendars. */
  config: (calendarId: string) => `${CALENDARS_PATH}/config/${enc(calendarId)}`,
  /** The calendar of events (spec 02 "Calendars"). */
  events: (calendarId: string) => `/amc-calendar/${enc(calendarId)}/active`,
  /** The events calendar printout (spec 01 §2.1 /activities-printout/:calendarId?). */
  print: (calendarId: string) => `/activities-printout/${enc(calendarId)}`,
};

export const CALENDAR_SCREEN_TEXTS = {
  heading: 'Manage Calendars',
  empty: 'No calendars yet. Create one to start adding events.',
  createHeading: 'Create Calendar',
  created: 'Calendar created.',
  deleted: 'Calendar deleted.',
  deleteTitle: 'Delete Calendar',
  configHeading: 'Calendar Config',
  saved: 'Calendar config saved.',
  gone: 'This calendar no longer exists.',
} as const;

export const CreateCalendarIntent = intents(intent('save'));
export const DeleteCalendarIntent = intents(intent('delete'));
/**
 * The config editor: Submit (`save`; the 'Remove Calendar Import' dialog's Stop Syncing and
 * Stop and Delete All Events post it too, with `importRemoval`), a saved import's 'Remove
 * Calendar Import' (`remove-import:{index}`, which asks first), and the dialog's Cancel (`dismiss`).
 */
export const CalendarConfigIntent = intents(
  intent('save'),
  z.object({ intent: z.literal('remove-import'), argument: z.string().regex(/^\d{1,2}$/) }),
  intent('dismiss'),
);
