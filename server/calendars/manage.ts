import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { DbValue } from '@server/db/types';
import { createCalendar, listCalendars, planCalendarDelete, remoteAdminTarget } from '@server/events';
import { requestFeedBuilds } from '@server/events/feed/requests';
import { planRemoteAdmin } from '@server/remote/management';
import { calendarPaths } from '~/lib/calendars';
import { CALENDAR_TEXTS, newCalendarSchema } from '~/schemas/calendar-config';
import { NO_REMOTE, remoteKeyOf, titleOf, type CalendarDeps, type StoredCalendar } from './records';

/**
 * Manage Calendars (spec 02 "Calendars", §5, §8, §9): the list of the community's calendars,
 * Create Calendar and Delete Calendar, as the glue of `/amc-calendars` uses them.
 */

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

export const calendarRowOf = (calendar: { calendarId: string; title: string }): CalendarRow => ({
  ...calendar,
  configHref: calendarPaths.config(calendar.calendarId),
  eventsHref: calendarPaths.events(calendar.calendarId),
  printHref: calendarPaths.print(calendar.calendarId),
  deleteHref: calendarPaths.remove(calendar.calendarId),
});

export async function loadCalendarRows(deps: CalendarDeps, community: string): Promise<CalendarsData> {
  return { calendars: (await listCalendars(deps, community)).map(calendarRowOf) };
}

export interface CreateCalendarActionData {
  result: SubmissionResult<string[]>;
}

export type CreateCalendarAnswer = { kind: 'form'; status: 400; data: CreateCalendarActionData } | { kind: 'created' };

/** Create Calendar's Save: the title checked (required, not taken), then the new calendar. */
export async function answerCreateCalendar(
  deps: CalendarDeps,
  input: { community: string; formData: FormData; now: number },
): Promise<CreateCalendarAnswer> {
  const submission = parseWithZod(input.formData, { schema: newCalendarSchema });
  if (submission.status !== 'success') return { kind: 'form', status: 400, data: { result: submission.reply() } };
  const created = await createCalendar(deps, { community: input.community, title: submission.value.title, now: input.now });
  if (!created.ok) {
    return { kind: 'form', status: 400, data: { result: submission.reply({ fieldErrors: { title: [created.message] } }) } };
  }
  return { kind: 'created' };
}

export interface DeleteCalendarData {
  calendar: CalendarRow;
  text: string;
}

export function deleteCalendarData({ calendarId, stored }: StoredCalendar): DeleteCalendarData {
  return { calendar: calendarRowOf({ calendarId, title: titleOf(stored, calendarId) }), text: CALENDAR_TEXTS.deleteCalendar };
}

/**
 * Delete, once confirmed: the config, the calendar's events and recurrences, its printout,
 * its place in shared events and its remote access entries, in one multi-path update.
 */
export async function deleteCalendar(
  deps: CalendarDeps,
  input: { community: string; calendar: StoredCalendar; now: number },
): Promise<{ kind: 'gone' } | { kind: 'deleted' }> {
  const { community, now } = input;
  const { calendarId, stored } = input.calendar;
  const planned = await planCalendarDelete(deps, { community, calendarId, now });
  if (!planned.ok) return { kind: 'gone' };
  const updates: Record<string, DbValue> = { ...planned.updates };
  const remoteKey = remoteKeyOf(stored);
  if (remoteKey) {
    const remote = await planRemoteAdmin(deps, {
      detailId: remoteKey,
      detailTitle: titleOf(stored, calendarId),
      ...remoteAdminTarget(community, 'calendar', calendarId),
      value: NO_REMOTE,
      origin: '',
    });
    Object.assign(updates, remote.updates);
  }
  await deps.db.ref().update(updates);
  await requestFeedBuilds(deps, updates);
  return { kind: 'deleted' };
}
