import type { DbValue } from '@server/db/types';
import { child, type Paths } from '@server/paths';
import {
  COLOR_FIELDS,
  COMMUNITY_TYPES,
  SETUP_DEFAULT_COLOR,
  type CommunityForm,
  type CommunityType,
} from '~/schemas/community';

/** A community record as stored (`{product}/campground-locations/{key}`). */
export type CommunityRecord = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
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
  description?: string;
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
  detailButtons: Array<{ title?: string; action?: string; actionKey?: string }>;
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
    description: text(record.description),
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
    detailButtons: listOf(record.detailButtons)
      .filter(isObject)
      .map((button) => ({ title: text(button.title), action: text(button.action), actionKey: text(button.actionKey) })),
  };
}

export interface UpdateOptions {
  /** Resort system admins may set listed, isBusinessOnly and inProgress (spec 01 §5). */
  canSetListing: boolean;
  /** The Home Screen Image field was shown (listed, or a studio key), so its value counts. */
  drawableShown: boolean;
  /** Business-only communities have Additional Buttons and no Social Media. */
  businessOnly: boolean;
}

/** The fields the form shows, as stored values: null for a cleared optional one (which deletes it). */
export function communityRecordFields(form: CommunityForm, options: UpdateOptions): Record<string, DbValue> {
  const optional = (value: string | number | undefined): DbValue => (value === undefined || value === '' ? null : value);
  const fields: Record<string, DbValue> = {
    title: form.title,
    name: optional(form.name) ?? form.title,
    displayName: optional(form.displayName),
    appName: optional(form.appName),
    description: optional(form.description),
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
    const buttons = (form.detailButtons ?? []).filter((button) => button.title && button.action && button.actionKey);
    fields.detailButtons = buttons.length ? buttons.map((b) => ({ title: b.title!, action: b.action!, actionKey: b.actionKey! })) : null;
  } else {
    const links = (form.socialMedia ?? []).filter((link) => link.site && link.url);
    fields.socialMedia = links.length ? links.map((link) => ({ site: link.site!, url: link.url! })) : null;
  }
  return fields;
}

/** The multi-path update writing those fields into the community record. */
export function communityUpdate(paths: Paths, key: string, fields: Record<string, DbValue>): Record<string, DbValue> {
  const base = paths.community(key);
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [child(base, field), value]));
}
