import { DOLLARS_ACCOUNTS_SOURCE } from '@server/dollars/store';
import { ENTRIES_SOURCE } from '@server/entries/store';
import { EMAIL_TEMPLATES_SOURCE } from '@server/mail/templates-list';
import { ORDERS_SOURCE } from '@server/orders/store';
import { ADS_SOURCE, SPLASH_SOURCE } from '@server/promos/store';
import { REWARDS_USERS_SOURCE } from '@server/rewards/users';
import { USER_MANAGEMENT_SOURCE, USERS_SOURCE } from '@server/users/store';
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

/** The key of the guest entries lists (`/scrollerEntries/…`: their definitions are per item, server/entries/list.ts). */
export const ENTRIES_LIST_KEY = 'entries';

/** The key of the store orders list (`/listnm/orders`: its definition is app/features/orders, its routes its own). */
export const ORDERS_LIST_KEY = 'orders';

/** The users lists (`/listnm/users`, `/listnm/usermgmt`: their definitions are app/features/users, their routes their own; decision 040). */
export const USERS_LIST_KEY = 'users';
export const USER_MANAGEMENT_LIST_KEY = 'usermgmt';

/** The Dollars Accounts Status list (`/listnm/dollarsaccountstatus`: its definition is app/features/dollars, its routes its own; decision 041). */
export const DOLLARS_ACCOUNTS_LIST_KEY = 'dollarsaccountstatus';

/** The rewards users list (`/listnm/rewards-users`: its definition is app/features/rewards, its routes its own; decision 041). */
export const REWARDS_USERS_LIST_KEY = 'rewards-users';

/** Splash screens and banner ads (`/listnm/splashscreen`, `/listnm/ads`: their definitions are app/features/promos, their routes their own; decision 042). */
export const SPLASH_LIST_KEY = 'splashscreen';
export const ADS_LIST_KEY = 'ads';

/** E-mail templates (`/listnm/email`: its definition is app/features/email-templates, its routes its own; decision 046). */
export const EMAIL_TEMPLATES_LIST_KEY = 'email';

/** Every list the list screen serves: the list contexts (app/lib/listing/contexts.ts), the messages, the entries and the orders lists. */
export type ListSourceKey =
  | ListContextKey
  | typeof MESSAGES_LIST_KEY
  | typeof ENTRIES_LIST_KEY
  | typeof ORDERS_LIST_KEY
  | typeof USERS_LIST_KEY
  | typeof USER_MANAGEMENT_LIST_KEY
  | typeof DOLLARS_ACCOUNTS_LIST_KEY
  | typeof REWARDS_USERS_LIST_KEY
  | typeof SPLASH_LIST_KEY
  | typeof ADS_LIST_KEY
  | typeof EMAIL_TEMPLATES_LIST_KEY;

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
  rewards: DATABASE_SOURCE,
  'custom-forms': DATABASE_SOURCE,
  forms: DATABASE_SOURCE,
  hunts: DATABASE_SOURCE,
  events: LEGACY_EVENTS_SOURCE,
  'calendar-events': CALENDAR_EVENTS_SOURCE,
  category: DATABASE_SOURCE,
  'user-group': DATABASE_SOURCE,
  'systemwide-category': DATABASE_SOURCE,
  'systemwide-user-group': DATABASE_SOURCE,
  [MESSAGES_LIST_KEY]: MESSAGES_SOURCE,
  [ENTRIES_LIST_KEY]: ENTRIES_SOURCE,
  [ORDERS_LIST_KEY]: ORDERS_SOURCE,
  [USERS_LIST_KEY]: USERS_SOURCE,
  [USER_MANAGEMENT_LIST_KEY]: USER_MANAGEMENT_SOURCE,
  [DOLLARS_ACCOUNTS_LIST_KEY]: DOLLARS_ACCOUNTS_SOURCE,
  [REWARDS_USERS_LIST_KEY]: REWARDS_USERS_SOURCE,
  [SPLASH_LIST_KEY]: SPLASH_SOURCE,
  [ADS_LIST_KEY]: ADS_SOURCE,
  [EMAIL_TEMPLATES_LIST_KEY]: EMAIL_TEMPLATES_SOURCE,
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
    rowDetails: async (list: SourcedList, context: RowContext): Promise<(item: Record<string, unknown>, key: string) => RowDetails> => {
      const details = sourceOf(list).rowDetails;
      return details ? details(deps, list.address, context) : () => ({});
    },
  };
}

export type ListUseCase = ReturnType<typeof listUseCase>;
