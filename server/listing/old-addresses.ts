import type { RemoteGrant } from '@server/authz/access';
import { readMenuItems } from '@server/menu/items';
import type { StoredMenuItem } from '@server/menu/sort';
import { isValidKey } from '~/lib/db-key';
import { hrefs } from '~/lib/hrefs';
import { listContext } from '~/lib/listing/contexts';
import { remoteGrantsOf } from './reads';
import type { ListDeps } from './source';

/**
 * Addresses of lists that lead elsewhere: a remote listing link (`/listnm/remote/:context/:uuid`)
 * and the older calendar address (`/amc-calendar/menu/…`). Each answers where to go, or null
 * when the address names nothing (404).
 */

/**
 * Where a remote listing link leads (spec 02: a remote listing redirects to remoteUpdateDetail
 * when the person manages exactly one item): the link's page (`/detail/remote/{uuid}`) when the
 * uuid holds one URL grant; for an account's uid with e-mail grants, that item's page
 * (`/detail/remote/id/{detailId}`, sign-in first) when there is exactly one, else the remote
 * manager's landing page.
 */
export function remoteGrantTarget(uuid: string, grants: readonly Pick<RemoteGrant, 'accessType' | 'detailId'>[]): string | null {
  if (grants.some((grant) => grant.accessType === 'url')) return hrefs.remoteDetailLink(uuid);
  if (grants.length === 1) return hrefs.remoteDetailById(grants[0]!.detailId);
  if (grants.length > 1) return hrefs.remoteHome();
  return null;
}

/** A remote listing link's target; null for an unknown list or uuid. */
export async function remoteListTargetOf(deps: ListDeps, context: string, uuid: string): Promise<string | null> {
  if (!listContext(context) || !isValidKey(uuid)) return null;
  return remoteGrantTarget(uuid, await remoteGrantsOf(deps, uuid));
}

const named = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/**
 * The calendar a menu names for the older calendar address (spec 02 "Calendars"): the Events
 * Calendar item `menuIndex` (its index, key, uniqueId or id), else the menu's first one; its
 * calendar's active view. Null when the menu names no calendar.
 */
export function menuCalendarTarget(items: readonly StoredMenuItem[], menuIndex: string | null): string | null {
  const calendars = items.filter((item) => item.value.type === 'amc-events');
  const item = menuIndex
    ? calendars.find((candidate) =>
        [String(candidate.index), candidate.key, named(candidate.value.uniqueId), named(candidate.value.id)].includes(menuIndex),
      )
    : calendars[0];
  const calendarId = named(item?.value.id);
  if (!calendarId || !isValidKey(calendarId)) return null;
  return hrefs.calendar(calendarId, 'active');
}

/** The older calendar address's target in the community; null when the menu names no calendar. */
export async function oldCalendarTargetOf(
  deps: ListDeps,
  community: string,
  menu: string,
  menuIndex: string | null,
): Promise<string | null> {
  if (!menu || !isValidKey(menu)) return null;
  return menuCalendarTarget(await readMenuItems(deps, community, menu), menuIndex);
}
