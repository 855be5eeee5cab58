/** The listing engine (server side of the listing framework): see ./engine.ts. */
export { LOAD_ALL_SIZE, MAX_PAGE_SIZE, MAX_REORDER_SIZE, listPath, type ListAddress } from './address';
export * from './engine';
export * from './ordering';
export { fieldValue, htmlText, listPredicate } from './filters';
export {
  LIST_SOURCES,
  listUseCase,
  MESSAGES_LIST_KEY,
  ENTRIES_LIST_KEY,
  ORDERS_LIST_KEY,
  USERS_LIST_KEY,
  USER_MANAGEMENT_LIST_KEY,
  DOLLARS_ACCOUNTS_LIST_KEY,
  REWARDS_USERS_LIST_KEY,
  SPLASH_LIST_KEY,
  ADS_LIST_KEY,
  EMAIL_TEMPLATES_LIST_KEY,
  type ListSourceKey,
  type ListSources,
  type ListUseCase,
  type SourcedList,
} from './registry';
export * from './source';
export { rowsSource, type RowsStore } from './sources/rows';
export { communityTimeZone, readCalendarConfig, readListHeader, remoteGrantsOf } from './reads';
export { readScheduledSummary } from './sources/messages';
