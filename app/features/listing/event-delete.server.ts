import { data as answer } from '@remix-run/node';
import { z } from 'zod';
import {
  deleteChoices,
  deleteEvent,
  listCalendars,
  readEvent,
  type DeleteChoices,
  type DeleteScope,
  type ImportedDeletion,
} from '@server/events';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { isValidKey } from '~/lib/db-key';
import { parseIntent } from '~/lib/intent';
import { atRow, listUrls } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { EVENT_TEXTS } from '~/schemas/event';
import { getServices } from '~/services.server';
import { DeleteIntent } from './intents';
import type { ResolvedList } from './resolve.server';

/**
 * Deleting one event of the calendar of events (spec 02 §4 "Deleting events and messages",
 * imported events, §8 confirmations; spec 03 "Public calendar events"): the dialogs come one
 * after the other, each a page of its own without JavaScript. Every answer so far travels in
 * the next dialog's forms as hidden fields; server/events `deleteEvent` decides, and answers
 * `choose` until every dialog it needs is answered.
 *
 * 1. Delete Event with the calendars to delete it from, when it is in more than one;
 * 2. Delete Recurrence: only this event (Delete Event) or all (Delete Recurrence), for a recurring one;
 * 3. Delete Imported Event: Delete Forever or Delete, Allow Future Imports, for an imported one;
 * 4. otherwise 'Are you sure you want to delete this event?'.
 */

export type DeleteStep = 'calendars' | 'recurrence' | 'imported' | 'confirm';

export interface DeleteAnswers {
  calendars: string[] | null;
  scope: DeleteScope | null;
  imported: ImportedDeletion | null;
  confirmed: boolean;
}

export const NO_ANSWERS: DeleteAnswers = { calendars: null, scope: null, imported: null, confirmed: false };

/** The dialog to show next, or null when the delete may go. */
export function nextDeleteStep(choices: DeleteChoices, answers: DeleteAnswers): DeleteStep | null {
  const several = choices.calendars.length > 1;
  if (several && (answers.calendars === null || answers.calendars.length === 0)) return 'calendars';
  if (choices.recurring && answers.scope === null) return 'recurrence';
  if (choices.imported && answers.imported === null) return 'imported';
  if (!several && !choices.recurring && !choices.imported && !answers.confirmed) return 'confirm';
  return null;
}

export interface EventDeleteData {
  step: DeleteStep;
  title: string;
  text: string;
  eventTitle: string;
  /** For the calendars step: the event's calendars, checked when chosen (all at first). */
  calendars: Array<{ id: string; title: string; checked: boolean }>;
  answers: DeleteAnswers;
  error: string | null;
  formAction: string;
  cancelHref: string;
}

export const CHOOSE_CALENDAR = 'Choose at least one calendar to delete the event from.';

function checkEventId(itemId: string | undefined): string {
  if (!itemId || !isValidKey(itemId)) throw notFound();
  return itemId;
}

async function dialogData(
  request: Request,
  list: ResolvedList,
  eventId: string,
  event: Record<string, unknown>,
  step: DeleteStep,
  answers: DeleteAnswers,
  error: string | null,
): Promise<EventDeleteData> {
  const deps = await getServices();
  const urls = listUrls(list.location, new URL(request.url).searchParams);
  const choices = deleteChoices(event, list.staff.community, list.address.base);
  const titles = new Map((await listCalendars(deps, list.staff.community)).map((calendar) => [calendar.calendarId, calendar.title]));
  const texts: Record<DeleteStep, [string, string]> = {
    calendars: [
      EVENT_TEXTS.deleteEventTitle,
      `${EVENT_TEXTS.deleteEvent} It is in more than one calendar: choose the calendars to delete it from.`,
    ],
    recurrence: [EVENT_TEXTS.deleteRecurrenceTitle, EVENT_TEXTS.deleteRecurrence],
    imported: [EVENT_TEXTS.deleteImportedTitle, 'This event was imported. Delete Forever also skips it in future imports.'],
    confirm: [EVENT_TEXTS.deleteEventTitle, EVENT_TEXTS.deleteEvent],
  };
  const [title, text] = texts[step];
  return {
    step,
    title,
    text,
    eventTitle: typeof event.title === 'string' && event.title.trim() ? event.title : eventId,
    calendars: choices.calendars.map((id) => ({
      id,
      title: titles.get(id) ?? id,
      checked: answers.calendars === null || answers.calendars.length === 0 || answers.calendars.includes(id),
    })),
    answers,
    error,
    formAction: urls.item('delete', eventId),
    // Cancel returns to the event's row.
    cancelHref: atRow(urls.list, eventId),
  };
}

async function loadEvent(list: ResolvedList, eventId: string): Promise<Record<string, unknown>> {
  const event = await readEvent(await getServices(), list.staff.community, list.address.base, eventId);
  if (!event) throw new Response('This event no longer exists.', { status: 404 });
  return event;
}

/** The first dialog of the event's delete. */
export async function loadEventDelete(request: Request, list: ResolvedList, itemId?: string): Promise<EventDeleteData> {
  const eventId = checkEventId(itemId);
  const event = await loadEvent(list, eventId);
  const step = nextDeleteStep(deleteChoices(event, list.staff.community, list.address.base), NO_ANSWERS) ?? 'confirm';
  return dialogData(request, list, eventId, event, step, NO_ANSWERS, null);
}

const KeySchema = z.string().max(768).refine(isValidKey);

export const EventDeleteSchema = z.object({
  intent: z.literal('delete'),
  calendar: z.array(KeySchema).max(100).default([]),
  calendarsChosen: z.literal('1').optional(),
  scope: z.enum(['event', 'recurrence']).optional(),
  imported: z.enum(['forever', 'allow']).optional(),
  confirmed: z.literal('1').optional(),
});

/** One answer posted: the next dialog, or the delete and back to the list. */
export async function eventDeleteAction(request: Request, list: ResolvedList, itemId?: string) {
  const eventId = checkEventId(itemId);
  const formData = await readForm(request, { schemas: EventDeleteSchema });
  parseIntent(formData, DeleteIntent);
  const parsed = EventDeleteSchema.safeParse({
    intent: formData.get('intent'),
    calendar: formData.getAll('calendar'),
    calendarsChosen: formData.get('calendarsChosen') ?? undefined,
    scope: formData.get('scope') ?? undefined,
    imported: formData.get('imported') ?? undefined,
    confirmed: formData.get('confirmed') ?? undefined,
  });
  if (!parsed.success) throw new Response('The answer could not be read. Open the delete again.', { status: 400 });
  const posted = parsed.data;
  const answers: DeleteAnswers = {
    calendars: posted.calendarsChosen === '1' ? [...new Set(posted.calendar)] : null,
    scope: posted.scope ?? null,
    imported: posted.imported ?? null,
    confirmed: posted.confirmed === '1',
  };
  const event = await loadEvent(list, eventId);
  const { community } = list.staff;
  const calendarId = list.address.base;
  const choices = deleteChoices(event, community, calendarId);
  if (answers.calendars !== null) answers.calendars = answers.calendars.filter((id) => choices.calendars.includes(id));
  const step = nextDeleteStep(choices, answers);
  if (step !== null) {
    const error = step === 'calendars' && answers.calendars !== null ? CHOOSE_CALENDAR : null;
    return answer(await dialogData(request, list, eventId, event, step, answers, error), { status: error ? 400 : 200 });
  }
  const deps = await getServices();
  const result = await deleteEvent(deps, {
    community,
    calendarId,
    eventId,
    calendars: choices.calendars.length > 1 ? answers.calendars : null,
    scope: choices.recurring ? answers.scope : null,
    view: list.view ?? 'active',
    imported: choices.imported ? answers.imported : null,
    now: Date.now(),
  });
  if (!result.ok && result.reason === 'gone') throw new Response('This event no longer exists.', { status: 404 });
  if (!result.ok) {
    // The event changed meanwhile (another calendar, a recurrence): ask again from the start.
    const next = nextDeleteStep(result.choices, NO_ANSWERS) ?? 'confirm';
    return answer(await dialogData(request, list, eventId, event, next, NO_ANSWERS, null), { status: 409 });
  }
  const count = result.removed.length;
  const message = count === 1 ? 'The event was deleted.' : `${count} events were deleted.`;
  return redirectWithToast(request, listUrls(list.location, new URL(request.url).searchParams).list, { kind: 'success', message });
}
