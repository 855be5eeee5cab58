import type { RealtimeDb } from '@server/db/types';
import { communityTimeZone } from '@server/events/import/run';
import { isObject } from '@server/events/records';
import { sanitizeRichText } from '@server/html';
import type { Paths } from '@server/paths';
import { storagePaths } from '@server/paths/storage';
import { renderPrintoutPdf } from '@server/pdf/printout';
import type { FileStorage } from '@server/storage/types';
import type { CalendarDate } from '~/lib/date-time';
import { daysOf, eventsPerColumn } from '~/lib/printout';
import type { PrintoutFormOutput } from '~/schemas/printout';
import { readPrintoutEvents } from './events';
import { loadPrintoutHeader } from './header-image';

/**
 * Makes an activities printout (the `activities-printout` job, jobs/processors): the calendar's
 * events of the chosen days read in the community's zone, the PDF drawn (server/pdf/printout.ts)
 * and stored at `{community}/amc-events/printouts/{calendarId}/{jobId}.pdf`, replacing what an
 * earlier attempt of the same job stored (a retry does its effect once).
 */

export interface PrintoutRequest {
  community: string;
  calendarId: string;
  jobId: string;
  requestedAt: number;
  /** The form's choices, with its dates as 'yyyy-MM-dd'. */
  options: Omit<PrintoutFormOutput, 'calendarId' | 'start' | 'end'> & { start: string; end: string };
}

export interface PrintoutResult {
  path: string;
  url: string;
  fileName: string;
  events: number;
  pages: number;
  bytes: number;
  /** What the person should know (the header image left out …). */
  notes: string[];
}

export class PrintoutCalendarGone extends Error {
  constructor() {
    super('This calendar no longer exists.');
    this.name = 'PrintoutCalendarGone';
  }
}

export const isoDay = (day: CalendarDate) =>
  `${String(day.year).padStart(4, '0')}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
export function dayOfIso(text: string): CalendarDate {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const dayInstant = (day: CalendarDate) => Date.UTC(day.year, day.month - 1, day.day, 12);
const longDay = (day: CalendarDate) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(dayInstant(day));
const shortDay = (day: CalendarDate) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(dayInstant(day));

/** 'Monday, December 7 – Wednesday, December 9, 2026' (one day: 'Monday, December 7, 2026'). */
export function rangeText(start: CalendarDate, end: CalendarDate): string {
  const sameDay = start.year === end.year && start.month === end.month && start.day === end.day;
  const withYear = (day: CalendarDate) => `${longDay(day)}, ${day.year}`;
  if (sameDay) return withYear(start);
  return `${start.year === end.year ? longDay(start) : withYear(start)} – ${withYear(end)}`;
}

export async function makePrintout(
  deps: { db: RealtimeDb; paths: Paths; storage: FileStorage },
  request: PrintoutRequest,
  progress: (percent: number, message: string) => Promise<void>,
): Promise<PrintoutResult> {
  const { community, calendarId, options } = request;
  const config = (await deps.db.ref(deps.paths.calendarConfig(community, calendarId)).get()).val() as unknown;
  if (!isObject(config)) throw new PrintoutCalendarGone();
  const title = typeof config.title === 'string' && config.title.trim() !== '' ? config.title.trim() : calendarId;
  const timeZone = await communityTimeZone(deps, community);
  const start = dayOfIso(options.start);
  const end = dayOfIso(options.end);
  const days = daysOf(start, end);
  await progress(10, 'Reading the events');
  const events = await readPrintoutEvents(deps, { community, calendarId, start, end, timeZone });
  await progress(30, 'Preparing the header image');
  const header = await loadPrintoutHeader(deps.storage, community, options.headerDrawable);
  await progress(45, 'Drawing the pages');
  const document = await renderPrintoutPdf(
    {
      headerText: options.headerText !== '' ? options.headerText : title,
      rangeText: rangeText(start, end),
      days: days.map(longDay),
      shortDays: days.map(shortDay),
      events: events.map(({ day, time, title: eventTitle, location, description }) => ({
        day,
        time,
        title: eventTitle,
        location,
        description,
      })),
      type: options.type,
      perColumn: eventsPerColumn(events.length, options.eventsPerColumn),
      titleFontSize: options.titleFontSize,
      textFontSize: options.textFontSize,
      headerImage: header.image,
      headerScrim: options.headerScrim,
      scrimFade: options.scrimFade,
      rightColumnTitle: options.rightColumnTitle,
      rightColumnContent: sanitizeRichText(options.rightColumnContent),
      leftSectionContent: sanitizeRichText(options.leftSectionContent),
      midSectionContent: sanitizeRichText(options.midSectionContent),
      rightSectionContent: sanitizeRichText(options.rightSectionContent),
      footerContent: sanitizeRichText(options.footerContent),
      documentTitle: `${title} ${rangeText(start, end)}`,
      now: request.requestedAt,
    },
    (done, total) => progress(45 + Math.round((done / total) * 40), `Page ${done} of ${total}`),
  );
  await progress(90, 'Saving the PDF');
  const path = storagePaths.printoutPdf(community, calendarId, request.jobId);
  const stored = await deps.storage.put(path, document.bytes, { contentType: 'application/pdf', cacheControl: 'private, max-age=86400' });
  const fileName = `${title} ${options.start} to ${options.end}.pdf`.replace(/[\\/:*?"<>|]+/g, '-');
  return {
    path,
    url: stored.url,
    fileName,
    events: events.length,
    pages: document.pages,
    bytes: document.bytes.byteLength,
    notes: header.problem ? [header.problem] : [],
  };
}
