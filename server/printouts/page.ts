import { randomUUID } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { listCalendars } from '@server/events/calendars';
import { communityTimeZone } from '@server/events/import/run';
import { sanitizeRichText } from '@server/html';
import { uploadLimitRefusal } from '@server/images/uploads';
import { isValidKey } from '@server/paths';
import type { Services } from '@server/services';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, tooLargeMessage } from '@server/storage/upload';
import { zonedInstant, zonedParts, type CalendarDate } from '~/lib/date-time';
import { hrefs } from '~/lib/hrefs';
import { defaultRange, PRINTOUT_TEXTS, printoutPaths, RICH_TEXT_PARTS, type PrintoutIntentName } from '~/lib/printout';
import { printoutSchema, type PrintoutFormOutput } from '~/schemas/printout';
import { PRINTOUT_UPLOAD_BUCKET, storedPathOf, storePrintoutHeader } from './header-image';
import { isoDay } from './make';
import { EMPTY_TEMPLATE, readPrintoutTemplate, savePrintoutTemplate, type PrintoutTemplate } from './template';

/**
 * The activities printout page (spec 02 "Activities printout", spec 01 §2.1
 * /activities-printout/:calendarId?): which calendar it prints (one of the community's calendars,
 * the first when the address names none), the form's starting values (the calendar's saved
 * template, tomorrow for three days, daily) and the answers to its buttons: Save Template (the
 * printout record), Print (the activities-printout job, followed on the job-status page), the
 * header image's upload and removal (the form comes back as typed, with the new image).
 */

export type PrintoutDeps = Pick<Services, 'db' | 'paths' | 'storage' | 'jobs'>;

export interface PrintoutPageData {
  calendars: Array<{ calendarId: string; title: string }>;
  /** The calendar printed (null: the community has none). */
  calendarId: string | null;
  calendarTitle: string;
  timeZone: string;
  now: number;
  defaults: {
    start: number;
    end: number;
    type: 'daily';
    eventsPerColumn: string;
    titleFontSize: string;
    textFontSize: string;
  };
  template: PrintoutTemplate;
  /** What the header image's uploader accepts. */
  upload: { accept: readonly string[]; maxBytes: number; tooLargeMessage: string };
}

export interface PrintoutActionData {
  result: SubmissionResult<string[]>;
  /** The header image the form holds now (after an upload or removal). */
  headerDrawable?: string;
  /** A word on what happened (the header uploaded or removed) or why nothing did. */
  notice?: { kind: 'success' | 'error'; text: string };
}

/** Noon of the day in the zone: what the date pickers show as that day. */
const dayMs = (day: CalendarDate, timeZone: string) => zonedInstant(day, { hour: 12, minute: 0 }, timeZone);

/** The page's data; null when the address names no calendar of the community (404). */
export async function loadPrintoutPage(
  deps: PrintoutDeps,
  input: { community: string; calendarId: string | undefined; now: number },
): Promise<PrintoutPageData | null> {
  const calendars = await listCalendars(deps, input.community);
  if (input.calendarId !== undefined && !calendars.some((calendar) => calendar.calendarId === input.calendarId)) return null;
  const chosen = input.calendarId !== undefined ? calendars.find((calendar) => calendar.calendarId === input.calendarId)! : calendars[0];
  const timeZone = await communityTimeZone(deps, input.community);
  const range = defaultRange(zonedParts(input.now, timeZone));
  const template = chosen ? await readPrintoutTemplate(deps, input.community, chosen.calendarId) : { ...EMPTY_TEMPLATE };
  return {
    calendars,
    calendarId: chosen?.calendarId ?? null,
    calendarTitle: chosen?.title ?? '',
    timeZone,
    now: input.now,
    defaults: {
      start: dayMs(range.start, timeZone),
      end: dayMs(range.end, timeZone),
      type: 'daily',
      eventsPerColumn: '',
      titleFontSize: '10',
      textFontSize: '8',
    },
    template,
    upload: { accept: IMAGE_TYPES, maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: tooLargeMessage() },
  };
}

export type PrintoutAnswer =
  | { kind: 'form'; status: number; data: PrintoutActionData }
  | { kind: 'saved'; to: string; message: string }
  | { kind: 'queued'; to: string }
  | { kind: 'gone' };

function templateFrom(value: PrintoutFormOutput, headerDrawable: string): PrintoutTemplate {
  return {
    headerText: value.headerText,
    headerDrawable,
    headerScrim: value.headerScrim,
    scrimFade: value.scrimFade,
    rightColumnTitle: value.rightColumnTitle,
    rightColumnContent: value.rightColumnContent,
    leftSectionContent: value.leftSectionContent,
    midSectionContent: value.midSectionContent,
    rightSectionContent: value.rightSectionContent,
    footerContent: value.footerContent,
  };
}

/** The header image a post may keep: the one saved, or one uploaded into this community's printout folder. */
function acceptedHeader(posted: string, saved: string, community: string): string {
  if (posted === '' || posted === saved) return posted;
  const path = storedPathOf(posted, community);
  return path !== null && path.startsWith(`${community}/images/${PRINTOUT_UPLOAD_BUCKET}/`) ? posted : saved;
}

/**
 * A post of the form. `file`/`crop` are the header upload's (multipart); `uploadError` a refusal
 * the upload parser already made (too large, wrong type).
 */
export async function answerPrintout(
  deps: PrintoutDeps,
  input: {
    community: string;
    calendarId: string;
    uid: string;
    intent: PrintoutIntentName;
    formData: FormData;
    uploadError: { status: number; message: string } | null;
    now: number;
  },
): Promise<PrintoutAnswer> {
  const { community, calendarId, formData } = input;
  const calendars = await listCalendars(deps, community);
  if (!calendars.some((calendar) => calendar.calendarId === calendarId)) return { kind: 'gone' };
  const timeZone = await communityTimeZone(deps, community);
  const saved = await readPrintoutTemplate(deps, community, calendarId);
  formData.set('calendarId', calendarId);
  const submission = parseWithZod(formData, { schema: printoutSchema(timeZone) });
  const postedHeader = typeof formData.get('headerDrawable') === 'string' ? String(formData.get('headerDrawable')).trim() : '';
  const headerDrawable = acceptedHeader(postedHeader, saved.headerDrawable, community);
  // What was typed, without the file: the form comes back as it was.
  const asTyped = (status: number, notice?: PrintoutActionData['notice'], header = headerDrawable): PrintoutAnswer => ({
    kind: 'form',
    status,
    data: { result: { ...submission.reply(), error: {} }, headerDrawable: header, ...(notice ? { notice } : {}) },
  });

  // A post the upload parser refused (a file too large or of another type, a field too long) changes nothing.
  if (input.uploadError) return asTyped(input.uploadError.status, { kind: 'error', text: input.uploadError.message });
  if (input.intent === 'upload-header' || input.intent === 'remove-header') {
    if (input.intent === 'remove-header') return asTyped(200, { kind: 'success', text: PRINTOUT_TEXTS.headerRemoved }, '');
    const file = formData.get('headerFile');
    if (!(file instanceof File) || file.size === 0) return asTyped(400, { kind: 'error', text: 'Choose an image to upload.' });
    try {
      const stored = await storePrintoutHeader(deps.storage, community, file, formData.get('headerCrop'));
      return asTyped(200, { kind: 'success', text: PRINTOUT_TEXTS.headerUploaded }, stored.headerDrawable);
    } catch (error) {
      const refusal = uploadLimitRefusal(error);
      if (refusal) return asTyped(refusal.status, { kind: 'error', text: refusal.message });
      return asTyped(422, { kind: 'error', text: 'This image could not be read. Please upload a PNG or JPEG image.' });
    }
  }

  if (submission.status !== 'success') {
    return { kind: 'form', status: 400, data: { result: submission.reply(), headerDrawable } };
  }
  const value = submission.value;
  const rich = Object.fromEntries(RICH_TEXT_PARTS.map((part) => [part, sanitizeRichText(value[part])]));
  const clean: PrintoutFormOutput = { ...value, ...rich };

  if (input.intent === 'save-template') {
    await savePrintoutTemplate(deps, community, calendarId, templateFrom(clean, headerDrawable));
    return { kind: 'saved', to: printoutPaths.page(calendarId), message: PRINTOUT_TEXTS.templateSaved };
  }

  // Print.
  const fileKey = randomUUID();
  const jobId = `activities-printout--${fileKey}`;
  if (!isValidKey(input.uid)) return asTyped(403, { kind: 'error', text: PRINTOUT_TEXTS.printNotQueued });
  const queued = await deps.jobs.enqueue(
    'activities-printout',
    {
      product: deps.paths.product(),
      community,
      calendarId,
      requestedBy: input.uid,
      requestedAt: input.now,
      fileKey,
      options: {
        start: isoDay(clean.start),
        end: isoDay(clean.end),
        type: clean.type,
        eventsPerColumn: clean.eventsPerColumn,
        titleFontSize: clean.titleFontSize,
        textFontSize: clean.textFontSize,
        headerText: clean.headerText,
        headerDrawable,
        headerScrim: clean.headerScrim,
        scrimFade: clean.scrimFade,
        rightColumnTitle: clean.rightColumnTitle,
        rightColumnContent: clean.rightColumnContent,
        leftSectionContent: clean.leftSectionContent,
        midSectionContent: clean.midSectionContent,
        rightSectionContent: clean.rightSectionContent,
        footerContent: clean.footerContent,
      },
    },
    { jobId, attempts: 3 },
  );
  if (!queued.queued) return asTyped(503, { kind: 'error', text: PRINTOUT_TEXTS.printNotQueued });
  return { kind: 'queued', to: hrefs.jobStatus('activities-printout', queued.jobId, { back: printoutPaths.page(calendarId) }) };
}
