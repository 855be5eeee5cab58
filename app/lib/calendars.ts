import { z } from 'zod';
import { hrefs } from '~/lib/hrefs';
import { intent, intents } from '~/lib/intent';

/**
 * What Manage Calendars and the calendar config editor share between the browser, their glue
 * (app/features/calendars) and their use cases (server/calendars): their addresses, texts and
 * the intents of their forms (route modules export them as `Intent`).
 */

export const CALENDARS_PATH = hrefs.calendars();
export const calendarPaths = {
  list: CALENDARS_PATH,
  add: hrefs.calendarsAdd(),
  remove: (calendarId: string) => hrefs.calendarsDelete(calendarId),
  /** The config editor: spec 01's route table names no address for it; it sits under Manage Calendars. */
  config: (calendarId: string) => hrefs.calendarConfig(calendarId),
  /** The calendar of events (spec 02 "Calendars"). */
  events: (calendarId: string) => hrefs.calendar(calendarId, 'active'),
  /** The events calendar printout (spec 01 §2.1 /activities-printout/:calendarId?). */
  print: (calendarId: string) => hrefs.activitiesPrintout(calendarId),
  /** Import a .ics file into the calendar (a page of the config editor). */
  upload: (calendarId: string) => hrefs.calendarUpload(calendarId),
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
  importNow: 'Import now',
  importNotSaved: 'Submit this import before importing it now.',
  importQueued: (name: string) => `Import of ${name} queued. Its result shows here once it has run.`,
  importNotQueued: 'The import could not be queued right now. Please try again in a minute.',
  importNever: 'Not imported yet.',
  /** The last run that worked; `when` is a date and time in the community's zone. */
  importLast: (when: string, added: number, updated: number, removed: number) =>
    `Last imported ${when}: ${added} added, ${updated} updated, ${removed} removed`,
  /** A failed run changes nothing (server/events/import): the page says so. */
  importFailed: (when: string, error: string) => `Last import failed ${when}: ${error} Nothing was changed.`,
  /** Events of the feed the last import could not read, for one reason. */
  importSkipped: (count: number, reason: string) => `${count} ${count === 1 ? 'event' : 'events'} skipped: ${reason}`,
  skipReasons: {
    'no-start': 'no start date',
    'not-closed': 'not closed (BEGIN:VEVENT without its END:VEVENT)',
    unreadable: 'could not be read',
    'too-frequent': 'unsupported recurrence (it repeats more often than hourly)',
    'no-dates': 'unsupported recurrence (no date matches its rule)',
  },
  /** Events gone from the feed whose removal waits for the next import. */
  importHeld: (count: number) =>
    `${count} ${count === 1 ? 'event is' : 'events are'} no longer in the feed: removed at the next import if still missing.`,
} as const;

/** The .ics upload page's form: its field names and its texts. */
export const ICS_UPLOAD_FIELDS = {
  file: 'icsFile',
  audience: 'audience',
  eventContext: 'eventContext',
  defaultLocation: 'defaultLocation',
} as const;
export const ICS_UPLOAD_TEXTS = {
  heading: 'Import a .ics File',
  link: 'Import a .ics file',
  intro:
    'The events of an iCalendar (.ics) file, up to 10 MB, are imported into this calendar as an import of their own. Uploading a file of the same name again updates the events it imported.',
  noFile: 'Choose a .ics file to import.',
  tooLarge: 'The file is larger than 10 MB, the most a calendar file may be. Nothing was imported.',
  settings: 'Choose an Audience and an Event Context for the imported events.',
  invalid: (message: string) => `The file could not be imported: ${message}`,
  imported: (
    fileName: string,
    result: { created: number; updated: number; removed: number; skipped?: Partial<Record<string, number>> },
  ) => {
    const skipped = Object.values(result.skipped ?? {}).reduce<number>((sum, count) => sum + (count ?? 0), 0);
    return `Imported ${fileName}: ${result.created} added, ${result.updated} updated, ${result.removed} removed${
      skipped > 0 ? `, ${skipped} ${skipped === 1 ? 'event' : 'events'} skipped` : ''
    }.`;
  },
} as const;
export const icsUploadSchema = z.object({
  intent: z.string().optional(),
  [ICS_UPLOAD_FIELDS.file]: z.any().optional(),
  [ICS_UPLOAD_FIELDS.audience]: z.string().optional(),
  [ICS_UPLOAD_FIELDS.eventContext]: z.string().optional(),
  [ICS_UPLOAD_FIELDS.defaultLocation]: z.string().optional(),
});
export const IcsUploadIntent = intents(intent('upload'));

export const CreateCalendarIntent = intents(intent('save'));
export const DeleteCalendarIntent = intents(intent('delete'));
/**
 * The config editor: Submit (`save`; the 'Remove Calendar Import' dialog's Stop Syncing and
 * Stop and Delete All Events post it too, with `importRemoval`), a saved import's 'Remove
 * Calendar Import' (`remove-import:{index}`, which asks first), the dialog's Cancel (`dismiss`),
 * and a saved import's 'Import now' (`import-now:{index}`, which queues a run of that source).
 */
export const CalendarConfigIntent = intents(
  intent('save'),
  z.object({ intent: z.literal('remove-import'), argument: z.string().regex(/^\d{1,2}$/) }),
  intent('dismiss'),
  z.object({ intent: z.literal('import-now'), argument: z.string().regex(/^\d{1,2}$/) }),
);
