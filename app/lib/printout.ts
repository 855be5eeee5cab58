import { addDays, compareDates, type CalendarDate } from '~/lib/date-time';
import { hrefs } from '~/lib/hrefs';
import { intent, intents } from '~/lib/intent';

/**
 * The activities printout (spec 02 "Activities printout", §3 event printout record, §5, §9
 * "Events printout"): its texts, constants, intents and the layout rules the screen and the
 * server's PDF share. Pure: no I/O.
 */

export const PRINTOUT_TYPES = ['daily', 'agenda', 'column'] as const;
export type PrintoutType = (typeof PRINTOUT_TYPES)[number];
export const PRINTOUT_TYPE_LABELS: Record<PrintoutType, string> = {
  daily: 'Daily (a column per day)',
  agenda: 'Agenda (a list)',
  column: 'Column (events flow into columns)',
};

/** Spec 02 §9: font size options 6 to 16 px. */
export const FONT_SIZE_MIN = 6;
export const FONT_SIZE_MAX = 16;
export const FONT_SIZES: readonly number[] = Array.from({ length: FONT_SIZE_MAX - FONT_SIZE_MIN + 1 }, (_, index) => FONT_SIZE_MIN + index);
export const DEFAULT_TITLE_FONT_SIZE = 10;
export const DEFAULT_TEXT_FONT_SIZE = 8;

/** Spec 02 §9: default range tomorrow for three days. */
export const DEFAULT_DAYS = 3;
/** The longest range one printout covers (not in the spec: a bound on the work of one job). */
export const MAX_DAYS = 31;
/** Spec 02 §9: events per column about 12, 10 if more than 36 events. */
export const EVENTS_PER_COLUMN = 12;
export const EVENTS_PER_COLUMN_CROWDED = 10;
export const CROWDED_ABOVE = 36;
export const EVENTS_PER_COLUMN_MAX = 40;
/** Spec 02 §9: the right column is hidden when there are 7 or more columns (unless agenda). */
export const RIGHT_COLUMN_HIDDEN_FROM = 7;
/** Columns one page holds; more go on to further pages. */
export const COLUMNS_PER_PAGE = 8;
/** Spec 02 §9: page 11in x 8.5in for print, in PDF points. */
export const PAGE_WIDTH_PT = 11 * 72;
export const PAGE_HEIGHT_PT = 8.5 * 72;
/** The page's margin and the header band across it, in points. */
export const PAGE_MARGIN_PT = 24;
export const HEADER_BOX_PT = { width: PAGE_WIDTH_PT - 2 * PAGE_MARGIN_PT, height: 84 } as const;
/** Print resolution of the header image, and the header band's size in pixels at it. */
export const PRINT_DPI = 300;
export const HEADER_PRINT_PX = {
  width: Math.round((HEADER_BOX_PT.width / 72) * PRINT_DPI),
  height: Math.round((HEADER_BOX_PT.height / 72) * PRINT_DPI),
} as const;

/** The longest header text and right column title; the longest rich text (HTML) of one part. */
export const MAX_HEADER_TEXT = 200;
export const MAX_RIGHT_COLUMN_TITLE = 100;
export const MAX_RICH_TEXT = 20_000;

export const RICH_TEXT_PARTS = [
  'rightColumnContent',
  'leftSectionContent',
  'midSectionContent',
  'rightSectionContent',
  'footerContent',
] as const;
export type RichTextPart = (typeof RICH_TEXT_PARTS)[number];

export const PRINTOUT_TEXTS = {
  heading: 'Activities Printout',
  calendar: 'Calendar',
  chooseCalendar: 'Choose a calendar',
  noCalendars: 'This community has no calendars yet. Create one in Manage Calendars first.',
  startDate: 'Start date',
  endDate: 'End date',
  type: 'Type',
  eventsPerColumn: 'Events per column',
  eventsPerColumnHint: `Leave empty for about ${EVENTS_PER_COLUMN} (${EVENTS_PER_COLUMN_CROWDED} when there are more than ${CROWDED_ABOVE} events).`,
  titleFontSize: 'Event title font size (px)',
  textFontSize: 'Event text font size (px)',
  headerImage: 'Header image',
  editHeaderImage: 'Edit header image',
  uploadHeader: 'Upload',
  removeHeader: 'Remove header image',
  headerScrim: 'Darken the header image behind the text',
  scrimFade: 'Fade the darkening towards the bottom',
  headerText: 'Header text',
  headerTextHint: "Leave empty to show the calendar's title.",
  rightColumn: 'Right column',
  rightColumnHint: `Hidden when there are ${RIGHT_COLUMN_HIDDEN_FROM} or more columns, unless the type is agenda.`,
  rightColumnTitle: 'Right column title',
  rightColumnContent: 'Right column content',
  sections: 'Sections',
  leftSectionContent: 'Left section',
  midSectionContent: 'Middle section',
  rightSectionContent: 'Right section',
  footerContent: 'Footer',
  print: 'Print',
  saveTemplate: 'Save Template',
  exit: 'Exit',
  templateSaved: 'Printout template saved.',
  headerUploaded: 'Header image uploaded. Save Template to keep it.',
  headerRemoved: 'Header image removed. Save Template to keep this.',
  printQueued: 'The printout is being made. Its download link shows here once it is ready.',
  printNotQueued: 'The printout could not be started right now. Please try again in a minute.',
  gone: 'This calendar no longer exists.',
  // Validation (spec 02 §5: end date kept after start date; events per column numeric).
  calendarRequired: 'Calendar is required.',
  startRequired: 'Start date is required.',
  endRequired: 'End date is required.',
  dateInvalid: 'Enter a date as MM/DD/YYYY.',
  endBeforeStart: 'End date must not be before the start date.',
  tooManyDays: `A printout covers at most ${MAX_DAYS} days.`,
  perColumnNumeric: 'Events per column must be a number.',
  perColumnRange: `Events per column must be between 1 and ${EVENTS_PER_COLUMN_MAX}.`,
  fontSizeRange: `Font size must be between ${FONT_SIZE_MIN} and ${FONT_SIZE_MAX}.`,
  tooLong: (max: number) => `Must be at most ${max.toLocaleString('en-US')} characters.`,
  // The job (jobs/processors/activities-printout.queue.ts).
  jobTitle: 'Activities Printout',
  download: 'Download the printout (PDF)',
  summary: (events: number, pages: number) =>
    `${events} ${events === 1 ? 'event' : 'events'} on ${pages} ${pages === 1 ? 'page' : 'pages'}.`,
  failed: 'The printout could not be made. Please try again.',
  noEvents: 'No events in these dates.',
  allDay: 'All Day',
} as const;

export const PrintoutIntent = intents(intent('print'), intent('save-template'), intent('upload-header'), intent('remove-header'));
export type PrintoutIntentName = ReturnType<typeof PrintoutIntent.parse>['intent'];

export const printoutPaths = {
  page: (calendarId?: string) => hrefs.activitiesPrintout(calendarId),
  exit: hrefs.calendars(),
};

/** The default range: tomorrow for three days (spec 02 §9), as the first and last day. */
export function defaultRange(today: CalendarDate): { start: CalendarDate; end: CalendarDate } {
  const start = addDays(today, 1);
  return { start, end: addDays(start, DEFAULT_DAYS - 1) };
}

/** The days from `start` to `end`, both included. */
export function daysOf(start: CalendarDate, end: CalendarDate): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let day = start; compareDates(day, end) <= 0 && days.length <= MAX_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Events per column: the person's number, else about 12, or 10 when there are more than 36 events (spec 02 §9). */
export function eventsPerColumn(eventCount: number, chosen: number | null = null): number {
  if (chosen !== null && Number.isInteger(chosen) && chosen >= 1) return Math.min(chosen, EVENTS_PER_COLUMN_MAX);
  return eventCount > CROWDED_ABOVE ? EVENTS_PER_COLUMN_CROWDED : EVENTS_PER_COLUMN;
}

/** Whether the right column is shown: hidden when there are 7 or more columns, unless agenda (spec 02 §9). */
export function rightColumnShown(type: PrintoutType, columnCount: number): boolean {
  return type === 'agenda' || columnCount < RIGHT_COLUMN_HIDDEN_FROM;
}

/** One event as the layout places it. */
export interface LaidEvent {
  /** Index of its day in the range. */
  day: number;
}

/** A column of the printout: the events it holds (indexes into the events) and the day whose heading it starts with, if any. */
export interface PrintoutColumn {
  events: number[];
  /** The day heading at the top of the column (daily: every column of a day; column: where a day begins). */
  headings: Array<{ day: number; before: number }>;
}

/**
 * The columns of a printout, by its type:
 * - daily: a column per day, and a further column of that day for every `perColumn` events past
 *   the first `perColumn` (a day without events keeps its one column);
 * - column: the events in order, `perColumn` to a column, a day's heading where its first event falls;
 * - agenda: one list (a single column holding every event; it flows down the page and on).
 * `events` are in order of start, each with the index of its day.
 */
export function layoutColumns(type: PrintoutType, events: readonly LaidEvent[], dayCount: number, perColumn: number): PrintoutColumn[] {
  const size = Math.max(1, perColumn);
  if (type === 'agenda') {
    const headings: PrintoutColumn['headings'] = [];
    events.forEach((event, index) => {
      if (index === 0 || events[index - 1]!.day !== event.day) headings.push({ day: event.day, before: index });
    });
    return [{ events: events.map((_, index) => index), headings }];
  }
  if (type === 'daily') {
    const columns: PrintoutColumn[] = [];
    for (let day = 0; day < dayCount; day++) {
      const ofDay = events.flatMap((event, index) => (event.day === day ? [index] : []));
      const count = Math.max(1, Math.ceil(ofDay.length / size));
      for (let part = 0; part < count; part++)
        columns.push({ events: ofDay.slice(part * size, (part + 1) * size), headings: [{ day, before: 0 }] });
    }
    return columns;
  }
  const columns: PrintoutColumn[] = [];
  for (let from = 0; from < events.length; from += size) {
    const indexes = events.slice(from, from + size).map((_, offset) => from + offset);
    const headings: PrintoutColumn['headings'] = [];
    indexes.forEach((eventIndex, position) => {
      const event = events[eventIndex]!;
      if (eventIndex === 0 || events[eventIndex - 1]!.day !== event.day) headings.push({ day: event.day, before: position });
    });
    columns.push({ events: indexes, headings });
  }
  return columns.length > 0 ? columns : [{ events: [], headings: [] }];
}

/** The columns of each page: COLUMNS_PER_PAGE at most. */
export function pagesOf<T>(columns: readonly T[], perPage: number = COLUMNS_PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let from = 0; from < columns.length; from += perPage) pages.push(columns.slice(from, from + perPage));
  return pages.length > 0 ? pages : [[]];
}
