import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import {
  calendarConfigFormValue,
  calendarTitleKey,
  calendarWithTitle,
  commitCalendarConfigSave,
  isLegacySection,
  planCalendarConfigSave,
  remoteAdminTarget,
  type SaveCalendarConfigInput,
} from '@server/events';
import { importSourcesOf } from '@server/events/import/apply';
import { isUploadedSource, requestCalendarImport } from '@server/events/import/run';
import { viewJobStatus, type JobStatusView } from '@server/jobs/status';
import { remoteGrantKey } from '@server/paths';
import { dropRemoteAdminFields, remoteAdminPostSchema } from '@server/remote/admin-post';
import { planRemoteAdmin, sendRemoteInvitations, type RemoteInvitation } from '@server/remote/management';
import { CALENDAR_SCREEN_TEXTS } from '~/lib/calendars';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import {
  CALENDAR_TEXTS,
  calendarConfigSchema,
  calendarSectionOfErrors,
  type CalendarConfigFormOutput,
  type CalendarSectionId,
  type ImportRemoval,
} from '~/schemas/calendar-config';
import { calendarEditorSchema, IMPORT_REMOVAL_FIELD, importRemovalFieldsSchema, REMOVE_IMPORT_FIELD } from '~/schemas/calendar-editor';
import { remoteShown, type ConfigFormPlace, type ConfigTarget } from './config';
import { remoteKeyOf, titleOf } from './records';
import { remoteCalendarIdLink } from './remote-links';

/**
 * A config form's post (the editor's page or a list's config.events, spec 02 "Calendar config
 * editor", §4): Submit with its version check, import removal and remote access entries;
 * 'Remove Calendar Import' and its dialog; 'Import now'. The answer is the form again, done
 * (the glue redirects with the place's toast), or gone (404).
 */

/** The 'Remove Calendar Import' dialog: the import a row asked about (index), or the imports a Submit drops (index null). */
export interface ImportRemovalQuestion {
  index: number | null;
  imports: Array<{ title: string; calendarId: string }>;
}

export interface CalendarConfigActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict: Conflict | null;
  openSection: CalendarSectionId | null;
  removal: ImportRemovalQuestion | null;
  /** What an 'Import now' did. */
  notice?: string | null;
  /** The run an 'Import now' queued, followed by the progress bar (app/components/job-progress). */
  job?: JobStatusView | null;
}

export type CalendarConfigAnswer =
  | { kind: 'form'; status: number; data: CalendarConfigActionData }
  /** Saved: to the place's `done`, with its toast. */
  | { kind: 'saved'; to: string; message: string }
  | { kind: 'gone' };

/** The intent the form posted (app/lib/calendars.ts CalendarConfigIntent). */
export interface ConfigIntent {
  intent: string;
  argument?: string;
}

/** What a config form may post, for the form reader's limits. */
export const configPostSchemas = (target: ConfigTarget) => [
  calendarConfigSchema,
  remoteAdminPostSchema({ dollarsEnabled: target.dollarsEnabled }),
  importRemovalFieldsSchema,
];

const CONFLICT_LABELS = {
  title: 'Title',
  priorNotificationTime: 'Prior Notification Time',
  audiences: 'Audiences',
  allowUserCreated: 'Allow User Created Events',
  userCreatedRequiresApproval: 'Requires Approval',
  userCreatedEmails: 'Staff Emails',
  imports: 'Calendar Imports',
} as const;

const comparable = (value: Omit<CalendarConfigFormOutput, 'version'>) => ({
  ...value,
  imports: value.imports.map((row) => [row.title, row.type, row.calendarId].filter(Boolean).join(' ')),
});

const form = (data: CalendarConfigActionData, status: number): CalendarConfigAnswer => ({ kind: 'form', status, data });

/** The form's rows of a removed import dropped from the post (the names `imports[{index}].…`). */
function dropImportRow(formData: FormData, index: number) {
  for (const name of [...formData.keys()]) if (name.startsWith(`imports[${index}].`)) formData.delete(name);
}

/** The post as the rules read it: Remote Management only where shown, General as stored where the form lacks it. */
function preparePost(target: ConfigTarget, place: ConfigFormPlace, formData: FormData) {
  const { calendarId, stored } = target;
  const remoteAdmin = remoteShown(target, place);
  // Remote Management is not read from anyone but location admins, nor where the form does not show it.
  if (!remoteAdmin) dropRemoteAdminFields(formData);
  if (!place.sections.includes('general')) {
    // A form without General keeps the stored title and prior notification time, whatever is posted.
    const general = calendarConfigFormValue(stored);
    formData.set('title', general.title || titleOf(stored, calendarId));
    formData.set('priorNotificationTime', String(general.priorNotificationTime));
  }
  return calendarEditorSchema({ remote: remoteAdmin, dollarsEnabled: target.dollarsEnabled });
}

export async function answerCalendarConfig(
  target: ConfigTarget,
  place: ConfigFormPlace,
  input: { formData: FormData; chosen: ConfigIntent; now: number },
): Promise<CalendarConfigAnswer> {
  const { formData, chosen } = input;
  const schema = preparePost(target, place, formData);
  const version = postedVersion(formData);
  const asTyped = () => ({ ...parseWithZod(formData, { schema }).reply(), error: {} });

  if (chosen.intent === 'dismiss') {
    return form({ result: asTyped(), version, conflict: null, openSection: 'import', removal: null }, 200);
  }
  if (chosen.intent === 'import-now') return importNow(target, formData, Number(chosen.argument), version, asTyped);
  if (chosen.intent === 'remove-import') {
    const index = Number(chosen.argument);
    const text = (field: string) => String(formData.get(`imports[${index}].${field}`) ?? '');
    const removal = { index, imports: [{ title: text('title'), calendarId: text('calendarId') }] };
    return form({ result: asTyped(), version, conflict: null, openSection: 'import', removal }, 200);
  }
  return save(target, place, formData, version, input.now, schema);
}

/** 'Import now': the source as saved (the row's address names it) queued; what the form holds otherwise stays as typed. */
async function importNow(
  target: ConfigTarget,
  formData: FormData,
  index: number,
  version: string | null,
  asTyped: () => SubmissionResult<string[]>,
): Promise<CalendarConfigAnswer> {
  const { services, community, calendarId, stored } = target;
  const posted = String(formData.get(`imports[${index}].calendarId`) ?? '').trim();
  const source = importSourcesOf(stored).find((candidate) => candidate.calendarId === posted && !isUploadedSource(candidate));
  const answerWith = (status: number, notice: string | null, formError?: string, job: JobStatusView | null = null) =>
    form(
      {
        result: { ...asTyped(), ...(formError ? { error: { '': [formError] } } : {}) },
        version,
        conflict: null,
        openSection: 'import',
        removal: null,
        notice,
        job,
      },
      status,
    );
  if (!source) return answerWith(400, null, CALENDAR_SCREEN_TEXTS.importNotSaved);
  const queued = await requestCalendarImport(services.jobs, { product: services.env.PRODUCT, community, calendarId, only: source.key });
  if (!queued.queued) return answerWith(503, null, CALENDAR_SCREEN_TEXTS.importNotQueued);
  const job = await viewJobStatus(services, { queue: 'calendar-import', id: queued.jobId, communities: [community] });
  return answerWith(200, CALENDAR_SCREEN_TEXTS.importQueued(source.title || source.calendarId), undefined, job);
}

/** Submit (and the removal dialog's Stop Syncing / Stop and Delete All Events). */
async function save(
  target: ConfigTarget,
  place: ConfigFormPlace,
  formData: FormData,
  version: string | null,
  now: number,
  schema: ReturnType<typeof calendarEditorSchema>,
): Promise<CalendarConfigAnswer> {
  const { services, community, calendarId, stored } = target;
  const removeIndex = formData.get(REMOVE_IMPORT_FIELD);
  const answered = formData.get(IMPORT_REMOVAL_FIELD);
  const importRemoval: ImportRemoval | null = answered === 'stop' || answered === 'delete' ? answered : null;
  if (typeof removeIndex === 'string' && /^\d{1,3}$/.test(removeIndex) && importRemoval) dropImportRow(formData, Number(removeIndex));

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') {
    const result = submission.reply();
    const errorFields = Object.entries(result.error ?? {})
      .filter(([, messages]) => Boolean(messages?.length))
      .map(([name]) => name);
    return form({ result, version, conflict: null, openSection: calendarSectionOfErrors(errorFields), removal: null }, 400);
  }
  const { version: _posted, remote, ...value } = submission.value;
  // A new title another calendar has is refused (a title kept as stored is not re-checked).
  if (
    calendarTitleKey(value.title) !== calendarTitleKey(titleOf(stored, calendarId)) &&
    !isLegacySection(calendarId) &&
    (await calendarWithTitle(services, community, value.title, calendarId))
  ) {
    const result = submission.reply({ fieldErrors: { title: [CALENDAR_TEXTS.titleTaken] } });
    return form({ result, version, conflict: null, openSection: 'general', removal: null }, 400);
  }
  const conflictAnswer = (theirs: Record<string, unknown>, theirVersion: string): CalendarConfigAnswer => {
    const conflict: Conflict = {
      message: conflictMessage('This calendar'),
      version: theirVersion,
      theirs: conflictRows(CONFLICT_LABELS, comparable(calendarConfigFormValue(theirs)), comparable(value)),
    };
    const openSection = place.sections[0] ?? 'general';
    return form({ result: submission.reply(), version: theirVersion, conflict, openSection, removal: null }, 409);
  };

  await place.ensure?.();
  const saveInput: SaveCalendarConfigInput = { community, calendarId, version, value, importRemoval, now };
  const planned = await planCalendarConfigSave(services, saveInput);
  if (!planned.ok) {
    if (planned.reason === 'gone') return { kind: 'gone' };
    if (planned.reason === 'import-removal') {
      const removal = { index: null, imports: planned.removed.map((row) => ({ title: row.title, calendarId: row.calendarId })) };
      return form({ result: { ...submission.reply(), error: {} }, version, conflict: null, openSection: 'import', removal }, 200);
    }
    return conflictAnswer(planned.stored, planned.version);
  }

  let invitations: RemoteInvitation[] = [];
  if (remote) {
    const storedKey = remoteKeyOf(stored);
    const remoteKey = storedKey ?? (remote.remotelyManaged ? services.db.ref(services.paths.calendarConfigs(community)).push().key! : null);
    if (remoteKey) {
      const remotePlan = await planRemoteAdmin(services, {
        detailId: remoteKey,
        detailTitle: value.title,
        ...remoteAdminTarget(community, 'calendar', calendarId),
        value: remote,
        origin: target.origin,
      });
      if (!storedKey) planned.fields.remoteKey = remoteKey;
      planned.updates = { ...planned.updates, ...remotePlan.updates };
      // Invitations lead to the remote calendar, not to a listing's remote page.
      invitations = remotePlan.invitations.map((invitation) => ({
        ...invitation,
        link: remoteCalendarIdLink(target.origin, remoteGrantKey(community, remoteKey)),
      }));
    }
  }
  const saved = await commitCalendarConfigSave(services, saveInput, planned);
  if (!saved.ok) {
    if (saved.reason === 'conflict') return conflictAnswer(saved.stored, saved.version);
    return { kind: 'gone' };
  }
  if (invitations.length > 0) await sendRemoteInvitations(services, invitations);
  // A calendar with import sources is imported now, not only at the next hourly run.
  if (value.imports.some((row) => row.type !== 'none')) {
    await requestCalendarImport(services.jobs, { product: services.env.PRODUCT, community, calendarId });
  }
  return { kind: 'saved', to: place.done, message: place.saved };
}
