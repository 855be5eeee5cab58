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
 * filtered list keeps its filter; so does `more` (how many later pages are shown without
 * JavaScript), so a form opened from a row the reader reached with "More" returns to a list
 * that shows it. The view switch and Clear Filters start over.
 */

import { hrefs, queryString, type Search } from '~/lib/hrefs';
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
  | { family: 'messages'; context: string; view: MessagesView }
  /**
   * The entries of a form, hunt or feedback item, `/scrollerEntries/:context/view/:itemId` (spec
   * 02 "Guest entries"): its view in `?view=`, an RSVP form's event in `?eventId=`; an entry opens
   * at `…/entry/:entryId` in the right column.
   */
  | { family: 'entries'; context: string; itemId: string; view: ListView };

/** The messages list's views (spec 02 §4 "Views"): active, archived, and the scheduled list. */
export type MessagesView = ListView | 'scheduled';

export type ListAction = 'add' | 'sort' | 'header-images' | 'config.events';
export type ItemAction = 'edit' | 'duplicate' | 'delete';

/** The query parameters that describe the filtered list, and how long it is shown without JavaScript. */
export const FILTER_PARAMS = ['q', 'from', 'to', 'recurrence', 'who', 'eventId', 'view', 'more', 'show'] as const;

const seg = encodeURIComponent;

/** The filters of a URL's query, with `extra` set (null: removed). */
function filterParams(search: URLSearchParams | string, extra: Record<string, string | null> = {}): URLSearchParams {
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
  return out;
}

/** The filters of a URL's query, as a query string ('' or '?…'). */
export function filterQuery(search: URLSearchParams | string, extra: Record<string, string | null> = {}): string {
  return queryString(filterParams(search, extra));
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
  return hrefs.messages(context, view === 'active' ? undefined : { view });
}

/** Every address of one list screen, keeping `search`'s filters. */
export function listUrls(location: ListLocation, search: URLSearchParams | string = ''): ListUrls {
  const viewQuery = (view: ListView) => (view === 'archive' ? { view } : undefined);
  if (location.family === 'calendar') {
    const { calendarId } = location;
    const path = (view: ListView) => hrefs.calendar(calendarId, view);
    // The view is the path's: a `view` in the query means nothing here.
    const query = filterParams(search, { view: null });
    const list = hrefs.calendar(calendarId, location.view, query);
    return {
      list,
      tab: () => list,
      // Only the header editor has a route under a calendar; the other list actions are served by none.
      action: (action) =>
        action === 'header-images'
          ? hrefs.calendarAction(calendarId, location.view, action, query)
          : `${path(location.view)}/${action}${queryString(query)}`,
      // Only delete has a route; the events' editors are the detail editor's (list-view.server.ts).
      item: (action, key) =>
        action === 'delete'
          ? hrefs.calendarItemDelete(calendarId, location.view, key, query)
          : `${path(location.view)}/${action}/${seg(key)}${queryString(query)}`,
      rows: hrefs.calendarAction(calendarId, location.view, 'rows', query),
      view: path,
    };
  }
  if (location.family === 'entries') {
    const { context, itemId } = location;
    const query = filterParams(search);
    const base = hrefs.scrollerEntries(context, 'view', itemId);
    const eventId = query.get('eventId');
    return {
      list: hrefs.scrollerEntries(context, 'view', itemId, query),
      tab: () => hrefs.scrollerEntries(context, 'view', itemId, query),
      // Entries have no add, sort or header editor: these addresses are served by no route.
      action: (action) => `${base}/${action}${queryString(query)}`,
      // An entry opens in the right column; entries are deleted by Delete Selected only.
      item: (action, key) => (action === 'edit' ? hrefs.scrollerEntry(context, itemId, key, query) : `${base}/${action}/${seg(key)}`),
      rows: hrefs.scrollerEntriesRows(context, itemId, query),
      // The view switch starts over, on the same RSVP event.
      view: (view) => hrefs.scrollerEntries(context, 'view', itemId, { ...viewQuery(view), ...(eventId ? { eventId } : {}) }),
    };
  }
  if (location.family === 'messages') {
    const { context } = location;
    const view = location.view === 'active' ? null : location.view;
    const query = filterParams(search, { view });
    return {
      list: hrefs.messages(context, query),
      tab: () => hrefs.messages(context, query),
      action: (action) => hrefs.messagesAction(context, action, query),
      // The list's filters (and `more`) ride along, so the form returns to the row where it was;
      // the view is the `list` the form reads.
      item: (action, key) =>
        hrefs.messagesAction(
          context,
          action,
          filterParams(query, { view: null, id: key, list: location.view === 'scheduled' ? 'scheduled' : 'messages' }),
        ),
      rows: hrefs.messages(context, filterParams(search, { view, index: '' })),
      view: (to) => messagesViewHref(context, to),
    };
  }
  if (location.family === 'listnm') {
    const { context } = location;
    const offTab = location.tab !== null && location.tab !== location.firstTab ? location.tab : null;
    const withTab = filterParams(search, { tab: offTab });
    const tabPath = (tabId: string | null, query?: Search) =>
      tabId && tabId !== location.firstTab ? hrefs.listnmTab(context, tabId, query) : hrefs.listnm(context, query);
    return {
      list: tabPath(location.tab, filterParams(search)),
      tab: (tabId) => tabPath(tabId, filterParams(search)),
      // `/listnm` has no events config (a menu list's action, list-view.server.ts): served by no route.
      action: (action) =>
        action === 'config.events'
          ? `${hrefs.listnm(context)}/${action}${queryString(withTab)}`
          : hrefs.listnmAction(context, action, withTab),
      item: (action, key) => hrefs.listnmItem(context, action, key, withTab),
      rows: hrefs.listnmAction(context, 'rows', withTab),
      view: (view) => tabPath(location.tab, viewQuery(view)),
    };
  }
  const { menuId, gridMenuKey } = location;
  const tab = location.tab ?? UNTABBED;
  const query = filterParams(search);
  return {
    list: location.tab === null ? hrefs.list(menuId, gridMenuKey, query) : hrefs.listTab(menuId, gridMenuKey, tab, query),
    tab: (tabId) => hrefs.listTab(menuId, gridMenuKey, tabId ?? UNTABBED, query),
    action: (action) => hrefs.listAction(menuId, gridMenuKey, tab, action, query),
    item: (action, key) => hrefs.listItem(menuId, gridMenuKey, tab, action, key, query),
    rows: hrefs.listAction(menuId, gridMenuKey, tab, 'rows', query),
    view: (view) =>
      location.tab === null ? hrefs.list(menuId, gridMenuKey, viewQuery(view)) : hrefs.listTab(menuId, gridMenuKey, tab, viewQuery(view)),
  };
}

/**
 * The id of a row of the list screen: a form closed (Cancel, Submit) and a delete cancelled
 * return to it (`#row-…`), so the reader is back at the row they opened.
 */
export const rowAnchor = (key: string): string => `row-${key}`;

/** The list's address with one of its rows in view (the fragment names the row's anchor). */
export function atRow(listHref: string, key: string): string {
  return `${listHref.split('#')[0]}#${encodeURIComponent(rowAnchor(key))}`;
}

/** The id of a list's anchor on the first row a no-JavaScript "More" added (the n-th later page). */
export const moreAnchor = (more: number): string => `more-${more}`;

/** The right column's landmark (`EDITOR_ID` of app/components/shell/home-actions.ts). */
export const PANEL_FRAGMENT = '#editor';

/**
 * A link of a list screen to a screen that opens in its right column (an item's form, Add,
 * Delete, Sort, Header Images) points at the column's landmark: on a phone the browser brings
 * the form into view even without JavaScript, and with it the form's heading takes the focus
 * (the shell's editor focus). An address that names a place already is returned as it is.
 */
export function inPanel(href: string): string {
  return href.includes('#') ? href : `${href}${PANEL_FRAGMENT}`;
}
