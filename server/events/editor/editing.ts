import { sitePath } from '@server/auth/redirect';
import type { DbValue } from '@server/db/types';
import { EVENT_RETURN_TO_FIELD, LOCKED_FORM_FIELDS } from '~/lib/event-editor';
import { defaultEventTimes } from '~/lib/event-times';
import { hrefs } from '~/lib/hrefs';
import { eventFormValue, eventSchema, newEventDefaults, type EditScope, type EventFormValue } from '~/schemas/event';
import { audienceValues, duplicateOf, eventVersion, isArchived, readRecurrence, recurrenceEditStart, recurrenceFormValue } from '../index';
import type { Target } from './target';

/**
 * What the event editor's form edits (spec 02 §4 recurring event editing): the event, a
 * duplicate's start, a new event's defaults, the pending record, or the recurrence's original
 * item; its form value, and the schema that reads its post.
 */

export interface Editing {
  /** The event the save writes. */
  eventId: string;
  isNew: boolean;
  scope: EditScope;
  /** The event as the form starts from it. */
  item: Record<string, unknown>;
  version: string | null;
  recurrence: ReturnType<typeof recurrenceFormValue>;
  readOnly: boolean;
  /** The times the form showed (the end-reset rule; an unchanged past start of an edited event). */
  shown: { startDate: number; endDate: number; endDateDuration: number | null; isNew: boolean };
}

const NO_RECURRENCE = recurrenceFormValue(null);

export const recurrenceIdOf = (event: Record<string, unknown> | null): string | null =>
  typeof event?.recurrenceId === 'string' && event.recurrenceId !== '' ? event.recurrenceId : null;

/** A duplicate is a new event of its own: not its original's creator, editor or calendars. */
export function withoutOwnership(fields: Record<string, DbValue>): Record<string, DbValue> {
  const { creator: _creator, updatedBy: _updatedBy, contexts: _contexts, ...rest } = fields;
  return rest;
}

const shownOf = (event: Record<string, unknown>, isNew = false) => ({
  startDate: Number(event.startDate) || 0,
  endDate: Number(event.endDate) || 0,
  endDateDuration: typeof event.endDateDuration === 'number' ? event.endDateDuration : null,
  isNew,
});

/**
 * What the form edits, given the scope asked for (`?scope=` on a load, the posted `scope` on a
 * post): 'ask' when the event is an occurrence of a recurrence and no scope was chosen yet.
 * A new event's shown times are its defaults at this moment (the end-reset rule compares with them).
 */
export async function editingOf(target: Target, scope: string | null, newKey: () => string): Promise<Editing | 'ask'> {
  const { services, community, calendarId, now, options } = target;
  const deps = { db: services.db, paths: services.paths };
  if (target.kind === 'import') {
    // A new event made from the pending record: its start must still be in the future.
    const item = { ...target.pending.item };
    return {
      eventId: target.pending.importId,
      isNew: true,
      scope: 'event',
      item,
      version: target.pending.version,
      recurrence: NO_RECURRENCE,
      readOnly: false,
      shown: shownOf(item, true),
    };
  }
  if (target.mode === 'add' || target.mode === 'duplicate') {
    const times = defaultEventTimes(now, options.timeZone);
    const base = target.mode === 'duplicate' ? withoutOwnership(duplicateOf(target.event.stored)) : {};
    const defaults = newEventDefaults(now, options.timeZone, calendarId);
    const item: Record<string, unknown> = { ...defaults, ...base, ...times };
    return {
      eventId: newKey(),
      isNew: true,
      scope: 'event',
      item,
      version: null,
      recurrence: NO_RECURRENCE,
      readOnly: false,
      shown: { startDate: times.startDate, endDate: times.endDate, endDateDuration: times.endDateDuration, isNew: true },
    };
  }
  const { itemId, stored } = target.event;
  const readOnly = isArchived(stored, now);
  const recurrenceId = recurrenceIdOf(stored);
  const asStored = (recurrence: Editing['recurrence'], storedReadOnly: boolean): Editing => ({
    eventId: itemId,
    isNew: false,
    scope: 'event',
    item: stored,
    version: eventVersion(stored),
    recurrence,
    readOnly: storedReadOnly,
    shown: shownOf(stored),
  });
  if (recurrenceId && !readOnly) {
    if (scope !== 'event' && scope !== 'recurrence') return 'ask';
    if (scope === 'recurrence') {
      const start = await recurrenceEditStart(deps, community, calendarId, recurrenceId, now);
      if (start) {
        return {
          eventId: start.eventId,
          isNew: false,
          scope: 'recurrence',
          item: start.item,
          version: start.version,
          recurrence: recurrenceFormValue(start.record),
          readOnly: false,
          shown: shownOf(start.item),
        };
      }
    }
    return asStored(recurrenceFormValue(await readRecurrence(deps, community, calendarId, recurrenceId)), false);
  }
  const record = recurrenceId ? await readRecurrence(deps, community, calendarId, recurrenceId) : null;
  return asStored(record ? recurrenceFormValue(record) : NO_RECURRENCE, readOnly);
}

export function formValueOf(target: Target, editing: Pick<Editing, 'item' | 'recurrence'>): EventFormValue {
  return eventFormValue(editing.item, {
    timeZone: target.options.timeZone,
    community: target.community,
    calendarId: target.calendarId,
    audiences: target.options.audiences,
    recurrence: editing.recurrence,
  });
}

export function schemaOf(target: Target, editing: Editing, imported = false) {
  return eventSchema({
    timeZone: target.options.timeZone,
    now: target.now,
    shown: editing.shown,
    audiences: audienceValues(target.options),
    communityRequired: target.communities.length > 1,
    imported,
  });
}

const lineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * An imported event's post with its locked fields as stored (the form value the page showed), so
 * they are validated and previewed as the feed gave them; true when the post had other values
 * for them (not from this page, which shows them read-only).
 */
export function keepLockedFields(formData: FormData, shown: EventFormValue): boolean {
  let changed = false;
  const values: Partial<Record<string, unknown>> = shown;
  for (const name of LOCKED_FORM_FIELDS) {
    const value = values[name];
    const stored = typeof value === 'string' ? value : '';
    const posted = formData.get(name);
    if (posted !== null && lineBreaks(String(posted)) !== lineBreaks(stored)) changed = true;
    formData.delete(name);
    if (stored !== '') formData.set(name, stored);
  }
  return changed;
}

/** Where Save and Cancel go: a posted or asked same-site `returnTo`, else the calendar's view. */
export function returnToOf(url: URL, target: Target, posted?: FormDataEntryValue | null): string {
  if (target.kind === 'remote') return target.remote.calendarHref;
  const asked = sitePath(posted ?? url.searchParams.get(EVENT_RETURN_TO_FIELD));
  if (asked && !asked.startsWith('/detail/')) return asked;
  const archived = target.kind === 'staff' && target.archivedView;
  return hrefs.calendar(target.calendarId, archived ? 'archive' : 'active');
}
