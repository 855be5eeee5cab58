import { bulkDeleteEvents, deleteLegacyEvents, isLegacySection } from '@server/events';
import { listNode, type ListSourceAdapter } from '../source';
import { DATABASE_READS, DATABASE_SOURCE } from './database';

/**
 * The events lists (spec 02 "Calendars", §4 "Deleting events and messages"): read by the
 * listing engine like any database list, deleted by the events' own rules (server/events: every
 * calendar an event is in, its recurrence, the feed's icsBuildTime). Not sorted by hand.
 */

/** A calendar's events (`/amc-calendar/:context/:view`): the address's base is the calendar id. */
export const CALENDAR_EVENTS_SOURCE = {
  ...DATABASE_READS,
  remove: (deps, address, keys, { view, now }) =>
    bulkDeleteEvents(deps, { community: address.community, calendarId: address.base, keys, view: view ?? 'active', now }),
} as const satisfies ListSourceAdapter;

/** The legacy events lists (`events-resort`, `events-local`): a section that is not a legacy one is deleted as a plain list. */
export const LEGACY_EVENTS_SOURCE = {
  ...DATABASE_READS,
  remove: (deps, address, keys, options) => {
    const node = listNode(address);
    if (!address.definition.dated || !isLegacySection(node)) return DATABASE_SOURCE.remove(deps, address, keys, options);
    return deleteLegacyEvents(deps, {
      community: address.community,
      section: node,
      keys,
      view: options.view ?? 'active',
      now: options.now,
    });
  },
} as const satisfies ListSourceAdapter;
