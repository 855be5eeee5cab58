import { DEFAULT_MENU_ICON, getMenuIcon } from '~/lib/icons/library';
import { HOURS_DAYS, HOURS_DAY_LABELS, UNSET_TIME } from '~/schemas/listing/hours';
import { isRecord, textOf } from '~/schemas/listing/shared';

/**
 * What the phone-style preview of a business item shows (spec 03 §2 "Preview": header, action
 * buttons, hours, address, description). Isomorphic: the server builds it from the saved or
 * submitted item, the browser from the form as the person types.
 */

export type PreviewButtonId = 'messages' | 'favorite' | 'pay' | 'call' | 'map' | 'website' | 'menu' | 'special' | `custom-${number}`;

export interface PreviewButton {
  id: PreviewButtonId;
  label: string;
  /** The glyph: a library icon's name (app/lib/icons/library.ts). */
  icon: string;
}

/** The glyphs of the built-in buttons, and of custom buttons whose icon is none of the library's, by action. */
const BUTTON_ICONS = {
  messages: 'messages',
  favorite: 'heart',
  pay: 'dollar',
  call: 'phone',
  map: 'map-pin',
  website: 'globe',
  menu: 'dining',
  special: 'tag',
} as const satisfies Record<Exclude<PreviewButtonId, `custom-${number}`>, string>;
const ACTION_ICONS: Readonly<Record<string, string>> = { website: 'globe', call: 'phone', mailto: 'mail', email: 'mail' };

function customIcon(button: Record<string, unknown>): string {
  const named = textOf(button.icon).trim().toLowerCase();
  if (named && getMenuIcon(named)) return named;
  const action = isRecord(button.action) ? textOf(button.action.action) : textOf(button.action);
  return ACTION_ICONS[action] ?? DEFAULT_MENU_ICON;
}

export interface PreviewModel {
  title: string;
  buttons: PreviewButton[];
  hours: Array<{ day: string; text: string }>;
  address: string[];
  /** The description as text paragraphs (the app renders the rich text; the preview its words). */
  description: string[];
}

/** The item fields the preview reads, as stored. */
export interface PreviewSource {
  title?: unknown;
  address?: unknown;
  city?: unknown;
  state?: unknown;
  zip?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  phone?: unknown;
  website?: unknown;
  menu?: unknown;
  hasSpecial?: unknown;
  dollarsActive?: unknown;
  allowFavorite?: unknown;
  always?: unknown;
  hours?: unknown;
  detailButtons?: unknown;
  description?: unknown;
}

const flag = (value: unknown) => value === true || value === 'on' || value === 'true';
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : []);

/** Weekly hours as lines ('Open 24/7' when always; closed days say Closed). */
export function previewHours(hours: unknown, always: boolean): Array<{ day: string; text: string }> {
  if (always) return [{ day: 'Every day', text: 'Open 24/7' }];
  if (!isRecord(hours)) return [];
  const lines = HOURS_DAYS.map((day) => {
    const slots = listOf(hours[day])
      .filter(isRecord)
      .map((slot) => {
        const open = textOf(slot.open) || UNSET_TIME;
        const close = textOf(slot.close) || UNSET_TIME;
        return `${open} – ${close}`;
      });
    return { day: HOURS_DAY_LABELS[day], text: slots.length > 0 ? slots.join(', ') : 'Closed' };
  });
  return lines.some((line) => line.text !== 'Closed') ? lines : [];
}

/** Paragraphs of the description's text (tags dropped, entities left as the browser shows text). */
export function descriptionParagraphs(html: unknown): string[] {
  const text = textOf(html)
    .replace(/<\s*(br|\/p|\/h[1-6]|\/li|\/div)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function previewModel(source: PreviewSource): PreviewModel {
  const buttons: PreviewButton[] = [];
  const builtIn = (id: keyof typeof BUTTON_ICONS, label: string) => buttons.push({ id, label, icon: BUTTON_ICONS[id] });
  if (flag(source.allowFavorite)) {
    builtIn('messages', 'Messages');
    builtIn('favorite', 'Add Favorite');
  }
  if (flag(source.dollarsActive)) builtIn('pay', 'Pay with Dollars');
  if (textOf(source.phone).trim()) builtIn('call', 'Call');
  const hasPlace =
    textOf(source.address).trim() !== '' ||
    textOf(source.city).trim() !== '' ||
    (textOf(source.latitude).trim() !== '' && textOf(source.longitude).trim() !== '');
  if (hasPlace) builtIn('map', 'Map');
  if (textOf(source.website).trim()) builtIn('website', 'Website');
  if (textOf(source.menu).trim()) builtIn('menu', 'Menu');
  if (flag(source.hasSpecial)) builtIn('special', 'Special');
  listOf(source.detailButtons).forEach((button, index) => {
    if (!isRecord(button)) return;
    const title = textOf(button.title).trim();
    if (title) buttons.push({ id: `custom-${index}`, label: title, icon: customIcon(button) });
  });
  const cityLine = [textOf(source.city).trim(), [textOf(source.state).trim(), textOf(source.zip).trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    title: textOf(source.title).trim(),
    buttons,
    hours: previewHours(source.hours, flag(source.always)),
    address: [textOf(source.address).trim(), cityLine].filter((line) => line !== ''),
    description: descriptionParagraphs(source.description),
  };
}
