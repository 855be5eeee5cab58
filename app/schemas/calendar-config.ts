import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { firstSectionWithError } from '~/lib/editor-sections';
import { optionalText as text } from './common';
import { checkbox, requiredText } from './listing/shared';

/**
 * Calendars (spec 02 "Calendars", "Calendar config editor", §3 calendar config, §4 calendar
 * import removal, §5 calendar rules, §9): the Manage Calendars create form and the calendar
 * config editor's form (sections General, Audiences, User Created Events, Calendar Import
 * Config; Remote Management is remote-admin's fieldset, added by the route). One schema each
 * for conform in the browser and parseWithZod in the action.
 */

export const CALENDAR_TEXTS = {
  /** Spec 02 §5. */
  titleRequired: 'Calendar title is required.',
  /** Not in the spec: two calendars of one title could not be told apart. */
  titleTaken: 'Another calendar already has this title. Please choose a different title.',
  approvalNeedsEmail: 'You must include at least one email address to have approval.',
  importIncomplete: 'If you add a calendar ID you must include all selects below.',
  /** Spec 02 §8. */
  deleteCalendar: 'Are you certain you want to delete this calendar and all its events?',
  removeImportTitle: 'Remove Calendar Import',
  stopSyncing: 'Stop Syncing',
  stopAndDelete: 'Stop and Delete All Events',
  invalidEmail: 'You must provide a valid email address.',
  invalidNumber: 'Enter a whole number of minutes.',
  audienceRequired: 'Title is required.',
} as const;

/** Spec 02 §9: a new calendar. */
export const NEW_CALENDAR = { priorNotificationTime: 15, allowUserCreated: false, headerDelaySeconds: 5 } as const;
/** Spec 02 §3, §9: calendar import types. */
export const IMPORT_TYPES = ['none', 'google', 'iCal', 'tribe'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const IMPORT_TYPE_LABELS: Record<ImportType, string> = {
  none: 'None',
  google: 'Google',
  iCal: 'iCal',
  tribe: 'The Events Calendar',
};
/**
 * The label of an import's address (its stored `calendarId`), by type: a Google calendar is
 * named by its ID, an iCal feed and The Events Calendar's site by their address; a row with no
 * type yet (a new one, without JavaScript the label follows the saved type) names both.
 */
export const IMPORT_ADDRESS_LABELS: Record<ImportType, string> = {
  none: 'Calendar ID or address (iCal URL)',
  google: 'Calendar ID',
  iCal: 'Calendar address (iCal URL)',
  tribe: 'Site address (The Events Calendar)',
};
export const importAddressLabel = (type: string): string =>
  IMPORT_ADDRESS_LABELS[(IMPORT_TYPES as readonly string[]).includes(type) ? (type as ImportType) : 'none'];
/** What becomes of the events of a removed import (spec 02 §4 'Remove Calendar Import'). */
export const IMPORT_REMOVALS = ['stop', 'delete'] as const;
export type ImportRemoval = (typeof IMPORT_REMOVALS)[number];

export const MAX_AUDIENCES = 50;
export const MAX_STAFF_EMAILS = 20;
export const MAX_IMPORTS = 20;
/** Rows posted without JavaScript: the list plus one blank row. */
const ROWS = (max: number) => max + 1;

export const CALENDAR_SECTIONS = [
  { id: 'general', title: 'General' },
  { id: 'audiences', title: 'Audiences' },
  { id: 'user-created', title: 'User Created Events' },
  { id: 'import', title: 'Calendar Import Config' },
  { id: 'remote', title: 'Remote Management' },
] as const;
export type CalendarSectionId = (typeof CALENDAR_SECTIONS)[number]['id'];

const FIELD_SECTIONS: Record<string, CalendarSectionId> = {
  title: 'general',
  priorNotificationTime: 'general',
  audiences: 'audiences',
  allowUserCreated: 'user-created',
  userCreatedRequiresApproval: 'user-created',
  userCreatedEmails: 'user-created',
  imports: 'import',
  remote: 'remote',
};

/** The section an invalid submit opens (spec 02 §5 "opens the section with the error"). */
export function calendarSectionOfErrors(errorFields: readonly string[]): CalendarSectionId | null {
  return firstSectionWithError(CALENDAR_SECTIONS, calendarSectionOf, errorFields);
}

/** The section showing a field (by its name as posted); undefined for a form-level error. */
export const calendarSectionOf = (name: string): CalendarSectionId | undefined => FIELD_SECTIONS[name.split(/[.[]/)[0] ?? ''];

/** Manage Calendars' create form. */
export const newCalendarSchema = z.object({
  title: requiredText(CALENDAR_TEXTS.titleRequired, 100),
});

/** A posted list: absent is empty, one value a list of one, a record (conform's sparse rows) its values in order. */
const rows = (value: unknown): unknown[] => {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, row]) => row);
  return [value];
};

const EMAIL = z.string().email();

const ImportRowSchema = z.object({
  title: text(100),
  type: z.preprocess((value) => (value === undefined || value === '' ? 'none' : value), z.enum(IMPORT_TYPES)),
  calendarId: text(1000),
  defaultLocation: text(200),
  audience: text(100),
  eventContext: text(200),
});
export type CalendarImportFormValue = z.output<typeof ImportRowSchema>;

const isBlankImport = (row: CalendarImportFormValue) =>
  row.title === '' &&
  row.calendarId === '' &&
  row.defaultLocation === '' &&
  row.audience === '' &&
  row.eventContext === '' &&
  row.type === 'none';

export const calendarConfigSchema = z
  .object({
    title: requiredText(CALENDAR_TEXTS.titleRequired, 100),
    priorNotificationTime: z.preprocess(
      (value) => (value === undefined || value === '' ? NEW_CALENDAR.priorNotificationTime : Number(value)),
      z.number({ invalid_type_error: CALENDAR_TEXTS.invalidNumber }).int(CALENDAR_TEXTS.invalidNumber).min(0).max(100_000),
    ),
    audiences: z.preprocess(
      rows,
      z
        .array(
          z.preprocess((value) => (typeof value === 'object' && value !== null ? value : { title: value }), z.object({ title: text(100) })),
        )
        .max(ROWS(MAX_AUDIENCES), `At most ${MAX_AUDIENCES} audiences.`),
    ),
    allowUserCreated: checkbox(),
    userCreatedRequiresApproval: checkbox(),
    userCreatedEmails: z.preprocess(rows, z.array(text(254)).max(ROWS(MAX_STAFF_EMAILS), `At most ${MAX_STAFF_EMAILS} addresses.`)),
    imports: z.preprocess(
      rows,
      z.array(z.preprocess((value) => (typeof value === 'object' && value !== null ? value : {}), ImportRowSchema)).max(ROWS(MAX_IMPORTS)),
    ),
    version: z.string().max(100).optional(),
  })
  .superRefine((value, ctx) => {
    value.userCreatedEmails.forEach((email, index) => {
      if (email !== '' && !EMAIL.safeParse(email).success)
        ctx.addIssue({ code: 'custom', path: ['userCreatedEmails', index], message: CALENDAR_TEXTS.invalidEmail });
    });
    if (value.userCreatedRequiresApproval && value.userCreatedEmails.every((email) => email === ''))
      ctx.addIssue({ code: 'custom', path: ['userCreatedEmails'], message: CALENDAR_TEXTS.approvalNeedsEmail });
    value.imports.forEach((row, index) => {
      if (row.calendarId === '') return;
      for (const field of ['audience', 'eventContext'] as const) {
        if (row[field] === '') ctx.addIssue({ code: 'custom', path: ['imports', index, field], message: CALENDAR_TEXTS.importIncomplete });
      }
      if (row.type === 'none') ctx.addIssue({ code: 'custom', path: ['imports', index, 'type'], message: CALENDAR_TEXTS.importIncomplete });
    });
    if (value.audiences.filter((row) => row.title !== '').length > MAX_AUDIENCES)
      ctx.addIssue({ code: 'custom', path: ['audiences'], message: `At most ${MAX_AUDIENCES} audiences.` });
    if (value.imports.filter((row) => !isBlankImport(row)).length > MAX_IMPORTS)
      ctx.addIssue({ code: 'custom', path: ['imports'], message: `At most ${MAX_IMPORTS} imports.` });
    if (value.userCreatedEmails.filter((email) => email !== '').length > MAX_STAFF_EMAILS)
      ctx.addIssue({ code: 'custom', path: ['userCreatedEmails'], message: `At most ${MAX_STAFF_EMAILS} addresses.` });
  })
  .transform((value) => ({
    title: value.title,
    priorNotificationTime: value.priorNotificationTime,
    audiences: [...new Set(value.audiences.map((row) => row.title).filter((title) => title !== ''))],
    allowUserCreated: value.allowUserCreated,
    userCreatedRequiresApproval: value.userCreatedRequiresApproval,
    userCreatedEmails: [...new Set(value.userCreatedEmails.filter((email) => email !== '').map((email) => email.toLowerCase()))],
    imports: value.imports.filter((row) => !isBlankImport(row)),
    version: value.version && value.version !== '' ? value.version : null,
  }));

export type CalendarConfigFormOutput = z.output<typeof calendarConfigSchema>;

/** The removal choice posted with the 'Remove Calendar Import' dialog (Cancel posts nothing). */
export const importRemovalSchema = z.object({
  index: z.preprocess((value) => Number(value), z.number().int().min(0).max(MAX_IMPORTS)),
  removal: z.enum(IMPORT_REMOVALS),
  version: z.string().max(100).optional(),
});

/** A calendar id, as routes take it. */
export const calendarIdSchema = z.string().refine(isValidKey, 'Not a valid calendar.');
