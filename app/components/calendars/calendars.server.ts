import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer } from '@remix-run/node';
import { isLocationAdmin, loadDollarsEnabled, requireStaff, type StaffContext } from '@server/authz';
import type { DbValue } from '@server/db/types';
import { linkOrigin } from '@server/env';
import {
  calendarConfigFormValue,
  calendarConfigVersion,
  commitCalendarConfigSave,
  createCalendar,
  listCalendars,
  loadEventFormOptions,
  planCalendarConfigSave,
  planCalendarDelete,
  remoteAdminTarget,
  type SaveCalendarConfigInput,
} from '@server/events';
import { importSourcesOf } from '@server/events/import/apply';
import { communityTimeZone, isUploadedSource, requestCalendarImport } from '@server/events/import/run';
import { loadImportStatuses, type ImportStatus } from '@server/events/import/status';
import { SKIP_REASONS } from '@server/events/import/types';
import { readForm } from '@server/http/form.server';
import { isValidKey, remoteGrantKey } from '@server/paths';
import { loadRemoteAdmin, planRemoteAdmin, sendRemoteInvitations, type RemoteInvitation } from '@server/remote/management';
import { redirectWithToast } from '~/components/toast.server';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { formatDate, formatTime } from '~/lib/date-time';
import { parseIntent } from '~/lib/intent';
import {
  CALENDAR_SECTIONS,
  CALENDAR_TEXTS,
  calendarConfigSchema,
  calendarSectionOfErrors,
  newCalendarSchema,
  type CalendarConfigFormOutput,
  type CalendarSectionId,
  type ImportRemoval,
} from '~/schemas/calendar-config';
import type { RemoteAdminFormValue } from '~/schemas/remote-admin';
import { getServices, type Services } from '~/services.server';
import {
  calendarEditorSchema,
  IMPORT_REMOVAL_FIELD,
  importRemovalFieldsSchema,
  REMOTE_FIELD,
  remotePartSchema,
  REMOVE_IMPORT_FIELD,
} from './editor-schema';
import {
  CALENDAR_SCREEN_TEXTS,
  CALENDARS_PATH,
  CalendarConfigIntent,
  calendarPaths,
  CreateCalendarIntent,
  DeleteCalendarIntent,
} from './shared';

/**
 * Manage Calendars and the calendar config editor (spec 02 "Calendars", "Calendar config
 * editor", §3 calendar config, §4 calendar import removal and remote management on a calendar,
 * §5, §8, §9): the loaders and actions of `/amc-calendars` (the list, `add`, `delete/:calendarId`)
 * and `/amc-calendars/config/:context` (spec 01's route table names no address for the editor;
 * it sits under Manage Calendars). Staff of the current community manage its calendars (spec 02
 * §6); Remote Management is for location admins, as in the business editor.
 *
 * A calendar's remote access entries are keyed by its `remoteKey` (spec 02 §3, made when remote
 * management is first switched on), with `{community}/amc-events` as origContext
 * (server/events/access.ts remoteAdminTarget); their links are the remote calendar routes of
 * spec 01 §2.1.
 */

// ─── Manage Calendars ─────────────────────────────────────────────────────────────────────────

export interface CalendarRow {
  calendarId: string;
  title: string;
  configHref: string;
  eventsHref: string;
  printHref: string;
  deleteHref: string;
}

export interface CalendarsData {
  calendars: CalendarRow[];
}

const rowOf = (calendar: { calendarId: string; title: string }): CalendarRow => ({
  ...calendar,
  configHref: calendarPaths.config(calendar.calendarId),
  eventsHref: calendarPaths.events(calendar.calendarId),
  printHref: calendarPaths.print(calendar.calendarId),
  deleteHref: calendarPaths.remove(calendar.calendarId),
});

export async function loadCalendars(request: Request): Promise<CalendarsData> {
  const { community } = await requireStaff(request);
  const services = await getServices();
  return { calendars: (await listCalendars(services, community)).map(rowOf) };
}

export interface CreateCalendarActionData {
  result: SubmissionResult<string[]>;
}

export async function createCalendarAction(request: Request) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const formData = await readForm(request, { schemas: newCalendarSchema });
  parseIntent(formData, CreateCalendarIntent, { fallback: 'save' });
  const submission = parseWithZod(formData, { schema: newCalendarSchema });
  if (submission.status !== 'success') return answer<CreateCalendarActionData>({ result: submission.reply() }, { status: 400 });
  const created = await createCalendar(services, { community, title: submission.value.title, now: Date.now() });
  if (!created.ok) {
    return answer<CreateCalendarActionData>({ result: submission.reply({ fieldErrors: { title: [created.message] } }) }, { status: 400 });
  }
  return redirectWithToast(request, CALENDARS_PATH, { kind: 'success', message: CALENDAR_SCREEN_TEXTS.created });
}

/** The stored config of the address's calendar in the current community, or 404. */
async function configOf(services: Services, community: string, calendarId: string | undefined) {
  if (!calendarId || !isValidKey(calendarId)) throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
  const stored = (await services.db.ref(services.paths.calendarConfig(community, calendarId)).get()).val();
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
    throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
  return { calendarId, stored: stored as Record<string, unknown> };
}

const titleOf = (stored: Record<string, unknown>, calendarId: string) =>
  typeof stored.title === 'string' && stored.title.trim() !== '' ? stored.title : calendarId;

export interface DeleteCalendarData {
  calendar: CalendarRow;
  text: string;
}

export async function loadDeleteCalendar(request: Request, calendarId: string | undefined): Promise<DeleteCalendarData> {
  const { community } = await requireStaff(request);
  const { stored, calendarId: id } = await configOf(await getServices(), community, calendarId);
  return { calendar: rowOf({ calendarId: id, title: titleOf(stored, id) }), text: CALENDAR_TEXTS.deleteCalendar };
}

/** No remote access at all: what removes every entry of a calendar's remote key. */
const NO_REMOTE: RemoteAdminFormValue = { remotelyManaged: false, allowFavorite: false, entries: [] };

/**
 * Delete, once confirmed: the config, the calendar's events and recurrences, its printout,
 * its place in shared events and its remote access entries, in one multi-path update.
 */
export async function deleteCalendarAction(request: Request, calendarId: string | undefined) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const { stored, calendarId: id } = await configOf(services, community, calendarId);
  parseIntent(await readForm(request), DeleteCalendarIntent);
  const planned = await planCalendarDelete(services, { community, calendarId: id, now: Date.now() });
  if (!planned.ok) throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
  const updates: Record<string, DbValue> = { ...planned.updates };
  if (typeof stored.remoteKey === 'string' && isValidKey(stored.remoteKey)) {
    const target = remoteAdminTarget(community, 'calendar', id);
    const remote = await planRemoteAdmin(services, {
      detailId: stored.remoteKey,
      detailTitle: titleOf(stored, id),
      ...target,
      value: NO_REMOTE,
      origin: '',
    });
    Object.assign(updates, remote.updates);
  }
  await services.db.ref().update(updates);
  return redirectWithToast(request, CALENDARS_PATH, { kind: 'success', message: CALENDAR_SCREEN_TEXTS.deleted });
}

// ─── The config editor ────────────────────────────────────────────────────────────────────────

export interface Choice {
  value: string;
  label: string;
}

/** What the editor's lists and rows show: the config's form value as text. */
export interface CalendarConfigFormValue {
  title: string;
  priorNotificationTime: string;
  audiences: Array<{ title: string }>;
  allowUserCreated: boolean;
  userCreatedRequiresApproval: boolean;
  userCreatedEmails: string[];
  imports: Array<{ title: string; type: string; calendarId: string; defaultLocation: string; audience: string; eventContext: string }>;
  remote: RemoteAdminFormValue;
}

/** A saved import's last run as staff read it, and whether it can be fetched now (not upload-fed). */
export interface ImportRunView {
  lines: string[];
  failed: boolean;
  importNow: boolean;
}

export interface CalendarConfigData {
  calendarId: string;
  /** By the saved import's calendarId (feed address, Google calendar id, site). */
  importRuns: Record<string, ImportRunView>;
  title: string;
  /** The form's heading ('Calendar Config'; a list's config.events names its own). */
  heading: string;
  /** The sections the form shows, in order (a list's config.events: Audiences, User Created Events, Calendar Import Config). */
  sections: readonly CalendarSectionId[];
  defaultValue: CalendarConfigFormValue;
  version: string;
  /** Location admins see and write Remote Management. */
  remoteAdmin: boolean;
  dollarsEnabled: boolean;
  remoteLinks: Record<string, string>;
  locations: Choice[];
  formAction: string;
  listHref: string;
  /** The calendar of events of the calendar (the editor's page only). */
  eventsHref: string | null;
  /** Import a .ics file into the calendar (the editor's page only). */
  uploadHref?: string | null;
}

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
}

export interface ConfigTarget {
  services: Services;
  staff: StaffContext;
  community: string;
  calendarId: string;
  stored: Record<string, unknown>;
  remoteAdmin: boolean;
  dollarsEnabled: boolean;
  origin: string;
}

async function configTarget(request: Request, context: string | undefined): Promise<ConfigTarget> {
  const staff = await requireStaff(request);
  const services = await getServices();
  const { calendarId, stored } = await configOf(services, staff.community, context);
  return {
    services,
    staff,
    community: staff.community,
    calendarId,
    stored,
    remoteAdmin: staff.access.isResortSystem || isLocationAdmin(staff.access, staff.community),
    dollarsEnabled: await loadDollarsEnabled(services),
    origin: linkOrigin(services.env),
  };
}

/**
 * Where one config form is shown and where its save leads: the calendar config editor's page
 * (every section), or a list's config.events action (Audiences, User Created Events, Calendar
 * Import Config, in the list's right column). Both save through the same code.
 */
export interface ConfigFormPlace {
  sections: readonly CalendarSectionId[];
  heading: string;
  formAction: string;
  /** Cancel's address. */
  listHref: string;
  eventsHref: string | null;
  /** Where a save leads, with its toast. */
  done: string;
  saved: string;
  /** Makes the config exist before it is saved (a list's events config is written on its first save). */
  ensure?: () => Promise<unknown>;
}

const ALL_SECTIONS = CALENDAR_SECTIONS.map((section) => section.id);

const editorPlace = (calendarId: string): ConfigFormPlace => ({
  sections: ALL_SECTIONS,
  heading: CALENDAR_SCREEN_TEXTS.configHeading,
  formAction: calendarPaths.config(calendarId),
  listHref: CALENDARS_PATH,
  eventsHref: calendarPaths.events(calendarId),
  done: CALENDARS_PATH,
  saved: CALENDAR_SCREEN_TEXTS.saved,
});

/** Remote Management is shown, read and written only where the form has it, and only for location admins. */
const remoteShown = (target: ConfigTarget, place: ConfigFormPlace) => target.remoteAdmin && place.sections.includes('remote');

const enc = encodeURIComponent;
/** A URL access entry's remote calendar (spec 01 §2.1 `/amc-calendar/remote/:uuid/`). */
export const remoteCalendarLink = (origin: string, uuid: string) => `${origin}/amc-calendar/remote/${enc(uuid)}/`;
/** Where an e-mail access entry's manager opens the calendar after signing in (`/amc-calendar/remote/id/:detailId/`). */
/** A calendar's sign-in page for e-mail access, by the grant key ('{community}~{remoteKey}', server/paths.ts remoteGrantKey). */
export const remoteCalendarIdLink = (origin: string, remoteKey: string) => `${origin}/amc-calendar/remote/id/${enc(remoteKey)}/`;

function remoteLinksOf(origin: string, remoteKey: string, value: RemoteAdminFormValue): Record<string, string> {
  const links: Record<string, string> = {};
  for (const entry of value.entries) {
    if (entry.uuid === '') continue;
    links[entry.uuid] = entry.accessType === 'url' ? remoteCalendarLink(origin, entry.uuid) : remoteCalendarIdLink(origin, remoteKey);
  }
  return links;
}

const remoteKeyOf = (stored: Record<string, unknown>): string | null =>
  typeof stored.remoteKey === 'string' && isValidKey(stored.remoteKey) ? stored.remoteKey : null;

async function remoteValueOf(target: ConfigTarget): Promise<RemoteAdminFormValue> {
  const remoteKey = remoteKeyOf(target.stored);
  if (!target.remoteAdmin || !remoteKey) return NO_REMOTE;
  const value = await loadRemoteAdmin(target.services, remoteKey, {}, target.community);
  for (const entry of value.entries) {
    if (entry.accessType !== 'email' || (entry.email !== '' && entry.name !== '')) continue;
    const account = await target.services.identity.getUser(entry.uuid).catch(() => null);
    if (!account) continue;
    if (entry.email === '' && account.email) entry.email = account.email;
    if (entry.name === '' && account.displayName) entry.name = account.displayName;
  }
  return value;
}

function formValueOf(value: Omit<CalendarConfigFormOutput, 'version'>, remote: RemoteAdminFormValue): CalendarConfigFormValue {
  return {
    title: value.title,
    priorNotificationTime: String(value.priorNotificationTime),
    audiences: value.audiences.map((title) => ({ title })),
    allowUserCreated: value.allowUserCreated,
    userCreatedRequiresApproval: value.userCreatedRequiresApproval,
    userCreatedEmails: value.userCreatedEmails,
    imports: value.imports,
    remote,
  };
}

/** The last run of each saved import source, in the community's zone (spec 03 §9 MM/dd/yyyy hh:mm aa). */
async function importRunsOf(services: Services, community: string, calendarId: string, stored: Record<string, unknown>) {
  const sources = importSourcesOf(stored);
  if (sources.length === 0) return {};
  const [statuses, timeZone] = await Promise.all([
    loadImportStatuses(services, community, calendarId, sources),
    communityTimeZone(services, community),
  ]);
  const when = (ms: number) => `${formatDate(ms, timeZone)} ${formatTime(ms, timeZone)}`;
  const runs: Record<string, ImportRunView> = {};
  for (const source of sources)
    runs[source.calendarId] = { ...runLines(statuses.get(source.calendarId), when), importNow: !isUploadedSource(source) };
  return runs;
}

function runLines(status: ImportStatus | undefined, when: (ms: number) => string): Omit<ImportRunView, 'importNow'> {
  if (!status) return { lines: [CALENDAR_SCREEN_TEXTS.importNever], failed: false };
  const lines: string[] = [];
  if (status.error !== null) lines.push(CALENDAR_SCREEN_TEXTS.importFailed(when(status.checkedAt), status.error));
  if (status.importedAt !== null) {
    lines.push(CALENDAR_SCREEN_TEXTS.importLast(when(status.importedAt), status.added, status.updated, status.removed));
    for (const reason of SKIP_REASONS) {
      const count = status.skipped[reason] ?? 0;
      if (count > 0) lines.push(CALENDAR_SCREEN_TEXTS.importSkipped(count, CALENDAR_SCREEN_TEXTS.skipReasons[reason]));
    }
    if (status.held > 0) lines.push(CALENDAR_SCREEN_TEXTS.importHeld(status.held));
  }
  return { lines, failed: status.error !== null };
}

export async function loadCalendarConfig(request: Request, context: string | undefined): Promise<CalendarConfigData> {
  const target = await configTarget(request, context);
  return loadConfigForm(target, editorPlace(target.calendarId));
}

/** A config form's data: the stored config (or, for a list's events config not saved yet, the new one) as the form shows it. */
export async function loadConfigForm(target: ConfigTarget, place: ConfigFormPlace): Promise<CalendarConfigData> {
  const { services, community, calendarId, stored } = target;
  const shown = remoteShown(target, place);
  const [remote, options, importRuns] = await Promise.all([
    shown ? remoteValueOf(target) : NO_REMOTE,
    loadEventFormOptions(services, community, calendarId),
    importRunsOf(services, community, calendarId, stored),
  ]);
  const remoteKey = remoteKeyOf(stored);
  return {
    calendarId,
    importRuns,
    title: titleOf(stored, calendarId),
    heading: place.heading,
    sections: place.sections.filter((section) => section !== 'remote' || shown),
    defaultValue: formValueOf(
      { ...calendarConfigFormValue(stored), ...(place.sections.includes('general') ? {} : { title: titleOf(stored, calendarId) }) },
      remote,
    ),
    version: calendarConfigVersion(stored),
    remoteAdmin: shown,
    dollarsEnabled: target.dollarsEnabled,
    remoteLinks: shown && remoteKey ? remoteLinksOf(target.origin, remoteGrantKey(community, remoteKey), remote) : {},
    locations: options.locations.map((location) => ({ value: location.id, label: location.title })),
    formAction: place.formAction,
    listHref: place.listHref,
    eventsHref: place.eventsHref,
    uploadHref: place.eventsHref !== null ? calendarPaths.upload(calendarId) : null,
  };
}

const reply = (body: CalendarConfigActionData, status: number) => answer<CalendarConfigActionData>(body, { status });

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

/** The form's rows of a removed import dropped from the post (the names `imports[{index}].…`). */
function dropImportRow(formData: FormData, index: number) {
  for (const name of [...formData.keys()]) if (name.startsWith(`imports[${index}].`)) formData.delete(name);
}

export async function calendarConfigAction(request: Request, context: string | undefined) {
  const target = await configTarget(request, context);
  return configFormAction(request, target, editorPlace(target.calendarId));
}

/** A config form's post (the editor's page or a list's config.events): Submit, 'Remove Calendar Import' and its dialog. */
export async function configFormAction(request: Request, target: ConfigTarget, place: ConfigFormPlace) {
  const { services, community, calendarId, stored } = target;
  const remoteAdmin = remoteShown(target, place);
  const remoteSchema = remotePartSchema({ dollarsEnabled: target.dollarsEnabled });
  const formData = await readForm(request, { schemas: [calendarConfigSchema, remoteSchema, importRemovalFieldsSchema] });
  const chosen = parseIntent(formData, CalendarConfigIntent, { fallback: 'save' }) as { intent: string; argument?: string };
  // Remote Management is not read from anyone but location admins, nor where the form does not show it.
  if (!remoteAdmin) for (const name of [...formData.keys()]) if (name.startsWith(`${REMOTE_FIELD}.`)) formData.delete(name);
  if (!place.sections.includes('general')) {
    // A form without General keeps the stored title and prior notification time, whatever is posted.
    const general = calendarConfigFormValue(stored);
    formData.set('title', general.title || titleOf(stored, calendarId));
    formData.set('priorNotificationTime', String(general.priorNotificationTime));
  }
  const schema = calendarEditorSchema({ remote: remoteAdmin, dollarsEnabled: target.dollarsEnabled });
  const version = postedVersion(formData);
  const asTyped = () => {
    const result = parseWithZod(formData, { schema }).reply();
    return { ...result, error: {} };
  };

  if (chosen.intent === 'dismiss') {
    return reply({ result: asTyped(), version, conflict: null, openSection: 'import', removal: null }, 200);
  }
  if (chosen.intent === 'import-now') {
    // The source as saved (the row's address names it); what the form holds otherwise stays as typed.
    const posted = String(formData.get(`imports[${Number(chosen.argument)}].calendarId`) ?? '').trim();
    const source = importSourcesOf(stored).find((candidate) => candidate.calendarId === posted && !isUploadedSource(candidate));
    const answerWith = (status: number, notice: string | null, formError?: string) =>
      reply(
        {
          result: { ...asTyped(), ...(formError ? { error: { '': [formError] } } : {}) },
          version,
          conflict: null,
          openSection: 'import',
          removal: null,
          notice,
        },
        status,
      );
    if (!source) return answerWith(400, null, CALENDAR_SCREEN_TEXTS.importNotSaved);
    const queued = await requestCalendarImport(services.jobs, { product: services.env.PRODUCT, community, calendarId, only: source.key });
    if (!queued.queued) return answerWith(503, null, CALENDAR_SCREEN_TEXTS.importNotQueued);
    return answerWith(200, CALENDAR_SCREEN_TEXTS.importQueued(source.title || source.calendarId));
  }
  if (chosen.intent === 'remove-import') {
    const index = Number(chosen.argument);
    const text = (field: string) => String(formData.get(`imports[${index}].${field}`) ?? '');
    return reply(
      {
        result: asTyped(),
        version,
        conflict: null,
        openSection: 'import',
        removal: { index, imports: [{ title: text('title'), calendarId: text('calendarId') }] },
      },
      200,
    );
  }

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
    return reply({ result, version, conflict: null, openSection: calendarSectionOfErrors(errorFields), removal: null }, 400);
  }
  const { version: _posted, remote, ...value } = submission.value;
  await place.ensure?.();
  const input: SaveCalendarConfigInput = { community, calendarId, version, value, importRemoval, now: Date.now() };
  const planned = await planCalendarConfigSave(services, input);
  if (!planned.ok) {
    if (planned.reason === 'gone') throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
    if (planned.reason === 'import-removal') {
      return reply(
        {
          result: { ...submission.reply(), error: {} },
          version,
          conflict: null,
          openSection: 'import',
          removal: { index: null, imports: planned.removed.map((row) => ({ title: row.title, calendarId: row.calendarId })) },
        },
        200,
      );
    }
    return conflictReply(submission.reply(), planned.stored, planned.version, value, place);
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
  const saved = await commitCalendarConfigSave(services, input, planned);
  if (!saved.ok) {
    if (saved.reason === 'conflict') return conflictReply(submission.reply(), saved.stored, saved.version, value, place);
    throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
  }
  if (invitations.length > 0) await sendRemoteInvitations(services, invitations);
  // A calendar with import sources is imported now, not only at the next hourly run.
  if (value.imports.some((row) => row.type !== 'none')) {
    await requestCalendarImport(services.jobs, { product: services.env.PRODUCT, community, calendarId });
  }
  return redirectWithToast(request, place.done, { kind: 'success', message: place.saved });
}

function conflictReply(
  result: SubmissionResult<string[]>,
  theirs: Record<string, unknown>,
  theirVersion: string,
  mine: Omit<CalendarConfigFormOutput, 'version'>,
  place: ConfigFormPlace,
) {
  const conflict: Conflict = {
    message: conflictMessage('This calendar'),
    version: theirVersion,
    theirs: conflictRows(CONFLICT_LABELS, comparable(calendarConfigFormValue(theirs)), comparable(mine)),
  };
  return reply({ result, version: theirVersion, conflict, openSection: place.sections[0] ?? 'general', removal: null }, 409);
}
