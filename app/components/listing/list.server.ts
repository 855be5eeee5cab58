import { data as answer } from '@remix-run/node';
import { fromZonedTime } from 'date-fns-tz';
import { z } from 'zod';
import { bulkDeleteEvents, deleteLegacyEvents, isLegacySection } from '@server/events';
import { readForm } from '@server/http/form.server';
import { deleteItems, ListError, matchingKeys, readPage, type ListAddress, type ListFilters, type ListRow } from '@server/listing';
import { imageUrl, loadCommunityRecord } from '~/components/shell/shell.server';
import { redirectWithToast } from '~/components/toast.server';
import { isValidKey } from '~/lib/db-key';
import { zonedDayKey } from '~/lib/event-times';
import { headerView, slideIndex, type HeaderView } from '~/lib/header-info';
import { parseIntent } from '~/lib/intent';
import type { RowDay } from '~/lib/listing/groups';
import { itemText } from '~/lib/listing/item-fields';
import type { FilterKind, ListView } from '~/lib/listing/types';
import { filterQuery, listUrls, type ListUrls } from '~/lib/listing/urls';
import { getServices } from '~/services.server';
import { DELETE_SELECTED_TEXT } from './editor-texts';
import { BulkIntent } from './intents';
import type { ResolvedList } from './resolve.server';

/** Rows sort mode shows and reorders by hand. */
export const MAX_SORT_ROWS = 1000;

/**
 * The list screen's server half (spec 02 "Listing routes", §4, §5; spec 01 §4.6, §9): the
 * rows of one chunk, the filters of the URL, select-all over every matching item, and bulk
 * delete. The screen's layout route loads it; the right column's routes (actions, add/edit
 * form, delete, sort, header editor) sit beside it.
 */

/** Spec 01 §9: "load-all size 10000": select-all and bulk delete reach this many items at most. */
export const LOAD_ALL_SIZE = 10000;
/** Rows a bulk delete form may name one by one (select-all names none: it posts the filter). */
export const MAX_POSTED_KEYS = 1000;
/** Later chunks a no-JavaScript page may show (`?more=`). */
const MAX_MORE = 400;
const MAX_FILTER_TEXT = 200;

export interface RowView {
  key: string;
  title: string;
  subtitle: string | null;
  image: string | null;
  /** The row's editor (the right column, or the detail editor of its kind). */
  editHref: string;
  duplicateHref: string | null;
  /** The row's own Delete (null: the list deletes by Delete Selected only). */
  deleteHref: string | null;
  /** A dated row whose end has passed, shown in the active view (spec 02 §4 "Views"). */
  passed: boolean;
  /** A dated row's dates, in the community's time zone. */
  when: string | null;
  /** The detail editor's action of this row (legacy events: RSVP), when its item asks for it. */
  detailAction: { label: string; href: string } | null;
  /** The list filtered to this row's recurrence (lists with the recurrence filter). */
  recurrenceHref: string | null;
  /**
   * The day the row is grouped under (lists grouped by start day): its start's day in the
   * community's time zone. Every row carries its own, so a later chunk that begins in the middle
   * of a day shows that day's heading again (app/lib/listing/groups.ts).
   */
  day: RowDay | null;
  /** Short facts of the row its list adds (a message's audience, next run, delivery status). */
  notes: RowNote[];
}

export interface RowNote {
  text: string;
  /** `alert`: a failure staff must see (shown in red, with an icon-free "Failed" word in the text). */
  tone: 'plain' | 'alert' | 'good';
}

/** What a list's resolver adds to or changes in a row (server/messages/list.ts for messages). */
export interface RowDetails {
  subtitle?: string | null;
  passed?: boolean;
  when?: string | null;
  notes?: RowNote[];
}

export interface TabView {
  id: string;
  title: string;
  href: string;
  current: boolean;
}

export interface FilterView {
  kinds: readonly FilterKind[];
  q: string;
  from: string;
  to: string;
  recurrence: string;
  view: ListView | null;
  active: boolean;
  clearHref: string;
  /** What the text filter searches, as its placeholder says. */
  searchHint?: string;
  /** Query parameters the filter form keeps (the messages list's `view=scheduled`). */
  keep?: Array<{ name: string; value: string }>;
}

export interface SelectAllView {
  /** Every item matching the filter is selected (`?all=1`). */
  count: number;
  /** More matched than one bulk delete may reach. */
  truncated: boolean;
  clearHref: string;
}

/** The screen's addresses, as strings (loader data crosses the network). */
export interface ListLinks {
  list: string;
  /** The list's address without the query (forms of method GET post their own). */
  path: string;
  sort: string;
  headerImages: string;
  rows: string;
  /** The other view of a dated list (archive from active, active from archive). */
  otherView: string | null;
  /** The listing action config.events (the list's events config form), for lists that have it. */
  configEvents: string | null;
}

export interface SortView {
  rows: RowView[];
  /** Longer than sort mode shows: sort alphabetically, or move rows one by one. */
  tooMany: boolean;
  /** The row just moved (focus returns to it without JavaScript). */
  moved: string | null;
  action: string;
  doneHref: string;
}

export interface ListScreenData {
  title: string;
  itemName: string;
  emptyMessage: string;
  loadingText: string;
  header: HeaderView;
  slide: number;
  tabs: TabView[];
  links: ListLinks;
  filters: FilterView;
  rows: RowView[];
  /** The cursor of the next chunk (infinite scroll), null at the end. */
  next: string | null;
  /** The no-JavaScript "More" link, null at the end. */
  moreHref: string | null;
  /** The infinite scroll's chunk size. */
  nextSize: number;
  selectAll: SelectAllView | null;
  selectAllHref: string;
  sortable: boolean;
  /** Add opens the right column's form; detail editors open their own screen. */
  addHref: string;
  /** Where the bulk form posts (the layout route's own address). */
  bulkAction: string;
  /** Sort mode (`…/sort`): every row in order, to move or drag. */
  sort: SortView | null;
}

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
  const view: ListView | null = dated ? (fixedView ?? (params.get('view') === 'archive' ? 'archive' : 'active')) : null;
  const filters: ListFilters = {};
  if (q) filters.text = q;
  if (from) filters.start = fromZonedTime(`${from}T00:00:00`, timeZone).getTime();
  // The end date is inclusive: the filter ends at the end of that day.
  if (to) filters.end = fromZonedTime(`${to}T23:59:59.999`, timeZone).getTime();
  if (recurrence) filters.recurrenceId = recurrence;
  if (view) filters.view = view;
  const active = Boolean(q || from || to || recurrence);
  return { filters, view: { kinds, q, from, to, recurrence, view, active, clearHref: '' } };
}

/** The time zone dates are read in: the community's, else the spec's default (spec 02 §9). */
const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The filters of a list's address. The community's record is read only for a list with date
 * filters (its dates are days in the community's time zone).
 */
async function listFiltersOf(url: URL, list: ResolvedList): Promise<{ filters: ListFilters; view: FilterView; timeZone: string }> {
  const { definition } = list;
  let timeZone = DEFAULT_TIME_ZONE;
  if (definition.filters.includes('date') || definition.dated?.startField) {
    const record = await loadCommunityRecord(list.staff.community);
    if (typeof record.timeZone === 'string' && record.timeZone) timeZone = record.timeZone;
  }
  const parsed = filtersOf(url, definition.filters, timeZone, Boolean(definition.dated), list.view);
  // Events of today stay in the active view once they end, marked passed (spec 02 §4 "Views").
  if (definition.dated?.startField && parsed.filters.view === 'active') {
    parsed.filters.activeFrom = fromZonedTime(`${zonedDayKey(Date.now(), timeZone)}T00:00:00`, timeZone).getTime();
  }
  return { ...parsed, timeZone };
}

// ─── Rows ─────────────────────────────────────────────────────────────────────────────────────

/** The database node a row's detail editor names as its dbContext: `{base}` or `{base}-{tab}`. */
export function listNode(address: ListAddress): string {
  const { source } = address.definition;
  const base = source.kind === 'section' && source.base !== undefined ? source.base : address.base;
  return address.tab ? `${base}-${address.tab.id}` : base;
}

/** What a row needs besides the list: the view it is shown in, the time zone, the time. */
export interface RowContext {
  view: ListView | null;
  timeZone: string;
  now: number;
}

const numberAt = (item: Record<string, unknown>, field: string): number => {
  const value = Number(item[field] ?? 0);
  return Number.isFinite(value) ? value : 0;
};

/**
 * An event's dates as a row shows them, in the community's time zone: "Tue, Nov 24, 2026,
 * 6:00 PM – 8:00 PM", the end's date only when it is another day; all-day events by day.
 */
export function whenText(start: number, end: number, allDay: boolean, timeZone: string): string | null {
  if (start <= 0) return null;
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const sameDay = end > 0 && day.format(start) === day.format(end);
  if (allDay) return sameDay || end <= 0 ? `${day.format(start)}, all day` : `${day.format(start)} – ${day.format(end)}, all day`;
  const from = `${day.format(start)}, ${time.format(start)}`;
  if (end <= 0) return from;
  return sameDay ? `${from} – ${time.format(end)}` : `${from} – ${day.format(end)}, ${time.format(end)}`;
}

/** "Saturday, June 6, 2026": a day heading of a grouped list, in the community's time zone. */
export function dayHeading(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(ms);
}

/** The day a row of a list grouped by start day falls on (null for a row without a start). */
export function rowDay(start: number, timeZone: string): RowDay | null {
  if (!Number.isFinite(start) || start <= 0) return null;
  return { key: zonedDayKey(start, timeZone), heading: dayHeading(start, timeZone) };
}

function rowView(list: ResolvedList, urls: ListUrls, row: ListRow, context: RowContext): RowView {
  const { now } = context;
  const { definition, address } = list;
  const fields = definition.fields;
  const editor = definition.editor;
  const node = listNode(address);
  const encoded = encodeURIComponent(row.key);
  let editHref = urls.item('edit', row.key);
  let duplicateHref: string | null = urls.item('duplicate', row.key);
  let detailAction: RowView['detailAction'] = null;
  if (editor.kind === 'detail') {
    const type = context.view === 'archive' && editor.archivedDetailType ? editor.archivedDetailType : editor.detailType;
    editHref = `/detail/${encodeURIComponent(type)}/${encodeURIComponent(node)}/${encoded}`;
    duplicateHref = `${editHref}/duplicate`;
    const action = editor.detailAction;
    if (action && row.item[action.field]) detailAction = { label: action.label, href: `${editHref}/${encodeURIComponent(action.action)}` };
  } else if (editor.kind === 'menu-item') {
    // A submenu's items are edited in the home grid showing that submenu (its tiles' pencils).
    editHref = `/?section=${encodeURIComponent(address.base)}`;
    duplicateHref = null;
  } else if (editor.kind === 'linked') {
    duplicateHref = null;
  }
  const dated = definition.dated;
  const end = dated ? numberAt(row.item, dated.endField) : 0;
  const recurrenceId = row.item.recurrenceId;
  const details = list.rowDetails?.(row.item, context) ?? {};
  return {
    key: row.key,
    title: itemText(row.item, fields.title) ?? '(untitled)',
    subtitle: fields.subtitle ? itemText(row.item, fields.subtitle) : null,
    image: fields.image ? imageUrl(itemText(row.item, fields.image)) : null,
    editHref,
    duplicateHref,
    deleteHref: editor.kind === 'linked' ? null : urls.item('delete', row.key),
    // The archive holds only passed rows: there they are not marked (spec 03 "Public calendar events").
    passed: Boolean(dated) && context.view !== 'archive' && end > 0 && end <= now,
    when: dated?.startField ? whenText(numberAt(row.item, dated.startField), end, row.item.allDay === true, context.timeZone) : null,
    detailAction,
    recurrenceHref:
      definition.filters.includes('recurrence') && typeof recurrenceId === 'string' && isValidKey(recurrenceId)
        ? `${urls.list.split('?')[0]}?recurrence=${encodeURIComponent(recurrenceId)}`
        : null,
    day: definition.groupByStartDay && dated?.startField ? rowDay(numberAt(row.item, dated.startField), context.timeZone) : null,
    notes: [],
    ...details,
  };
}

function pageSizeFor(list: ResolvedList, more: number): number {
  const { first, next } = list.definition.pageSizes;
  return first + more * next;
}

/** The screen of one list: header, tabs, filters, the first chunk (and `more` later ones), select-all. */
export async function loadListScreen(request: Request, list: ResolvedList): Promise<ListScreenData> {
  const { db, paths } = await getServices();
  const url = new URL(request.url);
  const { definition } = list;
  const [header, { filters, view, timeZone }] = await Promise.all([
    db.ref(list.headerNode ?? paths.headerInfo(list.staff.community, list.headerContext)).get(),
    listFiltersOf(url, list),
  ]);
  const urls = listUrls(list.location, url.searchParams);
  view.clearHref = urls.view(view.view ?? 'active');
  view.searchHint = definition.fields.locationTitle ? 'Title, description or location' : 'Title or description';
  const moreParam = Number.parseInt(url.searchParams.get('more') ?? '0', 10);
  const more = Number.isFinite(moreParam) ? Math.min(Math.max(moreParam, 0), MAX_MORE) : 0;
  const now = Date.now();
  const context: RowContext = { view: view.view, timeZone, now };

  const sorting = url.pathname.endsWith('/sort') && definition.sortable;
  const page = sorting
    ? await readPage(db, paths, list.address, { filters: {}, after: null, limit: MAX_SORT_ROWS, now })
    : await readPage(db, paths, list.address, { filters, after: null, limit: pageSizeFor(list, more), now });
  let selectAll: SelectAllView | null = null;
  if (url.searchParams.get('all') === '1') {
    const matched = await matchingKeys(db, paths, list.address, filters, { max: LOAD_ALL_SIZE, now });
    selectAll = { count: matched.keys.length, truncated: matched.truncated, clearHref: urls.list };
  }
  const withQuery = (extra: Record<string, string | null>) => `${urls.list.split('?')[0]}${filterQuery(url.searchParams, extra)}`;
  const headerInfo = headerView(header.val(), imageUrl);
  return {
    title: list.title,
    itemName: definition.itemName,
    emptyMessage: definition.emptyMessage,
    loadingText: definition.loadingText,
    header: headerInfo,
    slide: slideIndex(url.searchParams.get('slide'), headerInfo.slides.length),
    tabs: list.tabs.map((tab) => ({ id: tab.id, title: tab.title, href: urls.tab(tab.id), current: tab.id === list.address.tab?.id })),
    links: {
      list: urls.list,
      path: urls.list.split('?')[0] ?? urls.list,
      sort: urls.action('sort'),
      headerImages: urls.action('header-images'),
      rows: urls.rows,
      otherView: view.view === null ? null : urls.view(view.view === 'archive' ? 'active' : 'archive'),
      configEvents: configEventsHref(list, urls),
    },
    filters: view,
    rows: page.rows.map((row) => rowView(list, urls, row, context)),
    next: page.next,
    moreHref: page.next ? withQuery({ more: String(more + 1) }) : null,
    nextSize: definition.pageSizes.next,
    selectAll,
    selectAllHref: withQuery({ all: '1' }),
    sortable: definition.sortable,
    addHref: addHrefOf(list, urls),
    bulkAction: bulkActionOf(list, urls, url),
    sort: sorting
      ? {
          rows: page.rows.map((row) => rowView(list, urls, row, context)),
          tooMany: page.next !== null,
          moved: url.searchParams.get('moved'),
          action: urls.action('sort'),
          doneHref: urls.list,
        }
      : null,
  };
}

/**
 * Where the bulk form posts: the list's layout route. A menu list's tab address
 * (`/list/…/:tab`) ends in the tab's index route, which takes no post, so a tabbed menu list
 * posts to `/list/:menuId/:gridMenuKey?tab=…` (the layout, its tab in the query).
 */
function bulkActionOf(list: ResolvedList, urls: ListUrls, url: URL): string {
  const location = list.location;
  if (location.family === 'list' && location.tab !== null) {
    const base = `/list/${encodeURIComponent(location.menuId)}/${encodeURIComponent(location.gridMenuKey)}`;
    return `${base}${filterQuery(url.searchParams, { tab: location.tab })}`;
  }
  return `${urls.list.split('?')[0]}${filterQuery(url.searchParams)}`;
}

/** The config.events action's address: lists with an events config, reached from a menu item (its route is under `/list/…/:tab`). */
function configEventsHref(list: ResolvedList, urls: ListUrls): string | null {
  if (!list.definition.eventsConfig || list.location.family !== 'list') return null;
  return urls.action('config.events');
}

function addHrefOf(list: ResolvedList, urls: ListUrls): string {
  const editor = list.definition.editor;
  if (editor.kind === 'detail') return `/detail/${encodeURIComponent(editor.detailType)}/${encodeURIComponent(listNode(list.address))}`;
  if (editor.kind === 'menu-item') return `/?section=${encodeURIComponent(list.address.base)}`;
  return urls.action('add');
}

/** The next chunk after `?after=` (infinite scroll): rows and the cursor after them. */
export async function loadRows(request: Request, list: ResolvedList): Promise<{ rows: RowView[]; next: string | null }> {
  const { db, paths } = await getServices();
  const url = new URL(request.url);
  const { filters, view, timeZone } = await listFiltersOf(url, list);
  const after = url.searchParams.get('after');
  const urls = listUrls(list.location, url.searchParams);
  const now = Date.now();
  const context: RowContext = { view: view.view, timeZone, now };
  try {
    const page = await readPage(db, paths, list.address, { filters, after, limit: list.definition.pageSizes.next, now });
    return { rows: page.rows.map((row) => rowView(list, urls, row, context)), next: page.next };
  } catch (error) {
    if (error instanceof ListError) throw new Response('This list position is not valid. Reload the list.', { status: 400 });
    throw error;
  }
}

// ─── Bulk delete ──────────────────────────────────────────────────────────────────────────────

/**
 * Deletes items of the list in one update (spec 02 §4 "Deleting events and messages"): a
 * calendar's events and the legacy events lists by the events' own rules (server/events: every
 * calendar of an event, its recurrence, the feed's icsBuildTime), other lists by the engine.
 */
export async function deleteListed(
  list: ResolvedList,
  keys: readonly string[],
  view: ListView | null,
): Promise<{ archived: number; removed: number }> {
  const deps = await getServices();
  const now = Date.now();
  const { source } = list.definition;
  const community = list.staff.community;
  if (source.kind === 'calendar') {
    return bulkDeleteEvents(deps, { community, calendarId: list.address.base, keys, view: view ?? 'active', now });
  }
  const node = listNode(list.address);
  if (list.definition.dated && isLegacySection(node)) {
    return deleteLegacyEvents(deps, { community, section: node, keys, view: view ?? 'active', now });
  }
  return deleteItems(deps.db, deps.paths, list.address, keys, { view, now });
}

const KeySchema = z.string().max(768).refine(isValidKey, 'Not a valid item key.');

export const BulkSchema = z.object({
  intent: z.literal('delete-selected'),
  key: z.array(KeySchema).max(MAX_POSTED_KEYS).default([]),
  all: z.literal('1').optional(),
  confirmed: z.literal('1').optional(),
});

export interface BulkActionData {
  /** The confirmation to show before deleting (spec 02 §8). */
  confirm: { text: string; count: number; keys: string[]; all: boolean } | null;
  error: string | null;
}

export async function bulkAction(request: Request, list: ResolvedList) {
  const formData = await readForm(request, { schemas: BulkSchema });
  parseIntent(formData, BulkIntent);
  const parsed = BulkSchema.safeParse({
    intent: formData.get('intent'),
    key: formData.getAll('key'),
    all: formData.get('all') ?? undefined,
    confirmed: formData.get('confirmed') ?? undefined,
  });
  if (!parsed.success) {
    return answer<BulkActionData>(
      { confirm: null, error: 'The selection could not be read. Reload the list and select again.' },
      { status: 400 },
    );
  }
  const { db, paths } = await getServices();
  const url = new URL(request.url);
  const { filters, view } = await listFiltersOf(url, list);
  const all = parsed.data.all === '1';
  const keys = all ? (await matchingKeys(db, paths, list.address, filters, { max: LOAD_ALL_SIZE })).keys : [...new Set(parsed.data.key)];
  if (keys.length === 0) {
    return answer<BulkActionData>({ confirm: null, error: 'Select the items to delete first.' }, { status: 400 });
  }
  if (parsed.data.confirmed !== '1') {
    return answer<BulkActionData>({ confirm: { text: DELETE_SELECTED_TEXT, count: keys.length, keys: all ? [] : keys, all }, error: null });
  }
  const result = await deleteListed(list, keys, view.view);
  const message =
    result.archived > 0
      ? `${result.archived} ${result.archived === 1 ? 'item was' : 'items were'} moved to the archive.`
      : `${result.removed} ${result.removed === 1 ? 'item was' : 'items were'} deleted.`;
  return redirectWithToast(request, listUrls(list.location, url.searchParams).list, { kind: 'success', message });
}
