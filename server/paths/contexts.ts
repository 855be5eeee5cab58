/** The two kinds of context path the records store (listing and event contexts). */
import { PathKeyError, assertKey, parseSectionPath } from './keys';

/** A listing context: a community and one of its sections, stored as '{community}/{section}'. */
export interface ListingContext {
  community: string;
  section: string;
}

export function formatListingContext(community: string, section: string): string {
  return `${assertKey('community', community)}/${assertKey('section', section)}`;
}

/** Parses '{community}/{section}' (business `contexts`, a grant's `origContext`). */
export function parseListingContext(context: string): ListingContext {
  const parts = parseSectionPath(context, 'listingContext');
  const [community, section] = parts;
  if (parts.length !== 2 || community === undefined || section === undefined) {
    throw new PathKeyError('listingContext', context, 'a listing context is "{community}/{section}" (two keys)');
  }
  return { community, section };
}

/** An event context: one calendar of one community. */
export interface EventContext {
  community: string;
  calendarId: string;
}

/** '{community}/amc-events/calendars/{calendarId}', as event `contexts` and recurrence `sections` hold it. */
export function formatEventContext(community: string, calendarId: string): string {
  return `${assertKey('community', community)}/amc-events/calendars/${assertKey('calendarId', calendarId)}`;
}

export function parseEventContext(context: string): EventContext {
  const parts = parseSectionPath(context, 'eventContext');
  const [community, collection, calendars, calendarId] = parts;
  if (
    parts.length !== 4 ||
    community === undefined ||
    collection !== 'amc-events' ||
    calendars !== 'calendars' ||
    calendarId === undefined
  ) {
    throw new PathKeyError('eventContext', context, 'an event context is "{community}/amc-events/calendars/{calendarId}"');
  }
  return { community, calendarId };
}
