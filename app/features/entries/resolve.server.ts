import { requireStaff } from '@server/authz';
import { ENTRIES_PAGE_SIZE } from '@server/entries/rules';
import { ENTRY_CONTEXTS, isEntryContext, readEntryItem, type EntryItem } from '@server/entries/store';
import { notFound } from '@server/http/responses';
import { communityTimeZone, ENTRIES_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import { linkedListDefinition } from '~/lib/listing/linked';
import type { ListContextDefinition, ListView } from '~/lib/listing/types';
import { getServices } from '~/services.server';

type Params = Record<string, string | undefined>;

/** The entries list as its address names it, with the item it belongs to. */
export interface ResolvedEntries extends ResolvedList {
  item: EntryItem;
  view: ListView;
  timeZone: string;
}

/**
 * The entries list of one item (spec 02 "Guest entries"): 25 a page, the active and archived
 * views by completion, filters on any text answer, the sender (name, e-mail or id), the
 * submission dates and, for RSVP forms, the event. Rows open the entry in the right column;
 * Delete Selected removes entries. The definition is made per item (like the messages lists):
 * entries are no `/listnm` context of their own.
 */
export function entriesDefinition(item: EntryItem): ListContextDefinition {
  return linkedListDefinition({
    title: item.title,
    itemName: 'Entry',
    order: { by: 'child', child: 'createDate', newestFirst: true },
    fields: { title: 'loggedInEmail' },
    filters: item.kind === 'rsvp' ? ['text', 'person', 'date', 'event'] : ['text', 'person', 'date'],
    pageSizes: { first: ENTRIES_PAGE_SIZE, next: ENTRIES_PAGE_SIZE },
    permission: 'staff',
    emptyMessage: 'No entries yet.',
    loadingText: 'Loading entries',
    // Two views like a dated list: the entries' own predicate reads them by completion
    // (server/entries/rules.ts entryView), not by an end time; `completed` is never a time.
    dated: { endField: 'completed' },
  });
}

/**
 * `/scrollerEntries/:context/view/:itemId[/…]`: staff of the community (spec 02 §6; hunt
 * grading needs editor or admin, which every staff member is). An unknown context or item is 404.
 */
export async function resolveEntries(request: Request, params: Params): Promise<ResolvedEntries> {
  const context = params.context;
  if (!isEntryContext(context)) throw notFound();
  const staff = await requireStaff(request);
  const services = await getServices();
  const item = await readEntryItem(services, staff.community, context, params.itemId ?? '');
  if (!item) throw notFound();
  const view: ListView = new URL(request.url).searchParams.get('view') === 'archive' ? 'archive' : 'active';
  const definition = entriesDefinition(item);
  return {
    staff,
    key: ENTRIES_LIST_KEY,
    definition,
    location: { family: 'entries', context, itemId: item.key, view },
    address: {
      community: staff.community,
      definition,
      base: item.key,
      tab: null,
      entries: { context: ENTRY_CONTEXTS[context].node, item: item.key },
    },
    title: item.title,
    tabs: [],
    headerContext: item.key,
    view,
    timeZone: await communityTimeZone(services, staff.community),
    item,
  };
}
