import type { ListContextKey } from '~/lib/listing/contexts';
import type { ListAddress } from './address';
import { ListError } from './cursor';
import type { ListPage } from './engine';
import type { ListFilters } from './filters';
import type {
  ListDeps,
  ListSorter,
  ListSourceAdapter,
  MatchOptions,
  PageOptions,
  RemoveOptions,
  RemoveResult,
  RowContext,
  RowDetails,
} from './source';
import { DATABASE_SOURCE } from './sources/database';
import { CALENDAR_EVENTS_SOURCE, LEGACY_EVENTS_SOURCE } from './sources/events';
import { MESSAGES_SOURCE } from './sources/messages';

/** The key of the messages lists (their definitions are per area and view, not in the list context registry). */
export const MESSAGES_LIST_KEY = 'messages';

/** Every list the list screen serves: the list contexts (app/lib/listing/contexts.ts) and the messages lists. */
export type ListSourceKey = ListContextKey | typeof MESSAGES_LIST_KEY;

export type ListSources = Readonly<Record<string, ListSourceAdapter>>;

/** The source of every list, by its context: a new context without one does not compile. */
export const LIST_SOURCES = {
  faqs: DATABASE_SOURCE,
  history: DATABASE_SOURCE,
  regulations: DATABASE_SOURCE,
  simple: DATABASE_SOURCE,
  contacts: DATABASE_SOURCE,
  dining: DATABASE_SOURCE,
  recreation: DATABASE_SOURCE,
  services: DATABASE_SOURCE,
  attractions: DATABASE_SOURCE,
  reservations: DATABASE_SOURCE,
  business: DATABASE_SOURCE,
  categorygrid: DATABASE_SOURCE,
  locations: DATABASE_SOURCE,
  store: DATABASE_SOURCE,
  bookings: DATABASE_SOURCE,
  events: LEGACY_EVENTS_SOURCE,
  'calendar-events': CALENDAR_EVENTS_SOURCE,
  category: DATABASE_SOURCE,
  'user-group': DATABASE_SOURCE,
  'systemwide-category': DATABASE_SOURCE,
  'systemwide-user-group': DATABASE_SOURCE,
  [MESSAGES_LIST_KEY]: MESSAGES_SOURCE,
} as const satisfies Record<ListSourceKey, ListSourceAdapter>;

/** A list as the use case names it: its context (the registry's key) and its address. */
export interface SourcedList {
  key: string;
  address: ListAddress;
}

/**
 * The list use case: page, count, select-all, delete, sort and row details of a list, through
 * the adapter its context names; the caller never knows the store. `sources` is the registry
 * (a test adds its own contexts).
 */
export function listUseCase(deps: ListDeps, sources: ListSources = LIST_SOURCES) {
  const sourceOf = (list: SourcedList): ListSourceAdapter => {
    const source = Object.hasOwn(sources, list.key) ? sources[list.key] : undefined;
    if (!source) throw new ListError(`"${list.key}" is not a list with a source.`);
    return source;
  };
  const sorterOf = (list: SourcedList): ListSorter => {
    const sorter = sourceOf(list).sort;
    if (!sorter) throw new ListError('This list is not sorted by hand.');
    return sorter;
  };
  return {
    page: (list: SourcedList, options: PageOptions): Promise<ListPage> => sourceOf(list).readPage(deps, list.address, options),
    count: (list: SourcedList, filters: ListFilters, options?: MatchOptions) => sourceOf(list).count(deps, list.address, filters, options),
    matchingKeys: (list: SourcedList, filters: ListFilters, options?: MatchOptions) =>
      sourceOf(list).matchingKeys(deps, list.address, filters, options),
    remove: (list: SourcedList, keys: readonly string[], options: RemoveOptions): Promise<RemoveResult> =>
      sourceOf(list).remove(deps, list.address, keys, options),
    /** Whether the source is sorted by hand (sort mode's writes below throw ListError otherwise). */
    sortable: (list: SourcedList): boolean => sourceOf(list).sort !== undefined,
    move: (list: SourcedList, key: string, direction: 'up' | 'down') => sorterOf(list).move(deps, list.address, key, direction),
    reorder: (list: SourcedList, keys: readonly string[]) => sorterOf(list).reorder(deps, list.address, keys),
    sortAlphabetically: (list: SourcedList) => sorterOf(list).alphabetical(deps, list.address),
    /** What the source adds to each row (none: nothing). */
    rowDetails: async (list: SourcedList, context: RowContext): Promise<(item: Record<string, unknown>) => RowDetails> => {
      const details = sourceOf(list).rowDetails;
      return details ? details(deps, list.address, context) : () => ({});
    },
  };
}

export type ListUseCase = ReturnType<typeof listUseCase>;
