import { readCalendarConfig } from '@server/listing';
import { isValidKey } from '@server/paths';
import type { Services } from '@server/services';
import type { RemoteAdminFormValue } from '~/schemas/remote-admin';

/**
 * A calendar as Manage Calendars, the config editor and the .ics upload find it: the stored
 * config of the address's calendar in the current community (null: the address names no
 * calendar, the screens' 404 'This calendar no longer exists.').
 */

export type CalendarDeps = Services;

export interface StoredCalendar {
  calendarId: string;
  stored: Record<string, unknown>;
}

/** The stored config of `calendarId` in `community`, or null (no valid key, no config). */
export async function readCalendar(deps: CalendarDeps, community: string, calendarId: string | undefined): Promise<StoredCalendar | null> {
  if (!calendarId || !isValidKey(calendarId)) return null;
  const stored = await readCalendarConfig(deps, community, calendarId);
  return stored ? { calendarId, stored } : null;
}

/** The calendar's title, or its id when it has none. */
export const titleOf = (stored: Record<string, unknown>, calendarId: string) =>
  typeof stored.title === 'string' && stored.title.trim() !== '' ? stored.title : calendarId;

/** The key of the calendar's remote access entries (spec 02 §3, made when remote management is first switched on). */
export const remoteKeyOf = (stored: Record<string, unknown>): string | null =>
  typeof stored.remoteKey === 'string' && isValidKey(stored.remoteKey) ? stored.remoteKey : null;

/** No remote access at all: what removes every entry of a calendar's remote key. */
export const NO_REMOTE: RemoteAdminFormValue = { remotelyManaged: false, allowFavorite: false, entries: [] };
