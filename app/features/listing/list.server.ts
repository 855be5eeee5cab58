import { data as answer } from '@remix-run/node';
import { fromZonedTime } from 'date-fns-tz';
import { z } from 'zod';
import { readForm } from '@server/http/form.server';
import {
  communityTimeZone,
  ListError,
  listUseCase,
  MAX_PAGE_SIZE,
  readListHeader,
  type ListFilters,
  type RowContext,
} from '@server/listing';
import { MAX_SORT_ROWS } from '@server/listing/sort-mode';
import { isValidKey } from '~/lib/db-key';
import { DEFAULT_TIME_ZONE, zonedDayKey } from '~/lib/event-times';
import { headerView, slideIndex } from '~/lib/header-info';
import { imageUrl } from '~/lib/image-url';
import { parseIntent } from '~/lib/intent';
import { DELETE_SELECTED_TEXT } from '~/lib/listing/editor-texts';
import { firstAddedRow, moreLink, parseMore, rowsShown } from '~/lib/listing/more';
import type { BulkActionData, FilterView, ListScreenData, RowView, SelectAllView } from '~/lib/listing/screen';
import type { ListView } from '~/lib/listing/types';
import { filterQuery, inPanel, listUrls, moreAnchor } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';
import { BulkIntent } from './intents';
import { addHrefOf, bulkActionOf, configEventsHref, filtersOf, rowView } from './list-view.server';
import type { ResolvedList } from './resolve.server';

/**
 * The list screen's server half (spec 02 "Listing routes", §4, §5; spec 01 §4.6, §9): the
 * rows of one chunk, the filters of the URL, select-all over every matching item, and bulk
 * delete, all through the list's source (server/listing/registry.ts), whatever its store. The
 * screen's layout route loads it; the right column's routes (actions, add/edit form, delete,
 * sort, header editor) sit beside it.
 */

/** Spec 01 §9: "load-all size 10000": select-all and bulk delete reach this many items at most. */
export const LOAD_ALL_SIZE = 10000;
/** Rows a bulk delete form may name one by one (select-all names none: it posts the filter). */
export const MAX_POSTED_KEYS = 1000;

/**
 * The filters of a list's address. The community's record is read only for a list with date
 * filters (its dates are days in the community's time zone), unless its resolver read it.
 */
export async function listFiltersOf(url: URL, list: ResolvedList): Promise<{ filters: ListFilters; view: FilterView; timeZone: string }> {
  const { definition } = list;
  let timeZone = list.timeZone ?? DEFAULT_TIME_ZONE;
  if (list.timeZone === undefined && (definition.filters.includes('date') || definition.dated?.startField)) {
    timeZone = await communityTimeZone(await getServices(), list.staff.community);
  }
  const parsed = filtersOf(url, definition.filters, timeZone, Boolean(definition.dated), list.view);
  // Events of today stay in the active view once they end, marked passed (spec 02 §4 "Views").
  if (definition.dated?.startField && parsed.filters.view === 'active') {
    parsed.filters.activeFrom = fromZonedTime(`${zonedDayKey(Date.now(), timeZone)}T00:00:00`, timeZone).getTime();
  }
  return { ...parsed, timeZone };
}

/** The screen of one list: header, tabs, filters, the first chunk (and `more` later ones), select-all. */
export async function loadListScreen(request: Request, list: ResolvedList): Promise<ListScreenData> {
  const services = await getServices();
  const lists = listUseCase(services);
  const url = new URL(request.url);
  const { definition } = list;
  const [header, { filters, view, timeZone }] = await Promise.all([
    readListHeader(services, list.staff.community, { context: list.headerContext, node: list.headerNode }),
    listFiltersOf(url, list),
  ]);
  const urls = listUrls(list.location, url.searchParams);
  view.clearHref = urls.view(view.view ?? 'active');
  view.searchHint = definition.searchHint ?? (definition.fields.locationTitle ? 'Title, description or location' : 'Title or description');
  // Without JavaScript, "More" adds a page of the first chunk's size (app/lib/listing/more.ts).
  const more = parseMore(url.searchParams.get('more'), definition.pageSizes, MAX_PAGE_SIZE);
  const now = Date.now();
  const context: RowContext = { view: view.view, timeZone, now };

  const sorting = url.pathname.endsWith('/sort') && definition.sortable;
  const [page, details] = await Promise.all([
    sorting
      ? lists.page(list, { filters: {}, after: null, limit: MAX_SORT_ROWS, now })
      : lists.page(list, { filters, after: null, limit: rowsShown(definition.pageSizes, more), now }),
    lists.rowDetails(list, context),
  ]);
  let selectAll: SelectAllView | null = null;
  if (url.searchParams.get('all') === '1') {
    const matched = await lists.count(list, filters, { max: LOAD_ALL_SIZE, now });
    selectAll = { count: matched.count, truncated: matched.truncated, clearHref: urls.list };
  }
  const withQuery = (extra: Record<string, string | null>) => `${urls.list.split('?')[0]}${filterQuery(url.searchParams, extra)}`;
  const headerInfo = headerView(header, imageUrl);
  const configEvents = configEventsHref(list, urls);
  const added = firstAddedRow(definition.pageSizes, more);
  const rows = () =>
    page.rows.map((row, index) => {
      const view = rowView(list, urls, row, context, details(row.item, row.key));
      return index === added ? { ...view, anchor: moreAnchor(more) } : view;
    });
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
      sort: inPanel(urls.action('sort')),
      headerImages: inPanel(urls.action('header-images')),
      rows: urls.rows,
      otherView: view.view === null ? null : urls.view(view.view === 'archive' ? 'active' : 'archive'),
      configEvents: configEvents ? inPanel(configEvents) : null,
    },
    filters: view,
    rows: rows(),
    next: page.next,
    moreHref: moreLink(definition.pageSizes, more, page.next !== null, MAX_PAGE_SIZE, (value) => withQuery({ more: value })),
    nextSize: definition.pageSizes.next,
    selectAll,
    selectAllHref: withQuery({ all: '1' }),
    sortable: definition.sortable,
    addHref: addHrefOf(list, urls),
    bulkAction: bulkActionOf(list, urls, url),
    sort: sorting
      ? {
          rows: rows(),
          tooMany: page.next !== null,
          moved: url.searchParams.get('moved'),
          action: urls.action('sort'),
          doneHref: urls.list,
        }
      : null,
  };
}

/** The next chunk after `?after=` (infinite scroll): rows and the cursor after them. */
export async function loadRows(request: Request, list: ResolvedList): Promise<{ rows: RowView[]; next: string | null }> {
  const lists = listUseCase(await getServices());
  const url = new URL(request.url);
  const { filters, view, timeZone } = await listFiltersOf(url, list);
  const after = url.searchParams.get('after');
  const urls = listUrls(list.location, url.searchParams);
  const now = Date.now();
  const context: RowContext = { view: view.view, timeZone, now };
  try {
    const page = await lists.page(list, { filters, after, limit: list.definition.pageSizes.next, now });
    const details = await lists.rowDetails(list, context);
    return { rows: page.rows.map((row) => rowView(list, urls, row, context, details(row.item, row.key))), next: page.next };
  } catch (error) {
    if (error instanceof ListError) throw new Response('This list position is not valid. Reload the list.', { status: 400 });
    throw error;
  }
}

// ─── Bulk delete ──────────────────────────────────────────────────────────────────────────────

/**
 * Deletes items of the list in one update (spec 02 §4 "Deleting events and messages"), by its
 * source's rules (a calendar's events and the legacy events lists: every calendar of an event,
 * its recurrence, the feed's icsBuildTime; other lists: the engine's archive or remove).
 */
export async function deleteListed(
  list: ResolvedList,
  keys: readonly string[],
  view: ListView | null,
): Promise<{ archived: number; removed: number }> {
  return listUseCase(await getServices()).remove(list, keys, { view, now: Date.now() });
}

const KeySchema = z.string().max(768).refine(isValidKey, 'Not a valid item key.');

export const BulkSchema = z.object({
  intent: z.literal('delete-selected'),
  key: z.array(KeySchema).max(MAX_POSTED_KEYS).default([]),
  all: z.literal('1').optional(),
  confirmed: z.literal('1').optional(),
});

export async function bulkAction(request: Request, list: ResolvedList, read?: FormData) {
  const formData = read ?? (await readForm(request, { schemas: BulkSchema }));
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
  const url = new URL(request.url);
  const { filters, view } = await listFiltersOf(url, list);
  const all = parsed.data.all === '1';
  const lists = listUseCase(await getServices());
  const keys = all ? (await lists.matchingKeys(list, filters, { max: LOAD_ALL_SIZE })).keys : [...new Set(parsed.data.key)];
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
