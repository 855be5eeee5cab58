import { data as answer } from '@remix-run/node';
import { requireStaff } from '@server/authz';
import {
  answerCalendarConfig,
  answerCreateCalendar,
  configPostSchemas,
  deleteCalendar,
  deleteCalendarData,
  editorPlace,
  loadCalendarRows,
  loadConfigForm as loadConfigFormData,
  openConfigTarget,
  readCalendar,
  type CalendarConfigActionData,
  type CalendarConfigAnswer,
  type CalendarConfigData,
  type CalendarsData,
  type ConfigFormPlace,
  type ConfigIntent,
  type ConfigTarget,
  type CreateCalendarActionData,
  type DeleteCalendarData,
} from '@server/calendars';
import { readForm } from '@server/http/form.server';
import { CALENDAR_SCREEN_TEXTS, CALENDARS_PATH, CalendarConfigIntent, CreateCalendarIntent, DeleteCalendarIntent } from '~/lib/calendars';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { newCalendarSchema } from '~/schemas/calendar-config';
import { getServices } from '~/services.server';

/**
 * Manage Calendars and the calendar config editor (spec 02 "Calendars", "Calendar config
 * editor", §3, §4, §5, §8, §9): the loaders and actions of `/amc-calendars` (the list, `add`,
 * `delete/:calendarId`) and `/amc-calendars/config/:context` (spec 01's route table names no
 * address for the editor; it sits under Manage Calendars), and the config form of a list's
 * config.events. Staff of the current community manage its calendars (spec 02 §6). The rules
 * and the steps of each save are server/calendars'; this module reads the request and answers.
 */

export type {
  CalendarConfigActionData,
  CalendarConfigData,
  CalendarConfigFormValue,
  CalendarRow,
  CalendarsData,
  Choice,
  ConfigFormPlace,
  ConfigTarget,
  CreateCalendarActionData,
  DeleteCalendarData,
  ImportRemovalQuestion,
  ImportRunView,
} from '@server/calendars';

const gone = () => new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });

// ─── Manage Calendars ─────────────────────────────────────────────────────────────────────────

export async function loadCalendars(request: Request): Promise<CalendarsData> {
  const { community } = await requireStaff(request);
  return loadCalendarRows(await getServices(), community);
}

export async function createCalendarAction(request: Request) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const formData = await readForm(request, { schemas: newCalendarSchema });
  parseIntent(formData, CreateCalendarIntent, { fallback: 'save' });
  const created = await answerCreateCalendar(services, { community, formData, now: Date.now() });
  if (created.kind === 'form') return answer<CreateCalendarActionData>(created.data, { status: created.status });
  return redirectWithToast(request, CALENDARS_PATH, { kind: 'success', message: CALENDAR_SCREEN_TEXTS.created });
}

export async function loadDeleteCalendar(request: Request, calendarId: string | undefined): Promise<DeleteCalendarData> {
  const { community } = await requireStaff(request);
  const calendar = await readCalendar(await getServices(), community, calendarId);
  if (!calendar) throw gone();
  return deleteCalendarData(calendar);
}

export async function deleteCalendarAction(request: Request, calendarId: string | undefined) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const calendar = await readCalendar(services, community, calendarId);
  if (!calendar) throw gone();
  parseIntent(await readForm(request), DeleteCalendarIntent);
  const deleted = await deleteCalendar(services, { community, calendar, now: Date.now() });
  if (deleted.kind === 'gone') throw gone();
  return redirectWithToast(request, CALENDARS_PATH, { kind: 'success', message: CALENDAR_SCREEN_TEXTS.deleted });
}

// ─── The config editor ────────────────────────────────────────────────────────────────────────

async function configTarget(request: Request, context: string | undefined): Promise<ConfigTarget> {
  const staff = await requireStaff(request);
  const target = await openConfigTarget(await getServices(), staff, context);
  if (!target) throw gone();
  return target;
}

export async function loadCalendarConfig(request: Request, context: string | undefined): Promise<CalendarConfigData> {
  const target = await configTarget(request, context);
  return loadConfigFormData(target, editorPlace(target.calendarId));
}

/** A config form's data (the editor's page or a list's config.events). */
export function loadConfigForm(target: ConfigTarget, place: ConfigFormPlace): Promise<CalendarConfigData> {
  return loadConfigFormData(target, place);
}

export async function calendarConfigAction(request: Request, context: string | undefined) {
  const target = await configTarget(request, context);
  return configFormAction(request, target, editorPlace(target.calendarId));
}

/** A config form's post (the editor's page or a list's config.events): Submit, 'Remove Calendar Import' and its dialog, 'Import now'. */
export async function configFormAction(request: Request, target: ConfigTarget, place: ConfigFormPlace) {
  const formData = await readForm(request, { schemas: configPostSchemas(target) });
  const chosen: ConfigIntent = parseIntent(formData, CalendarConfigIntent, { fallback: 'save' });
  const answered: CalendarConfigAnswer = await answerCalendarConfig(target, place, { formData, chosen, now: Date.now() });
  if (answered.kind === 'gone') throw gone();
  if (answered.kind === 'saved') return redirectWithToast(request, answered.to, { kind: 'success', message: answered.message });
  return answer<CalendarConfigActionData>(answered.data, { status: answered.status });
}
