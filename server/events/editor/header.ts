import type { DbValue } from '@server/db/types';
import { notFound } from '@server/http/responses';
import { isValidKey } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import { isArchived, readEvent } from '../index';
import { recurrenceIdOf } from './editing';
import { typeSegment, type StaffTarget } from './target';

/**
 * The header editor of a saved event (`…/:itemId/header-images`): the shared header editor on
 * the event's own headerInfo in the calendar it was opened in; after a save the event's copies
 * in its other calendars take the same header. An archived event has none to edit (404).
 */
export function eventHeaderOf(target: StaffTarget, formAction: string) {
  const { services, community, calendarId, event } = target;
  if (!event || isArchived(event.stored, target.now)) throw notFound();
  const { itemId: eventId, stored } = event;
  const deps = { db: services.db, paths: services.paths };
  const node = `${services.paths.calendarEvent(community, calendarId, eventId)}/headerInfo`;
  const editorPath = hrefs.detailItem(typeSegment(target), calendarId, eventId);
  return {
    context: `amc-events-${calendarId}`,
    node,
    formAction,
    returnTo: recurrenceIdOf(stored) ? `${editorPath}?scope=event` : editorPath,
    afterSave: async () => {
      const header = (await services.db.ref(node).get()).val() as DbValue;
      const others = (Array.isArray(stored.contexts) ? stored.contexts : [])
        .filter((context): context is string => typeof context === 'string')
        .map((context) => context.split('/'))
        .filter(
          ([owner, collection, calendars, id]) =>
            owner === community && collection === 'amc-events' && calendars === 'calendars' && id && id !== calendarId && isValidKey(id),
        )
        .map(([, , , id]) => id ?? '');
      if (others.length === 0) return;
      const updates: Record<string, DbValue> = {};
      for (const other of others) {
        if ((await readEvent(deps, community, other, eventId)) === null) continue;
        updates[`${services.paths.calendarEvent(community, other, eventId)}/headerInfo`] = header ?? null;
      }
      if (Object.keys(updates).length > 0) await services.db.ref().update(updates);
    },
  };
}
