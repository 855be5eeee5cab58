import { CALENDAR_EVENT_PAGE_SIZES, LEGACY_EVENT_PAGE_SIZES } from '~/schemas/event';
import {
  BOOKING_EDITOR,
  CATEGORY_EDITOR,
  CONTACT_EDITOR,
  CUSTOM_FORM_EDITOR,
  HUNT_EDITOR,
  LOCATION_EDITOR,
  REWARDS_ITEM_EDITOR,
  SIMPLE_EDITOR,
  STORE_ITEM_EDITOR,
  USER_GROUP_EDITOR,
} from './editors';
import { GENERIC_PAGE_SIZES, type ItemFields, type ListContextDefinition, type ListTab } from './types';

/**
 * The list context registry (decision 009; spec 02 "Listing routes (shared by all lists)";
 * spec 03 §9 list-screen mappings): one entry per list the screen serves. Keys are the
 * `/listnm/:context` words. For a 'section' source opened by `/listnm/{key}` the section base is
 * the key and the tabs are the entry's; opened from a menu item (`/list/{menuId}/{uniqueId}`),
 * the base is the item's and so are its tabs.
 */

const tabs = (...titles: string[]): ListTab[] => titles.map((title) => ({ id: title.toLowerCase(), title }));

/** What every content list shares: undated, text filter, generic page sizes, staff, sorted by hand. */
const CONTENT = {
  filters: ['text'],
  pageSizes: GENERIC_PAGE_SIZES,
  permission: 'staff',
  order: { by: 'ordinal' },
  sortable: true,
} as const satisfies Pick<ListContextDefinition, 'filters' | 'pageSizes' | 'permission' | 'order' | 'sortable'>;

/** Simple lists: title and rich description. */
const SIMPLE_FIELDS: ItemFields = { title: 'title', description: 'description' };
/** Rows of detail items (businesses and places): their editor is the business detail editor. */
const DETAIL_FIELDS: ItemFields = { title: 'title', subtitle: 'address', description: 'description', image: 'drawable' };
const DETAIL_EDITOR = { kind: 'detail', detailType: 'business' } as const;

/**
 * Forms and hunts: keyed by name (the menu item's uniqueId, an event's rsvpFormKey or huntKey),
 * listed by key, not sorted by hand; a menu item of type form or hunts opens its record's editor.
 */
const GUEST_FORMS = {
  tabs: [],
  order: { by: 'key' },
  filters: ['text'],
  pageSizes: GENERIC_PAGE_SIZES,
  permission: 'staff',
  sortable: false,
  menuTypes: [],
} as const satisfies Pick<ListContextDefinition, 'tabs' | 'order' | 'filters' | 'pageSizes' | 'permission' | 'sortable' | 'menuTypes'>;

/** What both events lists share: dated (active and archive views), staff, not sorted by hand. */
const EVENTS = {
  itemName: 'Event',
  fields: { title: 'title', description: 'description', locationTitle: 'location' },
  permission: 'staff',
  emptyMessage: 'There are no events yet.',
  loadingText: 'Loading events',
  sortable: false,
  dated: { endField: 'endDate', durationField: 'endDateDuration', startField: 'startDate' },
} as const satisfies Pick<
  ListContextDefinition,
  'itemName' | 'fields' | 'permission' | 'emptyMessage' | 'loadingText' | 'sortable' | 'dated'
>;
const EVENT_EDITOR = { kind: 'detail', detailType: 'events', archivedDetailType: 'eventsArchived' } as const;

/** Message topics of one type, in the community or in the system-wide data area. */
function topics(type: 'category' | 'user-group', scope: 'community' | 'system') {
  const where = { child: 'type', equals: type };
  return {
    tabs: [],
    source:
      scope === 'system'
        ? { kind: 'system', node: ['messages-config', 'topics'], where }
        : { kind: 'node', node: ['messages-config', 'topics'], where },
    order: { by: 'key' },
    fields: { title: 'title', description: 'description' },
    filters: ['text'],
    pageSizes: GENERIC_PAGE_SIZES,
    permission: scope === 'system' ? 'system-admin' : 'staff',
    editor: type === 'category' ? CATEGORY_EDITOR : USER_GROUP_EDITOR,
    sortable: false,
    menuTypes: [],
  } as const satisfies Omit<ListContextDefinition, 'title' | 'itemName' | 'emptyMessage' | 'loadingText'>;
}

export const LIST_CONTEXTS = {
  // ─── Simple lists ───────────────────────────────────────────────────────────────────────
  faqs: {
    ...CONTENT,
    title: 'FAQs',
    itemName: 'FAQ',
    tabs: [],
    source: { kind: 'section' },
    fields: SIMPLE_FIELDS,
    editor: SIMPLE_EDITOR,
    emptyMessage: 'There are no FAQs yet.',
    loadingText: 'Loading FAQs',
    menuTypes: ['faqs'],
  },
  history: {
    ...CONTENT,
    title: 'History',
    itemName: 'History Item',
    tabs: [],
    source: { kind: 'section' },
    fields: SIMPLE_FIELDS,
    editor: SIMPLE_EDITOR,
    emptyMessage: 'There is no history yet.',
    loadingText: 'Loading history',
    menuTypes: ['history'],
  },
  regulations: {
    ...CONTENT,
    title: 'Regulations',
    itemName: 'Regulation',
    tabs: [],
    source: { kind: 'section' },
    fields: SIMPLE_FIELDS,
    editor: SIMPLE_EDITOR,
    emptyMessage: 'There are no regulations yet.',
    loadingText: 'Loading regulations',
    menuTypes: ['regulations'],
  },
  simple: {
    ...CONTENT,
    title: 'Expandable Listing',
    itemName: 'Item',
    tabs: [],
    source: { kind: 'section' },
    fields: SIMPLE_FIELDS,
    editor: SIMPLE_EDITOR,
    emptyMessage: 'There are no items yet.',
    loadingText: 'Loading items',
    menuTypes: ['simple'],
  },

  // ─── Contact info ───────────────────────────────────────────────────────────────────────
  contacts: {
    ...CONTENT,
    title: 'Contacts',
    itemName: 'Contact',
    tabs: tabs('Offices', 'Emergency'),
    source: { kind: 'section' },
    fields: { title: 'name', subtitle: 'position' },
    editor: CONTACT_EDITOR,
    emptyMessage: 'There are no contacts yet.',
    loadingText: 'Loading contacts',
    menuTypes: ['contacts'],
  },

  // ─── Detail-item lists (the business detail editor) ─────────────────────────────────────
  dining: {
    ...CONTENT,
    title: 'Dining',
    itemName: 'Listing',
    tabs: tabs('Resort', 'Delivery', 'Local'),
    source: { kind: 'section' },
    fields: DETAIL_FIELDS,
    editor: DETAIL_EDITOR,
    emptyMessage: 'There are no dining listings yet.',
    loadingText: 'Loading dining',
    menuTypes: ['dining'],
  },
  recreation: {
    ...CONTENT,
    title: 'Recreation',
    itemName: 'Listing',
    tabs: tabs('Resort', 'Local'),
    source: { kind: 'section' },
    fields: DETAIL_FIELDS,
    editor: DETAIL_EDITOR,
    emptyMessage: 'There are no recreation listings yet.',
    loadingText: 'Loading recreation',
    menuTypes: ['recreation'],
  },
  services: {
    ...CONTENT,
    title: 'Services',
    itemName: 'Listing',
    tabs: tabs('Resort', 'Local'),
    source: { kind: 'section' },
    fields: DETAIL_FIELDS,
    editor: DETAIL_EDITOR,
    emptyMessage: 'There are no services yet.',
    loadingText: 'Loading services',
    menuTypes: ['services'],
  },
  attractions: {
    ...CONTENT,
    title: 'Attractions',
    itemName: 'Listing',
    tabs: [],
    source: { kind: 'section' },
    fields: DETAIL_FIELDS,
    editor: DETAIL_EDITOR,
    emptyMessage: 'There are no attractions yet.',
    loadingText: 'Loading attractions',
    menuTypes: ['attractions'],
  },
  reservations: {
    ...CONTENT,
    title: 'Reservations',
    itemName: 'Listing',
    tabs: tabs('Lodging', 'Miscellaneous'),
    source: { kind: 'section' },
    fields: DETAIL_FIELDS,
    editor: DETAIL_EDITOR,
    emptyMessage: 'There are no reservation listings yet.',
    loadingText: 'Loading reservations',
    menuTypes: ['reservations'],
  },
  business: {
    ...CONTENT,
    title: 'Business Listing',
    itemName: 'Listing',
    tabs: [],
    source: { kind: 'section' },
    fields: DETAIL_FIELDS,
    editor: DETAIL_EDITOR,
    emptyMessage: 'There are no business listings yet.',
    loadingText: 'Loading listings',
    menuTypes: ['business'],
  },

  // ─── Category grid: a submenu's menu items (sorted on the home screen, not here) ────────
  categorygrid: {
    ...CONTENT,
    title: 'Submenu',
    itemName: 'Menu Item',
    tabs: [],
    source: { kind: 'section' },
    order: { by: 'key' },
    fields: { title: 'name' },
    editor: { kind: 'menu-item' },
    emptyMessage: 'There are no menu items yet.',
    loadingText: 'Loading menu items',
    sortable: false,
    menuTypes: ['categorygrid'],
  },

  // ─── Fixed nodes of the community ───────────────────────────────────────────────────────
  locations: {
    ...CONTENT,
    title: 'Locations',
    itemName: 'Location',
    tabs: [],
    source: { kind: 'node', node: ['locations'] },
    fields: { title: 'title', subtitle: 'address' },
    editor: LOCATION_EDITOR,
    emptyMessage: 'There are no locations yet.',
    loadingText: 'Loading locations',
    menuTypes: [],
  },
  store: {
    ...CONTENT,
    title: 'Store Items',
    itemName: 'Store Item',
    tabs: [],
    source: { kind: 'node', node: ['store'] },
    fields: { title: 'title', description: 'description', image: 'drawable' },
    editor: STORE_ITEM_EDITOR,
    emptyMessage: 'There are no store items yet.',
    loadingText: 'Loading store items',
    menuTypes: ['store'],
  },
  bookings: {
    ...CONTENT,
    title: 'Bookings',
    itemName: 'Booking',
    tabs: [],
    source: { kind: 'node', node: ['bookings'] },
    fields: { title: 'title', description: 'description' },
    editor: BOOKING_EDITOR,
    emptyMessage: 'There are no bookings yet.',
    loadingText: 'Loading bookings',
    menuTypes: [],
  },

  // Rewards to earn and to redeem (spec 03 §9 "rewards earn/redeem"; decision 041): the
  // sections `rewards-earn` and `rewards-redeem`, beside the rewards config (`rewards/config`).
  rewards: {
    ...CONTENT,
    title: 'Rewards',
    itemName: 'Reward',
    tabs: tabs('Earn', 'Redeem'),
    source: { kind: 'section' },
    fields: { title: 'title', description: 'description' },
    editor: REWARDS_ITEM_EDITOR,
    emptyMessage: 'There are no rewards yet.',
    loadingText: 'Loading rewards',
    menuTypes: [],
  },

  // ─── What guests fill in: custom forms and hunts (spec 02 §3 form schema fields, hunt) ────
  'custom-forms': {
    ...GUEST_FORMS,
    title: 'Custom Forms',
    itemName: 'Form',
    fields: { title: 'title', subtitle: 'description' },
    source: { kind: 'node', node: ['custom-forms'] },
    editor: CUSTOM_FORM_EDITOR,
    emptyMessage: 'There are no forms yet.',
    loadingText: 'Loading forms',
  },
  /** The same forms under the spec's second context word. */
  forms: {
    ...GUEST_FORMS,
    title: 'Custom Forms',
    itemName: 'Form',
    fields: { title: 'title', subtitle: 'description' },
    source: { kind: 'node', node: ['custom-forms'] },
    editor: CUSTOM_FORM_EDITOR,
    emptyMessage: 'There are no forms yet.',
    loadingText: 'Loading forms',
  },
  hunts: {
    ...GUEST_FORMS,
    title: 'Scavenger Hunts',
    itemName: 'Hunt',
    fields: { title: 'title', description: 'description', image: 'drawable' },
    source: { kind: 'node', node: ['hunts'] },
    editor: HUNT_EDITOR,
    emptyMessage: 'There are no hunts yet.',
    loadingText: 'Loading hunts',
  },

  // ─── Events (spec 02 "Legacy events list", "Calendars"; §9 page sizes) ────────────────────
  /** The legacy events lists: `events-resort` and `events-local`, each event keyed by its start in ms. */
  events: {
    ...EVENTS,
    title: 'Events',
    tabs: tabs('Resort', 'Local'),
    source: { kind: 'section', base: 'events' },
    order: { by: 'key' },
    filters: ['text', 'date'],
    pageSizes: LEGACY_EVENT_PAGE_SIZES,
    editor: { ...EVENT_EDITOR, detailAction: { field: 'rsvpRequest', action: 'rsvp', label: 'RSVP' } },
    menuTypes: ['events'],
    groupByStartDay: true,
    eventsConfig: true,
  },
  /** The calendar of events (`/amc-calendar/:context/:view`): one calendar's events, by start. */
  'calendar-events': {
    ...EVENTS,
    title: 'Calendar of Events',
    tabs: [],
    source: { kind: 'calendar' },
    order: { by: 'child', child: 'startDate' },
    filters: ['text', 'date', 'recurrence'],
    pageSizes: CALENDAR_EVENT_PAGE_SIZES,
    editor: { kind: 'detail', detailType: 'events' },
    menuTypes: [],
  },

  // ─── Message topics: categories and user groups, of the community and system-wide ───────
  category: {
    ...topics('category', 'community'),
    title: 'Categories',
    itemName: 'Category',
    emptyMessage: 'There are no categories yet.',
    loadingText: 'Loading categories',
  },
  'user-group': {
    ...topics('user-group', 'community'),
    title: 'User Groups',
    itemName: 'User Group',
    emptyMessage: 'There are no user groups yet.',
    loadingText: 'Loading user groups',
  },
  'systemwide-category': {
    ...topics('category', 'system'),
    title: 'Systemwide Categories',
    itemName: 'Category',
    emptyMessage: 'There are no systemwide categories yet.',
    loadingText: 'Loading categories',
  },
  'systemwide-user-group': {
    ...topics('user-group', 'system'),
    title: 'Systemwide User Groups',
    itemName: 'User Group',
    emptyMessage: 'There are no systemwide user groups yet.',
    loadingText: 'Loading user groups',
  },
} satisfies Record<string, ListContextDefinition>;

export type ListContextKey = keyof typeof LIST_CONTEXTS;

export const LIST_CONTEXT_KEYS: readonly ListContextKey[] = Object.keys(LIST_CONTEXTS).filter(isListContextKey);

export function isListContextKey(key: unknown): key is ListContextKey {
  return typeof key === 'string' && Object.hasOwn(LIST_CONTEXTS, key);
}

/** The list context of a `/listnm/:context` word, or null for a word that names none. */
export function listContext(key: string): (ListContextDefinition & { key: ListContextKey }) | null {
  if (!isListContextKey(key)) return null;
  const definition: ListContextDefinition = LIST_CONTEXTS[key];
  return { ...definition, key };
}

/** The list context a menu item of this type opens, or null when its content is not a list of this framework. */
export function contextForMenuType(type: string): ListContextKey | null {
  return LIST_CONTEXT_KEYS.find((key) => (LIST_CONTEXTS[key].menuTypes as readonly string[]).includes(type)) ?? null;
}
