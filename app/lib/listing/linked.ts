import type { ListContextDefinition } from './types';

/** What a linked list says of itself; the rest is the same for every one of them. */
export type LinkedListOptions = Pick<
  ListContextDefinition,
  'title' | 'itemName' | 'fields' | 'permission' | 'emptyMessage' | 'loadingText'
> &
  Partial<Pick<ListContextDefinition, 'order' | 'filters' | 'pageSizes' | 'searchHint' | 'dated'>>;

/**
 * A list with routes of its own (users, orders, entries, dollars, rewards, promos, e-mail
 * templates): rows read through its source adapter, opened in the right column by a link (the
 * editor is the list's own route), never sorted by staff, opened by no menu item type.
 * By default keyed order, the text filter, 50 rows then 25.
 */
export function linkedListDefinition(options: LinkedListOptions): ListContextDefinition {
  return {
    tabs: [],
    source: { kind: 'adapter' },
    order: { by: 'key' },
    filters: ['text'],
    pageSizes: { first: 50, next: 25 },
    editor: { kind: 'linked' },
    sortable: false,
    menuTypes: [],
    ...options,
  };
}
