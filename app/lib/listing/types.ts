import type { z } from 'zod';

/**
 * The listing framework's vocabulary (spec 02 "Listing routes (shared by all lists)", §4 views
 * and listing actions, §5 filters, §9 page sizes; spec 01 §4.6, §9; spec 03 §9 list-screen
 * mappings). One screen serves every list; a list context is one typed entry of the registry
 * (./contexts.ts) that says what the list holds and how it is shown, filtered, paged and edited.
 *
 * Everything here is isomorphic (no I/O): the server reads the database through
 * server/listing, the browser renders rows and editors from the same entry.
 */

/** Who may open a list and change it (server/authz require… helpers). */
export type ListPermission =
  /** Staff (editor or admin) of the current community. */
  | 'staff'
  /** Admins of the current community. */
  | 'location-admin'
  /** Resort system admins (system-wide data). */
  | 'system-admin'
  /** Super admins (the console's own settings, such as its e-mail templates). */
  | 'super-admin';

export interface ListTab {
  id: string;
  title: string;
}

/** Rows loaded first, and with each later chunk (infinite scroll or "More"). */
export interface PageSizes {
  first: number;
  next: number;
}

/** Spec 01 §9: generic lists load 50, then 5 at a time. */
export const GENERIC_PAGE_SIZES = { first: 50, next: 5 } as const satisfies PageSizes;

/**
 * How a list's rows are ordered, in the database and on screen.
 * - `ordinal`: by the items' `ordinal` child (staff sort the list), ties by key;
 * - `key`: by key (push ids are chronological), `newestFirst` reverses it;
 * - `child`: by a child field (a time), `newestFirst` reverses it.
 */
export type ListOrder = { by: 'ordinal' } | { by: 'key'; newestFirst?: boolean } | { by: 'child'; child: string; newestFirst?: boolean };

/**
 * Where a list's items live, relative to the community's location data.
 * - `section`: a menu section's node: `{base}` or, for a tabbed list, `{base}-{tab}` (dining-resort);
 * - `node`: a fixed node (locations, store, bookings, messages-config/topics …), optionally
 *   only its children whose `where.child` equals `where.equals` (topics of one type);
 * - `system`: a node of the product's system-wide data area (systemwide topics);
 * - `calendar`: the events of one calendar (the calendar of events);
 * - `adapter`: no database node: the context's source adapter (server/listing/registry.ts)
 *   reads and deletes its items from its own store (accounts, files …).
 */
export type ListSource =
  /** `base`: a fixed section base whatever opens the list (legacy events: `events-{tab}`). */
  | { kind: 'section'; base?: string }
  /**
   * A calendar's events (`amc-events/calendars/{base}/events`): the base is the calendar id.
   * Reached by `/amc-calendar/:context/:view` only, never by `/listnm` or a menu list.
   */
  | { kind: 'calendar' }
  | { kind: 'node'; node: readonly string[]; where?: { child: string; equals: string } }
  | { kind: 'system'; node: readonly string[]; where?: { child: string; equals: string } }
  | { kind: 'adapter' };

/**
 * The filters a list offers (spec 02 §5 "Filters"). Guest entries add `person` (the item-title
 * filter: name, e-mail or id) and `event` (an RSVP form's entries of one event, `?eventId=`).
 */
export type FilterKind = 'text' | 'date' | 'recurrence' | 'person' | 'event';

/** Where a list's text filter looks, and what a row shows (dotted paths into the item). */
export interface ItemFields {
  /** The row's title (also searched). */
  title: string;
  /** A second line under the title (also searched). */
  subtitle?: string;
  /** The description searched by the text filter (HTML is searched as text). */
  description?: string;
  /** The location title searched by the text filter. */
  locationTitle?: string;
  /** An image shown at the row's start. */
  image?: string;
}

/**
 * A dated list (events, messages): its active and archive views, and what Delete does in each
 * (spec 02 §4 "Deleting events and messages").
 */
export interface DatedList {
  /** The end time field, ms since the epoch; 0 or absent means no end. */
  endField: string;
  /** Added to `endField` for the end-date filter (events' endDateDuration). */
  durationField?: string;
  /** The start time field: rows show their dates (in the community's time zone). */
  startField?: string;
}

export type ListView = 'active' | 'archive';

/** What kind of control an editor field is (app/features/listing/editor-fields.tsx). */
export type EditorFieldKind =
  | 'text'
  | 'textarea'
  | 'rich-text'
  | 'phone'
  | 'url'
  | 'email'
  | 'number'
  | 'money'
  | 'checkbox'
  | 'select'
  | 'coordinates'
  | 'hours'
  | 'title-list'
  /** A custom form's fields (app/schemas/listing/custom-form.ts): rows added, removed, moved and edited. */
  | 'form-fields'
  /** A hunt's steps (app/schemas/listing/hunt.ts), edited the same way. */
  | 'hunt-steps';

export interface EditorField<Name extends string = string> {
  name: Name;
  label: string;
  kind: EditorFieldKind;
  hint?: string;
  /** For `select`. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
  /** Shown in the editor's form only for system-wide lists, say. */
  when?: 'always' | 'system';
}

/** An editor in the list's right column, built from the item's default shape. */
export interface InlineEditor<Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  kind: 'inline';
  /** The form's schema, with the spec's messages; its output is what is stored (after `toRecord`). */
  schema: Schema;
  /** The form's fields in order; names are the schema's keys. */
  fields: ReadonlyArray<EditorField>;
  /** The default item shape (spec 03 §9 "Default item shapes"): a new item's form value. */
  defaults: () => z.input<Schema>;
  /** A stored item as the form shows it. */
  toForm: (stored: Record<string, unknown>) => z.input<Schema>;
  /**
   * The parsed form as stored (merged over the stored item, so fields the form does not show are kept).
   * A method, so that an editor of one schema is an `InlineEditor` (its parameter is compared bivariantly).
   */
  toRecord(value: z.output<Schema>): Record<string, unknown>;
  /**
   * Ready-made items a new one can start from (`add?template={id}`), offered above the Add form
   * while `offered` says so of the list's stored items (the standard RSVP form while no form is
   * marked standard).
   */
  templates?: ReadonlyArray<EditorTemplate>;
  /** Screens of a saved item, linked from its Edit form (a form's and a hunt's entries: View Entries). */
  itemLinks?: ReadonlyArray<EditorItemLink>;
  /** The AI writing assistant of this editor's items (its history path, spec 02 §7): it writes the `title` and `description` fields. */
  assistantPath?: 'events' | 'hunts';
}

/** A link from an item's Edit form to another screen of the same item. */
export interface EditorItemLink {
  label: string;
  href: (itemKey: string) => string;
}

/** A ready-made item of an inline editor: its stored shape, shown in the Add form to be saved. */
export interface EditorTemplate {
  id: string;
  /** The offer's link text ("Start from the standard RSVP form"). */
  label: string;
  record: () => Record<string, unknown>;
  offered: (items: ReadonlyArray<Record<string, unknown>>) => boolean;
}

/** Rows whose editor is the business detail editor (`/detail/:type/:dbContext/:itemId`). */
export interface DetailEditor {
  kind: 'detail';
  /** The detail editor's `type` route param. */
  detailType: string;
  /** The `type` of rows of a dated list's archive view (events: eventsArchived), when it differs. */
  archivedDetailType?: string;
  /** Rows whose item has this field set also link to `/detail/{type}/{node}/{key}/{action}` (legacy events: rsvp). */
  detailAction?: { field: string; action: string; label: string };
}

/** Rows that are menu items of a submenu: edited with the menu item editor. */
export interface MenuItemEditor {
  kind: 'menu-item';
}

/**
 * Rows edited by a form of their own at the list's `edit` address (the messages list: the
 * notification form at `/amc-messages/:context/edit?id=…&list=…`); rows have no single delete.
 */
export interface LinkedEditor {
  kind: 'linked';
}

export type ListEditor = InlineEditor | DetailEditor | MenuItemEditor | LinkedEditor;

/** One list context of the registry. */
export interface ListContextDefinition {
  /** The screen's title (and page title) when the list is opened without a menu item. */
  title: string;
  /** What an item is called in buttons and messages ("FAQ", "Contact"). */
  itemName: string;
  /** Tabs of the list opened without a menu item (a menu item's own `tabs` win). */
  tabs: readonly ListTab[];
  source: ListSource;
  order: ListOrder;
  fields: ItemFields;
  filters: readonly FilterKind[];
  pageSizes: PageSizes;
  permission: ListPermission;
  editor: ListEditor;
  /** The empty message of the right column and the list. */
  emptyMessage: string;
  /** The loading overlay's text (spec 02: "Loading events", "Loading messages"). */
  loadingText: string;
  /** What the text filter searches, as its placeholder says (else title, description and location). */
  searchHint?: string;
  /** Staff may sort the list (drag, Move up / Move down, alphabetical). */
  sortable: boolean;
  /** Active / archive views; Delete archives in the active view. */
  dated?: DatedList;
  /** Menu item types that open this list (`/list/:menuId/:gridMenuKey` by the item's type). */
  menuTypes: readonly string[];
  /**
   * Rows shown under a heading per day of their start, in the community's time zone (the legacy
   * events list's grouped rows): consecutive rows of one day form a group, in the list's order.
   */
  groupByStartDay?: boolean;
  /**
   * The list has the listing action config.events (spec 02 §4, "Calendar config editor"): the
   * calendar config form's Audiences, User Created Events and Calendar Import Config sections for
   * the list's own events config (`amc-events/config/{list node}`).
   */
  eventsConfig?: boolean;
}

/** A short fact a list adds to a row (a message's audience, next run, delivery status). */
export interface RowNote {
  text: string;
  /** `alert`: a failure staff must see (shown in red, with an icon-free "Failed" word in the text). */
  tone: 'plain' | 'alert' | 'good';
}
