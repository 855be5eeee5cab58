import { fromZonedTime } from 'date-fns-tz';
import { deletedMarker, deletedText } from '@server/events/archive';
import { listNode, type ListFilters, type ListRow, type RowContext, type RowDetails } from '@server/listing';
import { isValidKey } from '~/lib/db-key';
import { whenText, zonedDayKey } from '~/lib/event-times';
import { hrefs } from '~/lib/hrefs';
import { imageUrl } from '~/lib/image-url';
import type { RowDay } from '~/lib/listing/groups';
import { itemText } from '~/lib/listing/item-fields';
import type { FilterView, RowView } from '~/lib/listing/screen';
import type { FilterKind, ListView } from '~/lib/listing/types';
import { filterQuery, inPanel, type ListUrls } from '~/lib/listing/urls';
import type { ResolvedList } from './resolve.server';

/**
 * How the list screen reads its address and shows its rows (spec 02 "Listing routes", §4
 * "Views", §5 "Filters"; spec 01 §4.6): the filters of the URL, a row's dates, day, links and
 * actions, and where the screen's forms post. Pure: the screen's server half (./list.server.ts)
 * reads the rows through the list's source and builds the screen with these.
 */

export { whenText };

const MAX_FILTER_TEXT = 200;

// ─── Filters ──────────────────────────────────────────────────────────────────────────────────

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of the URL, for the list's kinds; anything malformed is ignored (it is a GET). */
export function filtersOf(
  url: URL,
  kinds: readonly FilterKind[],
  timeZone: string,
  dated: boolean,
  /** The view the address names (the calendar of events' path), over the query's. */
  fixedView?: ListView,
): { filters: ListFilters; view: FilterView } {
  const params = url.searchParams;
  const q = kinds.includes('text') ? (params.get('q') ?? '').trim().slice(0, MAX_FILTER_TEXT) : '';
  const from = kinds.includes('date') && DATE.test(params.get('from') ?? '') ? (params.get('from') ?? '') : '';
  const to = kinds.includes('date') && DATE.test(params.get('to') ?? '') ? (params.get('to') ?? '') : '';
  const recurrenceParam = params.get('recurrence') ?? '';
  const recurrence = kinds.includes('recurrence') && isValidKey(recurrenceParam) ? recurrenceParam : '';
  const whoParam = (params.get('who') ?? '').trim().slice(0, MAX_FILTER_TEXT);
  const who = kinds.includes('person') ? whoParam : '';
  const eventParam = params.get('eventId') ?? '';
  const eventId = kinds.includes('event') && isValidKey(eventParam) ? eventParam : '';
  const view: ListView | null = dated ? (fixedView ?? (params.get('view') === 'archive' ? 'archive' : 'active')) : null;
  const filters: ListFilters = {};
  if (q) filters.text = q;
  if (from) filters.start = fromZonedTime(`${from}T00:00:00`, timeZone).getTime();
  // The end date is inclusive: the filter ends at the end of that day.
  if (to) {
    filters.end = fromZonedTime(`${to}T23:59:59.999`, timeZone).getTime();
    filters.endDayStart = fromZonedTime(`${to}T00:00:00`, timeZone).getTime();
  }
  if (recurrence) filters.recurrenceId = recurrence;
  if (view) filters.view = view;
  if (who) filters.person = who;
  if (eventId) filters.eventId = eventId;
  const active = Boolean(q || from || to || recurrence || who);
  const filterView: FilterView = { kinds, q, from, to, recurrence, view, active, clearHref: '' };
  if (kinds.includes('person')) filterView.who = who;
  // The event an RSVP list shows stays chosen when the other filters change.
  if (eventId) filterView.keep = [{ name: 'eventId', value: eventId }];
  return { filters, view: filterView };
}

// ─── Rows ─────────────────────────────────────────────────────────────────────────────────────

const numberAt = (item: Record<string, unknown>, field: string): number => {
  const value = Number(item[field] ?? 0);
  return Number.isFinite(value) ? value : 0;
};

/** "Saturday, June 6, 2026": a day heading of a grouped list, in the community's time zone. */
export function dayHeading(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(ms);
}

/** The day a row of a list grouped by start day falls on (null for a row without a start). */
export function rowDay(start: number, timeZone: string): RowDay | null {
  if (!Number.isFinite(start) || start <= 0) return null;
  return { key: zonedDayKey(start, timeZone), heading: dayHeading(start, timeZone) };
}

/**
 * One row as the screen shows it: title, subtitle, image, dates, its editor's and actions'
 * addresses, and what its source adds (`details`: the messages list's notes).
 */
export function rowView(list: ResolvedList, urls: ListUrls, row: ListRow, context: RowContext, details: RowDetails = {}): RowView {
  const { now } = context;
  const { definition, address } = list;
  const fields = definition.fields;
  const editor = definition.editor;
  const node = listNode(address);
  // The list's own forms open in its right column (`#editor`); the detail editors are screens of their own.
  let editHref = inPanel(urls.item('edit', row.key));
  let duplicateHref: string | null = inPanel(urls.item('duplicate', row.key));
  let detailAction: RowView['detailAction'] = null;
  if (editor.kind === 'detail') {
    const type = context.view === 'archive' && editor.archivedDetailType ? editor.archivedDetailType : editor.detailType;
    editHref = hrefs.detailItem(type, node, row.key);
    duplicateHref = hrefs.detailItemAction(type, node, row.key, 'duplicate');
    const action = editor.detailAction;
    if (action && row.item[action.field]) detailAction = { label: action.label, href: `${editHref}/${encodeURIComponent(action.action)}` };
  } else if (editor.kind === 'menu-item') {
    // A submenu's items are edited in the home grid showing that submenu (its tiles' pencils).
    editHref = hrefs.home({ section: address.base });
    duplicateHref = null;
  } else if (editor.kind === 'linked') {
    duplicateHref = null;
  }
  const dated = definition.dated;
  const end = dated ? numberAt(row.item, dated.endField) : 0;
  const recurrenceId = row.item.recurrenceId;
  // An event deleted before it began shows the times it was planned for, and says so (decision 024).
  const deleted = dated?.startField ? deletedMarker(row.item) : null;
  const start = dated?.startField ? (deleted?.startDate ?? numberAt(row.item, dated.startField)) : 0;
  const shownEnd = deleted?.startDate !== undefined ? (deleted.endDate ?? 0) : end;
  const deletedNote = deleted ? [{ text: deletedText(deleted, context.timeZone), tone: 'plain' as const }] : [];
  return {
    key: row.key,
    title: itemText(row.item, fields.title) ?? '(untitled)',
    subtitle: fields.subtitle ? itemText(row.item, fields.subtitle) : null,
    image: fields.image ? imageUrl(itemText(row.item, fields.image)) : null,
    editHref,
    duplicateHref,
    deleteHref: editor.kind === 'linked' ? null : inPanel(urls.item('delete', row.key)),
    // The archive holds only passed rows: there they are not marked (spec 03 "Public calendar events").
    passed: Boolean(dated) && context.view !== 'archive' && end > 0 && end <= now,
    when: dated?.startField ? whenText(start, shownEnd, row.item.allDay === true, context.timeZone) : null,
    detailAction,
    recurrenceHref:
      definition.filters.includes('recurrence') && typeof recurrenceId === 'string' && isValidKey(recurrenceId)
        ? `${urls.list.split('?')[0]}?recurrence=${encodeURIComponent(recurrenceId)}`
        : null,
    day: definition.groupByStartDay && dated?.startField ? rowDay(numberAt(row.item, dated.startField), context.timeZone) : null,
    notes: deletedNote,
    ...details,
  };
}

// ─── Addresses ────────────────────────────────────────────────────────────────────────────────

/**
 * Where the bulk form posts: the list's layout route. A menu list's tab address
 * (`/list/…/:tab`) ends in the tab's index route, which takes no post, so a tabbed menu list
 * posts to `/list/:menuId/:gridMenuKey?tab=…` (the layout, its tab in the query). With
 * select-all on, the post keeps `all=1`.
 */
export function bulkActionOf(list: ResolvedList, urls: ListUrls, url: URL): string {
  const location = list.location;
  // Select-all travels with the post, so the list behind the confirmation still shows it selected.
  const all = url.searchParams.get('all') === '1' ? '1' : null;
  if (location.family === 'list' && location.tab !== null) {
    const base = hrefs.list(location.menuId, location.gridMenuKey);
    return `${base}${filterQuery(url.searchParams, { tab: location.tab, all })}`;
  }
  return `${urls.list.split('?')[0]}${filterQuery(url.searchParams, { all })}`;
}

/** The config.events action's address: lists with an events config, reached from a menu item (its route is under `/list/…/:tab`). */
export function configEventsHref(list: ResolvedList, urls: ListUrls): string | null {
  if (!list.definition.eventsConfig || list.location.family !== 'list') return null;
  return urls.action('config.events');
}

export function addHrefOf(list: ResolvedList, urls: ListUrls): string {
  const editor = list.definition.editor;
  if (editor.kind === 'detail') return hrefs.detail(editor.detailType, listNode(list.address));
  if (editor.kind === 'menu-item') return hrefs.home({ section: list.address.base });
  return inPanel(urls.action('add'));
}
