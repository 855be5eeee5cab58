import { calendarImportFailure, calendarImportSummary } from '@server/events/import/job-summary';
import { defineQueue } from '../define';
import { CalendarImportJobSchema } from '../payloads';

/** How often the schedule runs every calendar's imports. */
export const CALENDAR_IMPORT_EVERY_MS = 60 * 60 * 1000;
/** The job scheduler's id (one per Redis prefix). */
export const CALENDAR_IMPORT_SCHEDULER_ID = 'calendar-import-schedule';

/** The calendar-import queue: a calendar's sources on request, every calendar's on the schedule (./calendar-import.ts). */
export const calendarImportQueue = defineQueue({
  name: 'calendar-import',
  schema: CalendarImportJobSchema,
  concurrency: 1,
  description: "Imports a calendar's configured sources (iCal, Google, The Events Calendar), or every calendar's on the schedule.",
  load: async () => (await import('./calendar-import')).processCalendarImport,
  // A calendar's import is followed by its community's staff; the schedule's run by nobody.
  status: {
    title: 'Calendar Import',
    community: (payload) => payload.community ?? null,
    summary: calendarImportSummary,
    failure: calendarImportFailure,
  },
});
