import type { HeaderView } from '~/lib/header-info';
import type { RowDay } from './groups';
import type { FilterKind, ListView, RowNote } from './types';

/**
 * The list screen's data (spec 02 "Listing routes", §4, §5; spec 01 §4.6, §9), as its loader
 * sends it to the browser: the rows of one chunk, the filters, select-all, the screen's
 * addresses, sort mode, and the answer of Delete Selected. The list screen
 * (app/features/listing/list-screen.tsx) renders it; its server half builds it.
 */

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
  /** The anchor of the first row a no-JavaScript "More" added (the "More" link leads to it). */
  anchor?: string;
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
  /** The person filter's text (lists with it: guest entries). */
  who?: string;
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

export interface BulkActionData {
  /** The confirmation to show before deleting (spec 02 §8). */
  confirm: { text: string; count: number; keys: string[]; all: boolean } | null;
  error: string | null;
}
