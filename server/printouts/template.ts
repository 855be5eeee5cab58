import type { RealtimeDb } from '@server/db/types';
import { isObject } from '@server/events/records';
import { sanitizeRichText } from '@server/html';
import type { Paths } from '@server/paths';
import { MAX_RICH_TEXT, RICH_TEXT_PARTS, type RichTextPart } from '~/lib/printout';

/**
 * The event printout record (spec 02 §3: footerContent, headerDrawable, headerScrim, scrimFade,
 * leftSectionContent, midSectionContent, rightSectionContent, rightColumnContent,
 * rightColumnTitle, headerText, usingNewQuill), kept in the calendar config's `printout`
 * (spec 02 §3 calendar config). Save Template writes it; the page starts from it.
 */

export interface PrintoutTemplate {
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

export const EMPTY_TEMPLATE: PrintoutTemplate = {
  headerText: '',
  headerDrawable: '',
  headerScrim: false,
  scrimFade: false,
  rightColumnTitle: '',
  rightColumnContent: '',
  leftSectionContent: '',
  midSectionContent: '',
  rightSectionContent: '',
  footerContent: '',
};

type TemplateDeps = { db: RealtimeDb; paths: Paths };

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** A stored record as the page shows it (a record of the original product's Quill editor reads the same: both are HTML). */
export function templateOf(value: unknown): PrintoutTemplate {
  if (!isObject(value)) return { ...EMPTY_TEMPLATE };
  const rich = Object.fromEntries(RICH_TEXT_PARTS.map((part) => [part, sanitizeRichText(text(value[part], MAX_RICH_TEXT * 2))])) as Record<
    RichTextPart,
    string
  >;
  return {
    headerText: text(value.headerText, 200),
    headerDrawable: text(value.headerDrawable, 2_000),
    headerScrim: value.headerScrim === true,
    scrimFade: value.scrimFade === true,
    rightColumnTitle: text(value.rightColumnTitle, 100),
    ...rich,
  };
}

export async function readPrintoutTemplate(deps: TemplateDeps, community: string, calendarId: string): Promise<PrintoutTemplate> {
  return templateOf((await deps.db.ref(deps.paths.calendarPrintout(community, calendarId)).get()).val());
}

/** The rich-text parts sanitized (the sanitizer's output is what is stored, printed and shown). */
export function sanitizedTemplate(template: PrintoutTemplate): PrintoutTemplate {
  const rich = Object.fromEntries(RICH_TEXT_PARTS.map((part) => [part, sanitizeRichText(template[part])])) as Record<RichTextPart, string>;
  return { ...template, ...rich };
}

/** Save Template: the record written whole (usingNewQuill: the rich text is the new editor's HTML). */
export async function savePrintoutTemplate(
  deps: TemplateDeps,
  community: string,
  calendarId: string,
  template: PrintoutTemplate,
): Promise<void> {
  const clean = sanitizedTemplate(template);
  await deps.db.ref(deps.paths.calendarPrintout(community, calendarId)).set({
    footerContent: clean.footerContent,
    headerDrawable: clean.headerDrawable,
    headerScrim: clean.headerScrim,
    scrimFade: clean.scrimFade,
    leftSectionContent: clean.leftSectionContent,
    midSectionContent: clean.midSectionContent,
    rightSectionContent: clean.rightSectionContent,
    rightColumnContent: clean.rightColumnContent,
    rightColumnTitle: clean.rightColumnTitle,
    headerText: clean.headerText,
    usingNewQuill: true,
  });
}
