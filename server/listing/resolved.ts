import { fromZonedTime } from 'date-fns-tz';
import type { StaffContext } from '@server/authz';
import { isValidKey } from '~/lib/db-key';
import { zonedDayKey } from '~/lib/event-times';
import type { ListContextDefinition, ListTab, ListView } from '~/lib/listing/types';
import type { ListLocation } from '~/lib/listing/urls';
import type { ListAddress } from './address';
import type { ListSourceKey } from './registry';

/**
 * A list as a listing address names it (spec 01 §2.1, spec 02 "Listing routes"), once the
 * person may open it: what the list screens' use cases work on. The routes resolve it
 * (app/features/listing/resolve.server.ts); the rules of that resolution that need no request
 * are here.
 */
export interface ResolvedList {
  staff: StaffContext;
  /** The list's context: its source (server/listing/registry.ts) reads and deletes its rows. */
  key: ListSourceKey;
  definition: ListContextDefinition;
  location: ListLocation;
  address: ListAddress;
  /** The screen's title: the menu item's name, else the context's title. */
  title: string;
  tabs: readonly ListTab[];
  /** header-info/{context}: the list's header media. */
  headerContext: string;
  /** The header's node when it is not header-info/{context} (a calendar's config header-info). */
  headerNode?: string;
  /** The view the address names (the calendar of events' path); else the query's `view` decides. */
  view?: ListView;
  /** The community's time zone, when the resolver read it (else the screen reads it for lists with dates). */
  timeZone?: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The valid tabs a menu item stores (id and title). */
export function menuTabs(value: unknown): ListTab[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tab: unknown) => {
    if (typeof tab !== 'object' || tab === null) return [];
    const record = tab as Record<string, unknown>;
    const id = text(record.id);
    const title = text(record.title) ?? id;
    return id && title && isValidKey(id) ? [{ id, title }] : [];
  });
}

/**
 * How a calendar's view (or a legacy events list's) is read, so that its first page costs the
 * same for 50 events or 5,000: by end time, from the first event that ends today (active: what
 * ends next first, today's ended events marked passed) or back from now (archive: the latest
 * ended first). Reading by start would have to pass over every ended event to reach the active ones.
 */
export function calendarViewOrder(view: ListView, timeZone: string, now = Date.now()): Pick<ListAddress, 'order' | 'range'> {
  if (view === 'archive') return { order: { by: 'child', child: 'endDate', newestFirst: true }, range: { to: now } };
  const today = fromZonedTime(`${zonedDayKey(now, timeZone)}T00:00:00`, timeZone).getTime();
  return { order: { by: 'child', child: 'endDate' }, range: { from: today } };
}
