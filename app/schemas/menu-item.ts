import { z } from 'zod';
import { AUTH_REQUIRED_MESSAGE } from '~/lib/catalogues/auth-groups';
import { getMenuButtonType, type MenuButtonType } from '~/lib/catalogues/menu-buttons';
import { isValidKey } from '~/lib/db-key';
import { INVALID_SVG_MESSAGE, sanitizeSvg } from '~/lib/icons/sanitize';
import { intent, intents } from '~/lib/intent';
import { INVALID_URL, isValidUrl } from './community';
import { isStoredFilePath } from './header';

/**
 * The menu item editor (spec 02 "Menu item editor", §3 menu item, §4 "Menu item", §5 menu item
 * rules, §6): one schema for conform in the browser and parseWithZod in the action. Messages
 * are the spec's where it gives them.
 */

export const TITLE_REQUIRED = 'Title is required.';
export const ICON_REQUIRED = 'Icon is required.';
export const TYPE_REQUIRED = 'Menu type is required.';
export const URL_REQUIRED = 'URL is required.';
/** A user group the list does not offer (its key is not a database key). */
export const INVALID_AUTH_GROUP = 'Choose the user groups from the list.';
export { AUTH_REQUIRED_MESSAGE, INVALID_URL };

/** The form's file fields: an svg icon upload, and the file of a File item. */
export const ICON_FILE_FIELD = 'iconFile';
export const FILE_FIELD = 'file';
/** What a File item may open (spec 02 §3 menu item `fromFile`): documents and images. */
export const FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** Spec 02 §5: select lists show '{label} is required.' */
export const requiredMessage = (label: string) => `${label} is required.`;

export const ADD_MENU_ITEM_TITLE = 'Add Menu Item';
export const EDIT_MENU_ITEM_TITLE = 'Edit Menu Item';
export const SELECT_MENU_TYPE_TITLE = 'Select Menu Type';
/** Spec 02 §8 'Delete Item'. */
export const DELETE_ITEM_TITLE = 'Delete Item';
export const DELETE_ITEM_TEXT = 'Are you certain you want to delete?';

/**
 * Where an item's content comes from, for the types that point at a record of the community
 * (spec 02 §5 uniqueId types; "existing calendar and existing map required if chosen").
 * - `choose`: an existing record must be chosen (forms, hunts, store items, bookings);
 * - `new-or-existing`: a new record is made from the title, or an existing one is chosen
 *   (Activities calendars, searchable maps, single business details).
 */
export interface RecordSource {
  mode: 'choose' | 'new-or-existing';
  /** The select's label; its message is '{label} is required.' */
  label: string;
  /** The 'new' radio's label. */
  newLabel?: string;
}

export const RECORD_SOURCES: Readonly<Record<string, RecordSource>> = {
  form: { mode: 'choose', label: 'Form' },
  hunts: { mode: 'choose', label: 'Scavenger Hunt' },
  'store-detail': { mode: 'choose', label: 'Store Item' },
  booking: { mode: 'choose', label: 'Booking' },
  'amc-events': { mode: 'new-or-existing', label: 'Calendar', newLabel: 'New calendar' },
  'searchablemap-detail': { mode: 'new-or-existing', label: 'Map', newLabel: 'New map' },
  'business-detail': { mode: 'new-or-existing', label: 'Business', newLabel: 'New business' },
};

export const recordSourceOf = (typeId: string | undefined): RecordSource | undefined => (typeId ? RECORD_SOURCES[typeId] : undefined);

/** Picker types whose listings have tabs (each tab is its own list, `{uniqueId}-{tab id}`). */
export const TABBED_TYPES = ['business', 'events', 'contacts'] as const;
export const hasTabs = (typeId: string | undefined) => (TABBED_TYPES as readonly string[]).includes(typeId ?? '');

export const SOURCES = ['new', 'existing'] as const;

const text = (max: number) => z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().max(max).optional());
const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()).default(false);
const HEX = /^#([0-9a-f]{6})$/i;
const color = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
  z.string().regex(HEX, 'Use a hex colour such as #1DA9F3.').optional(),
);

/** The most tabs a listing item has (each tab is its own list in the app). */
export const MAX_TABS = 12;
/** The most user groups a restricted item names (the fixed groups and the community's and systemwide user groups). */
export const MAX_AUTH_GROUPS = 100;

export const TabSchema = z.object({
  id: text(60),
  title: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ required_error: TITLE_REQUIRED }).min(1, TITLE_REQUIRED).max(60),
  ),
});

export const MenuItemSchema = z
  .object({
    /** The menu section the item belongs to (main-menu or a submenu's uniqueId). */
    menuId: z.string().min(1).max(200),
    /** The edited item's key (uniqueId, else id, else index); empty when adding. */
    itemKey: text(200),
    /** The picker id (spec 03 §9); changing it resets uniqueId and applies the type's defaults. */
    typeId: text(60),
    name: text(60),
    description: text(200),
    /** A library icon name, or empty when a custom svg is used. */
    icon: text(60),
    /** An uploaded svg (sanitized by the server), kept across posts in a hidden field. */
    iconSvg: text(100_000),
    colorIconShape: color,
    colorIconBackground: color,
    url: text(2000),
    useWebView: checkbox,
    source: z.enum(SOURCES).optional(),
    existingId: text(200),
    tabs: z.array(TabSchema).max(MAX_TABS, `At most ${MAX_TABS} tabs.`).default([]),
    isRestricted: checkbox,
    auth: z.array(z.string().min(1).max(200)).max(MAX_AUTH_GROUPS, `At most ${MAX_AUTH_GROUPS} user groups.`).default([]),
  })
  .superRefine((value, ctx) => {
    if (!value.name) ctx.addIssue({ code: 'custom', path: ['name'], message: TITLE_REQUIRED });
    const type = getMenuButtonType(value.typeId);
    if (!type) {
      ctx.addIssue({ code: 'custom', path: ['typeId'], message: TYPE_REQUIRED });
      return;
    }
    if (!value.icon && !value.iconSvg) ctx.addIssue({ code: 'custom', path: ['icon'], message: ICON_REQUIRED });
    // Spec 02 §5: only svgs; whatever is posted as the custom icon must hold drawing markup.
    else if (!value.icon && value.iconSvg && sanitizeSvg(value.iconSvg) === '')
      ctx.addIssue({ code: 'custom', path: ['icon'], message: INVALID_SVG_MESSAGE });
    if (type.needsUrl) {
      if (!value.url) ctx.addIssue({ code: 'custom', path: ['url'], message: URL_REQUIRED });
      else if (!isValidUrl(value.url) && !(type.id === 'file' && isStoredFileUrl(value.url)))
        ctx.addIssue({ code: 'custom', path: ['url'], message: INVALID_URL });
    }
    const source = recordSourceOf(type.id);
    if (source && (source.mode === 'choose' || value.source === 'existing') && !value.existingId) {
      ctx.addIssue({ code: 'custom', path: ['existingId'], message: requiredMessage(source.label) });
    } else if (source && (source.mode === 'choose' || value.source === 'existing') && !isValidKey(value.existingId)) {
      // The chosen record's key becomes the item's uniqueId, a database key of the community's data.
      ctx.addIssue({ code: 'custom', path: ['existingId'], message: requiredMessage(source.label) });
    }
    if (value.auth.some((group) => !isValidKey(group))) ctx.addIssue({ code: 'custom', path: ['auth'], message: INVALID_AUTH_GROUP });
    if (value.isRestricted && value.auth.length === 0) ctx.addIssue({ code: 'custom', path: ['auth'], message: AUTH_REQUIRED_MESSAGE });
  });

/** A file stored by this console on its own disk (the embedded default serves them at /files/…). */
export const isStoredFileUrl = (url: string) => isStoredFilePath(url);

/** The form's shape as conform sees it. */
export type MenuItemFormValue = z.infer<typeof MenuItemSchema>;
type Parsed = MenuItemFormValue;
/** The form's values once valid: a type and a title are there. */
export type MenuItemValue = Parsed & { typeId: string; name: string };

/** The form's first values for a new item of a picker type (spec 02 §4 type defaults). */
export function newItemDefaults(type: MenuButtonType, menuId: string): Partial<Record<keyof MenuItemValue, unknown>> {
  const source = recordSourceOf(type.id);
  return {
    menuId,
    itemKey: '',
    typeId: type.id,
    name: '',
    icon: type.icon,
    url: '',
    source: source?.mode === 'new-or-existing' ? 'new' : undefined,
    existingId: '',
    tabs: [],
    isRestricted: type.defaultAuth ? true : false,
    auth: type.defaultAuth ? [...type.defaultAuth] : [],
  };
}

/**
 * Spec 02 §4: "changing type resets uniqueId and applies type defaults". The form's values
 * after choosing another type: the record choice is cleared, the icon becomes the new type's
 * when it was the old type's default (or empty), restricted groups follow the new type's
 * defaults, tabs are kept only for tabbed types. The title, description and colours stay.
 */
export function applyTypeChange<T extends Record<string, unknown>>(values: T, nextTypeId: string): T {
  const next = getMenuButtonType(nextTypeId);
  if (!next) return values;
  const previous = getMenuButtonType(typeof values.typeId === 'string' ? values.typeId : undefined);
  const icon = typeof values.icon === 'string' ? values.icon : '';
  const usesCustomIcon = typeof values.iconSvg === 'string' && values.iconSvg !== '' && icon === '';
  const source = recordSourceOf(next.id);
  return {
    ...values,
    typeId: next.id,
    icon: usesCustomIcon ? '' : icon === '' || icon === previous?.icon ? next.icon : icon,
    source: source?.mode === 'new-or-existing' ? 'new' : undefined,
    existingId: '',
    url: next.needsUrl ? values.url : '',
    useWebView: next.needsUrl ? values.useWebView : false,
    tabs: hasTabs(next.id) ? (values.tabs ?? []) : [],
    isRestricted: next.defaultAuth ? true : previous?.defaultAuth ? false : values.isRestricted,
    auth: next.defaultAuth ? [...next.defaultAuth] : previous?.defaultAuth ? [] : values.auth,
  };
}

/**
 * The menu item editor's buttons (one multipart form, so each step works without JavaScript):
 * Submit (`save`); Apply type (`change-type`); More menu types… (`pick-type`, also the picker's
 * Filter), a type in that picker (`choose-type:{type id}`) and its Cancel (`close-picker`);
 * Search icons (`search-icons`); the svg icon's Upload and Remove (`upload-svg`, `remove-svg`);
 * the File item's Upload (`upload-file`). conform's Add tab / Remove post no intent: they count
 * as `save` and show the form again unsaved. Edit Menu Item adds `delete`.
 */
const EDITOR_INTENTS = [
  intent('save'),
  intent('change-type'),
  intent('pick-type'),
  z.object({ intent: z.literal('choose-type'), argument: z.string().min(1).max(60) }),
  intent('close-picker'),
  intent('search-icons'),
  intent('upload-svg'),
  intent('remove-svg'),
  intent('upload-file'),
] as const;
export const AddMenuItemIntent = intents(...EDITOR_INTENTS);
export const EditMenuItemIntent = intents(...EDITOR_INTENTS, intent('delete'));
export type MenuItemIntentValue = z.infer<typeof EditMenuItemIntent>;

/** The form's values as conform takes them (defaultValue, update): text, checkboxes as 'on'. */
export interface MenuItemDefaults {
  menuId?: string;
  itemKey?: string;
  typeId?: string;
  name?: string;
  description?: string;
  icon?: string;
  iconSvg?: string;
  colorIconShape?: string;
  colorIconBackground?: string;
  url?: string;
  useWebView?: string;
  source?: string;
  existingId?: string;
  tabs?: Array<{ id?: string; title?: string }>;
  isRestricted?: string;
  auth?: string[];
}

const TEXT_KEYS = [
  'menuId',
  'itemKey',
  'typeId',
  'name',
  'description',
  'icon',
  'iconSvg',
  'colorIconShape',
  'colorIconBackground',
  'url',
  'source',
  'existingId',
] as const;
const CHECKBOX_KEYS = ['useWebView', 'isRestricted'] as const;
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Values (stored, typed, or after a type change) as the form's defaults. */
export function menuItemDefaults(values: Readonly<Record<string, unknown>>): MenuItemDefaults {
  const defaults: MenuItemDefaults = {};
  for (const key of TEXT_KEYS) {
    const value = textOf(values[key]);
    if (value !== undefined) defaults[key] = value;
  }
  for (const key of CHECKBOX_KEYS) {
    if (values[key] === true || values[key] === 'on') defaults[key] = 'on';
  }
  const tabs = values.tabs;
  if (Array.isArray(tabs)) {
    defaults.tabs = tabs.flatMap((tab: unknown) =>
      typeof tab === 'object' && tab !== null
        ? [{ id: textOf(Reflect.get(tab, 'id')) ?? '', title: textOf(Reflect.get(tab, 'title')) ?? '' }]
        : [],
    );
  }
  const auth = values.auth;
  if (Array.isArray(auth)) defaults.auth = auth.filter((group: unknown): group is string => typeof group === 'string');
  else if (typeof auth === 'string' && auth !== '') defaults.auth = [auth];
  return defaults;
}
