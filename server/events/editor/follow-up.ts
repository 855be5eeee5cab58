import { z } from 'zod';
import { isValidKey } from '@server/paths';
import { EVENT_EDITOR_TEXTS } from '~/lib/event-editor';
import { denyGoogleImport, isObject, MAX_OCCURRENCES, readEvent, updateEventNotifications } from '../index';
import { done, editorReply, type EditorAnswer } from './answer';
import type { ImportTarget, StaffTarget } from './target';

/**
 * The event editor's posts besides Save (spec 02 §4): 'Update Notifications' → Yes after a
 * save, and Deny Event of a pending record (asked first).
 */

/** 'Update Notifications' → Yes: the events whose notifications take the new title and description. */
export const updateNotificationsSchema = z.object({
  eventIds: z.array(z.string().max(200)).max(MAX_OCCURRENCES),
  returnTo: z.string().max(2000).optional(),
});

/** 'Update Notifications' → Yes: the scheduled notifications of the events take their new title and description. */
export async function answerUpdateNotifications(target: StaffTarget, formData: FormData, returnTo: string): Promise<EditorAnswer> {
  const { services, community, calendarId, options } = target;
  const deps = { db: services.db, paths: services.paths };
  const parsed = updateNotificationsSchema.safeParse({
    eventIds: formData.getAll('eventIds'),
    returnTo: formData.get('returnTo') ?? undefined,
  });
  if (!parsed.success || parsed.data.eventIds.some((id) => !isValidKey(id))) {
    throw new Response('This form cannot be read. Reload the page and try again.', { status: 400 });
  }
  let updated = 0;
  for (const eventId of parsed.data.eventIds) {
    const event = await readEvent(deps, community, calendarId, eventId);
    if (!event || !isObject(event)) continue;
    const locationId = typeof event.resortLocationId === 'string' ? event.resortLocationId : '';
    const locationTitle =
      options.locations.find((location) => location.id === locationId)?.title ??
      (typeof event.location === 'string' ? event.location : null);
    updated += await updateEventNotifications(deps, community, [eventId], {
      title: event.title ?? '',
      description: event.description ?? '',
      locationTitle: locationTitle || null,
    });
  }
  return done(returnTo, { kind: 'success', message: EVENT_EDITOR_TEXTS.notificationsUpdated(updated) });
}

/** Deny Event (spec 02 §4): the first post asks; `confirm=yes` records it as denied by its id, the pending record removed. */
export async function answerDenyEvent(target: ImportTarget, formData: FormData, returnTo: string): Promise<EditorAnswer> {
  if (formData.get('confirm') !== 'yes') {
    // STYLE 10: a destructive action confirms first, with or without JavaScript.
    return editorReply({ version: null, preview: null }, 200, { initialValue: null, error: {} }, { confirmDeny: true });
  }
  const { services, community } = target;
  const denied = await denyGoogleImport({ db: services.db, paths: services.paths }, community, target.pending.importId, target.now);
  return done(returnTo, {
    kind: denied ? 'success' : 'error',
    message: denied ? EVENT_EDITOR_TEXTS.pendingDenied : EVENT_EDITOR_TEXTS.pendingGone,
  });
}
