import { z } from 'zod';
import { compareDates, parseDateTimeField, zonedParts, type CalendarDate } from '~/lib/date-time';
import { isValidKey } from '~/lib/db-key';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  MAX_DAYS,
  MAX_HEADER_TEXT,
  MAX_RICH_TEXT,
  MAX_RIGHT_COLUMN_TITLE,
  daysOf,
  EVENTS_PER_COLUMN_MAX,
  PRINTOUT_TEXTS,
  PRINTOUT_TYPES,
  type PrintoutType,
} from '~/lib/printout';
import { checkbox } from './listing/shared';

/**
 * The activities printout's form (spec 02 "Activities printout", §3 event printout record, §5:
 * end date kept after start date, events per column numeric; §9 font sizes 6 to 16). One schema
 * for conform in the browser and parseWithZod in the action; the dates are the date pickers'
 * parts read in the community's zone.
 */

/** Every field is read as posted (at most FIELD_CAP characters); the rules below check each, so one answer names every problem. */
const FIELD_CAP = 200_000;
const posted = () => z.string().max(FIELD_CAP).optional();

const TEXT_LIMITS = {
  headerText: MAX_HEADER_TEXT,
  headerDrawable: 2_000,
  rightColumnTitle: MAX_RIGHT_COLUMN_TITLE,
  rightColumnContent: MAX_RICH_TEXT,
  leftSectionContent: MAX_RICH_TEXT,
  midSectionContent: MAX_RICH_TEXT,
  rightSectionContent: MAX_RICH_TEXT,
  footerContent: MAX_RICH_TEXT,
} as const;
type TextField = keyof typeof TEXT_LIMITS;

const RawPrintoutSchema = z.object({
  calendarId: posted(),
  startDate: posted(),
  'startDate-date': posted(),
  endDate: posted(),
  'endDate-date': posted(),
  type: posted(),
  eventsPerColumn: posted(),
  titleFontSize: posted(),
  textFontSize: posted(),
  headerText: posted(),
  headerDrawable: posted(),
  headerScrim: checkbox(),
  scrimFade: checkbox(),
  rightColumnTitle: posted(),
  rightColumnContent: posted(),
  leftSectionContent: posted(),
  midSectionContent: posted(),
  rightSectionContent: posted(),
  footerContent: posted(),
  /** The header image's upload (Upload) and the cropper's rectangle: read by the action, not part of the printout. */
  headerFile: z.unknown().optional(),
  headerCrop: z.string().max(100).optional(),
});

export interface PrintoutFormOutput {
  calendarId: string;
  start: CalendarDate;
  end: CalendarDate;
  type: PrintoutType;
  /** Null: about 12, or 10 when there are more than 36 events. */
  eventsPerColumn: number | null;
  titleFontSize: number;
  textFontSize: number;
  headerText: string;
  headerDrawable: string;
  headerScrim: boolean;
  scrimFade: boolean;
  rightColumnTitle: string;
  rightColumnContent: string;
  leftSectionContent: string;
  midSectionContent: string;
  rightSectionContent: string;
  footerContent: string;
}

const dayOf = (ms: number, timeZone: string): CalendarDate => {
  const { year, month, day } = zonedParts(ms, timeZone);
  return { year, month, day };
};

/** The form's schema in the community's zone. */
export function printoutSchema(timeZone: string) {
  return RawPrintoutSchema.transform((raw, ctx): PrintoutFormOutput => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const calendarId = (raw.calendarId ?? '').trim();
    if (calendarId === '' || !isValidKey(calendarId)) issue('calendarId', PRINTOUT_TEXTS.calendarRequired);

    const start = parseDateTimeField({ value: raw.startDate, date: raw['startDate-date'] }, timeZone, {
      withTime: false,
      requiredMessage: PRINTOUT_TEXTS.startRequired,
    });
    const end = parseDateTimeField({ value: raw.endDate, date: raw['endDate-date'] }, timeZone, {
      withTime: false,
      requiredMessage: PRINTOUT_TEXTS.endRequired,
    });
    if (start.error !== null) issue('startDate', start.error);
    if (end.error !== null) issue('endDate', end.error);
    const first = start.value !== null ? dayOf(start.value, timeZone) : null;
    const last = end.value !== null ? dayOf(end.value, timeZone) : null;
    if (first && last) {
      if (compareDates(last, first) < 0) issue('endDate', PRINTOUT_TEXTS.endBeforeStart);
      else if (daysOf(first, last).length > MAX_DAYS) issue('endDate', PRINTOUT_TEXTS.tooManyDays);
    }

    const type = (PRINTOUT_TYPES as readonly string[]).includes(raw.type ?? '') ? (raw.type as PrintoutType) : null;
    if (!type) issue('type', 'Choose a type.');

    const perColumnText = (raw.eventsPerColumn ?? '').trim();
    let eventsPerColumn: number | null = null;
    if (perColumnText !== '') {
      if (!/^\d+$/.test(perColumnText)) issue('eventsPerColumn', PRINTOUT_TEXTS.perColumnNumeric);
      else {
        const value = Number(perColumnText);
        if (value < 1 || value > EVENTS_PER_COLUMN_MAX) issue('eventsPerColumn', PRINTOUT_TEXTS.perColumnRange);
        else eventsPerColumn = value;
      }
    }

    const fontSize = (name: 'titleFontSize' | 'textFontSize') => {
      const trimmed = (raw[name] ?? '').trim();
      const size = /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : NaN;
      if (size >= FONT_SIZE_MIN && size <= FONT_SIZE_MAX) return size;
      issue(name, PRINTOUT_TEXTS.fontSizeRange);
      return FONT_SIZE_MIN;
    };
    const titleFontSize = fontSize('titleFontSize');
    const textFontSize = fontSize('textFontSize');
    const texts = {} as Record<TextField, string>;
    for (const [name, max] of Object.entries(TEXT_LIMITS) as Array<[TextField, number]>) {
      const value = (raw[name] ?? '').trim();
      if (value.length > max) issue(name, PRINTOUT_TEXTS.tooLong(max));
      texts[name] = value;
    }

    return {
      calendarId,
      start: first ?? { year: 1970, month: 1, day: 1 },
      end: last ?? { year: 1970, month: 1, day: 1 },
      type: type ?? 'daily',
      eventsPerColumn,
      titleFontSize,
      textFontSize,
      ...texts,
      headerScrim: raw.headerScrim,
      scrimFade: raw.scrimFade,
    };
  });
}
