import type { DbValue } from '@server/db/types';
import { child, type Paths } from '@server/paths';
import { getMenuIcon } from '~/lib/icons/library';
import {
  COLOR_FIELDS,
  COMMUNITY_TYPES,
  SETUP_DEFAULT_COLOR,
  WEBVIEW_ACTIONS,
  type CommunityForm,
  type CommunityType,
  type DetailButtonAction,
} from '~/schemas/community';
import { descriptionFields, htmlFromPlainText } from './description';

/** A community record as stored (`{product}/campground-locations/{key}`). */
export type CommunityRecord = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** Array-like database lists come back as arrays, or as objects when they have gaps. */
export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return [];
}

/** The form's default value for a stored community (spec 01 §3.1: colours white where unset). */
export interface CommunityFormValue {
  title: string;
  name?: string;
  displayName?: string;
  appName?: string;
  /** The rich-text description (stored htmlDescription, else the plain description as paragraphs). */
  htmlDescription?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  latitude?: string;
  longitude?: string;
  phone?: string;
  website?: string;
  reservationURL?: string;
  regulationsURL?: string;
  timeZone?: string;
  communityType: CommunityType;
  drawable?: string;
  listed: boolean;
  isBusinessOnly: boolean;
  inProgress: boolean;
  colorBackground: string;
  colorPrimary: string;
  colorAccent: string;
  colorHighlightedText: string;
  colorIconShape: string;
  colorIconBackground: string;
  colorIconShapeRandom: boolean;
  colorIconBackgroundRandom: boolean;
  iconSet?: string;
  socialMedia: Array<{ site?: string; url?: string }>;
  detailButtons: DetailButtonFormValue[];
}

/** A detail button as the form shows it: mailto and web view unfolded (spec 02 §5, spec 03 §3). */
export interface DetailButtonFormValue {
  title?: string;
  icon?: string;
  action?: string;
  actionKey?: string;
  webview: boolean;
}

/** Legacy action names some records carry. */
const LEGACY_ACTIONS: Record<string, DetailButtonAction> = { phone: 'call', email: 'mailto', dial: 'call' };

/**
 * A stored detail button's action and key as the form shows them: 'website' with a 'mailto:'
 * key is mailto, a '-webview' suffix is the web view flag.
 */
export function detailButtonFormValue(button: Record<string, unknown>): DetailButtonFormValue {
  let action = text(button.action);
  let actionKey = text(button.actionKey);
  let webview = false;
  if (action?.endsWith('-webview')) {
    action = action.slice(0, -'-webview'.length);
    webview = true;
  }
  if (action && LEGACY_ACTIONS[action]) action = LEGACY_ACTIONS[action];
  if (action === 'website' && actionKey?.toLowerCase().startsWith('mailto:')) {
    action = 'mailto';
    actionKey = actionKey.slice('mailto:'.length);
    webview = false;
  }
  return { title: text(button.title), icon: text(button.icon), action, actionKey, webview };
}

type DetailButtonForm = NonNullable<CommunityForm['detailButtons']>[number];

/**
 * A form button as stored: mailto becomes website with a 'mailto:' key, website and file in the
 * web view get '-webview' (spec 02 §5, spec 03 §3); iconData.svg is the library glyph, or the
 * stored one for an icon the library does not have.
 */
export function storedDetailButton(
  button: DetailButtonForm,
  storedIcons: ReadonlyMap<string, unknown> = new Map(),
): Record<string, DbValue> {
  let action: string = button.action;
  let actionKey = button.actionKey ?? '';
  if (action === 'mailto') {
    action = 'website';
    actionKey = `mailto:${actionKey.replace(/^mailto:/i, '')}`;
  } else if (button.webview && WEBVIEW_ACTIONS.includes(button.action)) {
    action = `${action}-webview`;
  }
  const library = getMenuIcon(button.icon);
  const iconData = library ? { svg: library.svg, title: library.name } : (storedIcons.get(button.icon) as DbValue | undefined);
  const stored: Record<string, DbValue> = { title: button.title, icon: library?.name ?? button.icon, action, actionKey };
  if (iconData) stored.iconData = iconData;
  return stored;
}

export function communityFormValue(record: CommunityRecord): CommunityFormValue {
  const type = text(record.communityType);
  const colors = Object.fromEntries(COLOR_FIELDS.map((field) => [field, text(record[field]) ?? SETUP_DEFAULT_COLOR])) as Record<
    (typeof COLOR_FIELDS)[number],
    string
  >;
  const lat = num(record.latitude);
  const lng = num(record.longitude);
  return {
    title: text(record.title) ?? text(record.name) ?? '',
    name: text(record.name),
    displayName: text(record.displayName),
    appName: text(record.appName),
    htmlDescription: text(record.htmlDescription) ?? (text(record.description) ? htmlFromPlainText(text(record.description)!) : undefined),
    address: text(record.address),
    city: text(record.city),
    state: text(record.state),
    zip: text(record.zip) ?? (typeof record.zip === 'number' ? String(record.zip) : undefined),
    latitude: lat === undefined ? undefined : String(lat),
    longitude: lng === undefined ? undefined : String(lng),
    phone: text(record.phone),
    website: text(record.website),
    reservationURL: text(record.reservationURL),
    regulationsURL: text(record.regulationsURL),
    timeZone: text(record.timeZone),
    communityType: (COMMUNITY_TYPES as readonly string[]).includes(type ?? '') ? (type as CommunityType) : 'resort',
    drawable: text(record.drawable),
    listed: record.listed === true,
    isBusinessOnly: record.isBusinessOnly === true,
    inProgress: record.inProgress === true,
    ...colors,
    colorIconShapeRandom: record.colorIconShapeRandom === true,
    colorIconBackgroundRandom: record.colorIconBackgroundRandom === true,
    iconSet: text(record.iconSet),
    socialMedia: listOf(record.socialMedia)
      .filter(isObject)
      .map((link) => ({ site: text(link.site), url: text(link.url) })),
    detailButtons: listOf(record.detailButtons).filter(isObject).map(detailButtonFormValue),
  };
}

export interface UpdateOptions {
  /** Resort system admins may set listed, isBusinessOnly and inProgress (spec 01 §5). */
  canSetListing: boolean;
  /** The Home Screen Image field was shown (listed, or a studio key), so its value counts. */
  drawableShown: boolean;
  /** Business-only communities have Additional Buttons and no Social Media. */
  businessOnly: boolean;
  /** The stored record's detail buttons, whose icon data is kept for icons outside the library. */
  storedButtons?: unknown;
}

/** The fields the form shows, as stored values: null for a cleared optional one (which deletes it). */
export function communityRecordFields(form: CommunityForm, options: UpdateOptions): Record<string, DbValue> {
  const optional = (value: string | number | undefined): DbValue => (value === undefined || value === '' ? null : value);
  const fields: Record<string, DbValue> = {
    title: form.title,
    name: optional(form.name) ?? form.title,
    displayName: optional(form.displayName),
    appName: optional(form.appName),
    ...descriptionFields(form.htmlDescription),
    address: optional(form.address),
    city: optional(form.city),
    state: optional(form.state),
    zip: optional(form.zip),
    latitude: optional(form.latitude),
    longitude: optional(form.longitude),
    phone: optional(form.phone),
    website: optional(form.website),
    reservationURL: optional(form.reservationURL),
    regulationsURL: optional(form.regulationsURL),
    timeZone: form.timeZone,
    communityType: form.communityType,
    colorIconShapeRandom: form.colorIconShapeRandom,
    colorIconBackgroundRandom: form.colorIconBackgroundRandom,
  };
  for (const field of COLOR_FIELDS) fields[field] = form[field].toUpperCase();
  if (form.iconSet) fields.iconSet = form.iconSet;
  if (options.drawableShown) fields.drawable = optional(form.drawable);
  if (options.canSetListing) {
    fields.listed = form.listed;
    // Spec 01 §5: business-only and in-progress only exist while listed is on.
    fields.isBusinessOnly = form.listed ? form.isBusinessOnly : false;
    fields.inProgress = form.listed ? form.inProgress : false;
  }
  if (options.businessOnly) {
    const storedIcons = new Map(
      listOf(options.storedButtons)
        .filter(isObject)
        .filter((button) => typeof button.icon === 'string' && isObject(button.iconData))
        .map((button) => [button.icon as string, button.iconData]),
    );
    const buttons = (form.detailButtons ?? []).map((button) => storedDetailButton(button, storedIcons));
    fields.detailButtons = buttons.length ? buttons : null;
  } else {
    const links = (form.socialMedia ?? []).map((link) => ({ site: link.site, url: link.url }));
    fields.socialMedia = links.length ? links : null;
  }
  return fields;
}

/** The multi-path update writing those fields into the community record. */
export function communityUpdate(paths: Paths, key: string, fields: Record<string, DbValue>): Record<string, DbValue> {
  const base = paths.community(key);
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [child(base, field), value]));
}
