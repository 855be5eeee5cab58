import { z } from 'zod';
import { calendarConfigSchema, IMPORT_REMOVALS, type CalendarConfigFormOutput } from '~/schemas/calendar-config';
import { remoteAdminSchema, type RemoteAdminFormValue } from '~/schemas/remote-admin';

/**
 * The calendar config editor's whole form (spec 02 "Calendar config editor"): the config's
 * sections (app/schemas/calendar-config.ts) and, for location admins, Remote Management (the
 * business editor's remote-admin fieldset under `remote.`). One schema for conform in the
 * browser and parseWithZod in the action: each part is parsed on its own and their issues are
 * reported together, with their own field paths.
 */

export const REMOTE_FIELD = 'remote';
/** The index of the import a row's 'Remove Calendar Import' asked about (posted by the dialog). */
export const REMOVE_IMPORT_FIELD = 'removeImport';
/** The dialog's answer: Stop Syncing ('stop') or Stop and Delete All Events ('delete'). */
export const IMPORT_REMOVAL_FIELD = 'importRemoval';

export type CalendarEditorOutput = CalendarConfigFormOutput & { remote: RemoteAdminFormValue | null };

export function remotePartSchema(options: { dollarsEnabled: boolean }) {
  // Nothing of the section is posted while Allow Remote Management is off and no entry is shown.
  return z.object({ [REMOTE_FIELD]: z.preprocess((value) => value ?? {}, remoteAdminSchema(options)) });
}

/** The dialog's own fields (read by the action before the form is parsed). */
export const importRemovalFieldsSchema = z.object({
  [REMOVE_IMPORT_FIELD]: z.string().max(10).optional(),
  [IMPORT_REMOVAL_FIELD]: z.enum(IMPORT_REMOVALS).optional(),
});

export function calendarEditorSchema(options: { remote: boolean; dollarsEnabled: boolean }) {
  const remote = remotePartSchema(options);
  return z.unknown().transform((value, ctx): CalendarEditorOutput => {
    const config = calendarConfigSchema.safeParse(value);
    const remotePart = options.remote ? remote.safeParse(value) : null;
    const issues = [...(config.success ? [] : config.error.issues), ...(remotePart && !remotePart.success ? remotePart.error.issues : [])];
    for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    if (!config.success || (remotePart && !remotePart.success)) return z.NEVER;
    return { ...config.data, remote: remotePart && remotePart.success ? remotePart.data[REMOTE_FIELD] : null };
  });
}
