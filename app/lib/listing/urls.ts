/**
 * The addresses of one list screen (spec 01 §2.1): the list without a menu at
 * `/listnm/:context[/:path]`, or reached from a menu item at
 * `/list/:menuId/:gridMenuKey[/:tab[/:action[/:itemId]]]`. Both families offer the same
 * screens; only their addresses differ.
 *
 * - `/listnm/:context/:path` is the list's tab (`/listnm/contacts/emergency`); its actions
 *   (`/listnm/:context/add`, `/listnm/:context/:action/:itemId`) carry a tab other than the
 *   first in `?tab=`.
 * - `/list/…/:tab/:action/:itemId` needs a tab segment: a list without tabs has one tab,
 *   `all` (docs/decisions/009).
 *
 * Filters travel in the query (`q`, `from`, `to`, `recurrence`, `view`), so every link of a
 * filtered list keeps its filter; `more` (how many later chunks are shown without JavaScript)
 * does not travel.
 */

import type { ListView } from './types';

/** The tab segment of a list without tabs in `/list/…/:tab/…` addresses. */
export const UNTABBED = 'all';

export type ListLocation =
  | { family: 'listnm'; context: string; tab: string | null; firstTab: string | null }
  | { family: 'list'; menuId: string; gridMenuKey: string; tab: string | null }
  /** The calendar of events, `/amc-calendar/:context/:view` (spec 02 "Calendars"): the view is in the path. */
  | { family: 'calendar'; calendarId: string; view: ListView }
  /**
   * The messages list, `/amc-messages/:context` (spec 02 "Messages"): its view in `?view=`
   * (active, archive, scheduled); later chunks from its index route (`?index&after=`), as
   * `/amc-messages/:context/:action` is the notification form.
   */
  | { family: 'messages'; context: string; view: MessagesView };

/** The messages list's views (spec 02 §4 "Views"): active, archived, and the scheduled list. */
export type MessagesView = ListView | 'scheduled';

export type ListAction = 'add' | 'sort' | 'header-images' | 'config.events';
export type ItemAction = 'edit' | 'duplicate' | 'delete';

/** The query parameters that describe the filtered list. */
export const FILTER_PARAMS = ['q', 'from', 'to', 'recurrence', 'view'] as const;

const seg = encodeURIComponent;

/** The filters of a URL's query, as a query string ('' or '?…'). */
export function filterQuery(search: URLSearchParams | string, extra: Record<string, string | null> = {}): string {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = from.get(name);
    if (value) out.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === null) out.delete(name);
    else out.set(name, value);
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}

export interface ListUrls {
  /** The list (its tab), filters kept. */
  list: string;
  /** A tab of the list. */
  tab: (tabId: string | null) => string;
  action: (action: ListAction) => string;
  item: (action: ItemAction, key: string) => string;
  /** Later chunks for infinite scroll (a resource route answering JSON). */
  rows: string;
  /** A view of a dated list, without the filters (the view switch). */
  view: (view: ListView) => string;
}

/** A view of the messages list, without the filters (the view switch). */
export function messagesViewHref(context: string, view: MessagesView): string {
  return `/amc-messages/${seg(context)}${view === 'active' ? '' : `?view=${view}`}`;
}

/** Every address of one list screen, keeping `search`'s filters. */
export function listUrls(location: ListLocation, search: URLSearchParams | string = ''): ListUrls {
  const viewQuery = (view: ListView) => (view === 'archive' ? '?view=archive' : '');
  if (location.family === 'calendar') {
    const path = (view: ListView) => `/amc-calendar/${seg(location.calendarId)}/${view}`;
    const base = path(location.view);
    // The view is the path's: a `view` in the query means nothing here.
    const query = filterQuery(search, { view: null });
    return {
      list: `${base}${query}`,
      tab: () => `${base}${query}`,
      action: (action) => `${base}/${action}${query}`,
      item: (action, key) => `${base}/${action}/${seg(key)}${query}`,
      rows: `${base}/rows${query}`,
      view: path,
    };
  }
  if (location.family === 'messages') {
    const base = `/amc-messages/${seg(location.context)}`;
    const query = filterQuery(search, { view: location.view === 'active' ? null : location.view });
    return {
      list: `${base}${query}`,
      tab: () => `${base}${query}`,
      action: (action) => `${base}/${action}${query}`,
      item: (action, key) => `${base}/${action}?id=${seg(key)}&list=${location.view === 'scheduled' ? 'scheduled' : 'messages'}`,
      rows: `${base}${filterQuery(search, { view: location.view === 'active' ? null : location.view, index: '' })}`,
      view: (view) => messagesViewHref(location.context, view),
    };
  }
  if (location.family === 'listnm') {
    const base = `/listnm/${seg(location.context)}`;
    const offTab = location.tab !== null && location.tab !== location.firstTab ? location.tab : null;
    const withTab = (path: string) => `${path}${filterQuery(search, { tab: offTab })}`;
    const tabPath = (tabId: string | null) => (tabId && tabId !== location.firstTab ? `${base}/${seg(tabId)}` : base);
    return {
      list: `${tabPath(location.tab)}${filterQuery(search)}`,
      tab: (tabId) => `${tabPath(tabId)}${filterQuery(search)}`,
      action: (action) => withTab(`${base}/${action}`),
      item: (action, key) => withTab(`${base}/${action}/${seg(key)}`),
      rows: withTab(`${base}/rows`),
      view: (view) => `${tabPath(location.tab)}${viewQuery(view)}`,
    };
  }
  const base = `/list/${seg(location.menuId)}/${seg(location.gridMenuKey)}`;
  const tabBase = (tabId: string | null) => `${base}/${seg(tabId ?? UNTABBED)}`;
  const query = filterQuery(search);
  return {
    list: location.tab === null ? `${base}${query}` : `${tabBase(location.tab)}${query}`,
    tab: (tabId) => `${tabBase(tabId)}${query}`,
    action: (action) => `${tabBase(location.tab)}/${action}${query}`,
    item: (action, key) => `${tabBase(location.tab)}/${action}/${seg(key)}${query}`,
    rows: `${tabBase(location.tab)}/rows${query}`,
    view: (view) => `${location.tab === null ? base : tabBase(location.tab)}${viewQuery(view)}`,
  };
}
