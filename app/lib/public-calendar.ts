/**
 * The public calendar's query (spec 03 "Public calendar page (/calendar)", §3 calendar colours,
 * §9 calendar constants): what `/calendar` reads and what the calendar builder writes. Isomorphic
 * and pure. Every parameter is optional; a value that cannot be read falls back to its default
 * (never an error: the page is linked from sites the community does not control).
 */

import { hrefs } from '~/lib/hrefs';

export const PUBLIC_CALENDAR_VIEWS = ['listMonth', 'dayGridMonth'] as const;
export type PublicCalendarView = (typeof PUBLIC_CALENDAR_VIEWS)[number];

/** The legacy lists a public calendar can show besides the amc-events calendars. */
export const LEGACY_CALENDAR_TABS = ['events-resort', 'events-local'] as const;
export type LegacyCalendarTab = (typeof LEGACY_CALENDAR_TABS)[number];

export const PUBLIC_CALENDAR_COLOR_NAMES = ['colorBackground', 'colorAccent', 'colorPrimary', 'colorText', 'colorDate'] as const;
export type PublicCalendarColorName = (typeof PUBLIC_CALENDAR_COLOR_NAMES)[number];

/** The longest span `duration` may ask for, in days. */
export const MAX_DURATION_DAYS = 366;

export const PUBLIC_CALENDAR_DEFAULTS = {
  clocation: 'demo-campground',
  selectedTab: 'events-resort',
  defaultView: 'listMonth',
  /** Spec 03 §3: text #ffffff, date #0d6efd; the others come from the community's location data. */
  colorText: '#ffffff',
  colorDate: '#0d6efd',
  /** Spec 03 §9. */
  nextDayThreshold: '04:00',
  timeFormat: 'h:mm',
  eventDateFormat: 'MMMM Do YYYY @ h:mm a',
  previewHeight: 898,
  embedHeight: 800,
} as const;

export interface PublicCalendarQuery {
  clocation: string;
  /** events-resort, events-local or an amc-events calendar id (whether it exists is the loader's). */
  selectedTab: string;
  defaultView: PublicCalendarView;
  isCondensed: boolean;
  isTabbed: boolean;
  /** yyyy-MM-dd in the community's zone, or null. */
  startDate: string | null;
  endDate: string | null;
  /** Days, 1..MAX_DURATION_DAYS, or null. */
  duration: number | null;
  /** '#rrggbb' or '#rrggbbaa' (lower case); null: the community's own colour (colorText, colorDate: their defaults). */
  colorBackground: string | null;
  colorAccent: string | null;
  colorPrimary: string | null;
  colorText: string | null;
  colorDate: string | null;
  hideArrows: boolean;
  expand: boolean;
  /**
   * The page's own navigation (not in the spec's list): a day of the period shown, yyyy-MM-dd
   * (the month holding it, or the list's first day with `duration`); null: today's.
   */
  date: string | null;
}

/** A database key as the loader will look it up; anything else is not a community or a calendar. */
const KEY = /^[^.#$/[\]\s][^.#$/[\]]{0,767}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '#rgb', '#rrggbb', '#rrggbbaa', with or without '#', any case → '#rrggbb(aa)' lower case; else null. */
export function readColor(value: string | null | undefined): string | null {
  if (!value) return null;
  const hex = value.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((digit) => digit + digit).join('')}`;
  if (/^[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return `#${hex}`;
  return null;
}

/** 'true', '1', 'yes', 'on' or the bare name → true. */
function readFlag(search: URLSearchParams, name: string): boolean {
  if (!search.has(name)) return false;
  const value = (search.get(name) ?? '').trim().toLowerCase();
  return value === '' || value === 'true' || value === '1' || value === 'yes' || value === 'on';
}

/** A real calendar date 'yyyy-MM-dd' (also the date part of an ISO date-time); else null. */
export function readDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = DATE.exec(value.trim().slice(0, 10));
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || year > 2200 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return match[0];
}

export function parsePublicCalendarQuery(search: URLSearchParams): PublicCalendarQuery {
  const key = (name: string, fallback: string) => {
    const value = search.get(name)?.trim();
    return value && KEY.test(value) ? value : fallback;
  };
  const view = search.get('defaultView');
  const durationText = search.get('duration')?.trim() ?? '';
  const duration = /^\d{1,4}$/.test(durationText) ? Number(durationText) : NaN;
  const startDate = readDate(search.get('startDate'));
  let endDate = readDate(search.get('endDate'));
  if (startDate && endDate && endDate < startDate) endDate = null;
  return {
    clocation: key('clocation', PUBLIC_CALENDAR_DEFAULTS.clocation),
    selectedTab: key('selectedTab', PUBLIC_CALENDAR_DEFAULTS.selectedTab),
    defaultView: PUBLIC_CALENDAR_VIEWS.find((known) => known === view) ?? PUBLIC_CALENDAR_DEFAULTS.defaultView,
    isCondensed: readFlag(search, 'isCondensed'),
    isTabbed: readFlag(search, 'isTabbed'),
    startDate,
    endDate,
    duration: duration >= 1 && duration <= MAX_DURATION_DAYS ? duration : null,
    colorBackground: readColor(search.get('colorBackground')),
    colorAccent: readColor(search.get('colorAccent')),
    colorPrimary: readColor(search.get('colorPrimary')),
    colorText: readColor(search.get('colorText')),
    colorDate: readColor(search.get('colorDate')),
    hideArrows: readFlag(search, 'hideArrows'),
    expand: readFlag(search, 'expand'),
    date: readDate(search.get('date')),
  };
}

/**
 * The query of a public calendar address, for hrefs.publicCalendar: defaults and false flags
 * left out, so the same calendar has one address (canonical links, the builder's URLs).
 * clocation is always written: an embed names its community.
 */
export function publicCalendarSearch(query: Partial<PublicCalendarQuery> & { clocation: string }): Record<string, string> {
  const search: Record<string, string> = { clocation: query.clocation };
  if (query.selectedTab && query.selectedTab !== PUBLIC_CALENDAR_DEFAULTS.selectedTab) search.selectedTab = query.selectedTab;
  if (query.defaultView && query.defaultView !== PUBLIC_CALENDAR_DEFAULTS.defaultView) search.defaultView = query.defaultView;
  if (query.isCondensed) search.isCondensed = 'true';
  if (query.isTabbed) search.isTabbed = 'true';
  if (query.startDate) search.startDate = query.startDate;
  if (query.endDate) search.endDate = query.endDate;
  if (query.duration) search.duration = String(query.duration);
  for (const name of PUBLIC_CALENDAR_COLOR_NAMES) {
    const color = readColor(query[name]);
    if (color) search[name] = color;
  }
  if (query.hideArrows) search.hideArrows = 'true';
  if (query.expand) search.expand = 'true';
  if (query.date) search.date = query.date;
  return search;
}

/**
 * Embedding (issue: the public calendar is framed by other sites). The embed code the builder
 * writes is an iframe marked with EMBED_FRAME_ATTRIBUTE, followed by the script at
 * EMBED_SCRIPT_PATH (a static file of this origin, no third-party code). A framed calendar posts
 * `{ type: EMBED_MESSAGE_TYPE, height }` (its document's height in CSS pixels) to its parent;
 * the script sets the height of the marked iframe whose window sent it. Without JavaScript the
 * iframe keeps the height the builder chose.
 */
export const EMBED_SCRIPT_PATH = '/calendar-embed.js';
export const EMBED_MESSAGE_TYPE = 'community-calendar:height';
export const EMBED_FRAME_ATTRIBUTE = 'data-community-calendar';

/** The absolute address of a public calendar: `{origin}/calendar?{query}` (the builder's Screen URL). */
export function publicCalendarUrl(origin: string, search: Record<string, string>): string {
  return `${origin.replace(/\/+$/, '')}${hrefs.publicCalendar(search)}`;
}

/** Text for an HTML attribute value in double quotes (and safe as element text). */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The tallest and shortest frame an embed code writes, in CSS pixels. */
export const EMBED_HEIGHT_LIMITS = { min: 200, max: 5000 } as const;

export interface EmbedCodeInput {
  /** The console's origin, e.g. 'https://amc.example.com'. */
  origin: string;
  /** The calendar's query (publicCalendarSearch). */
  search: Record<string, string>;
  /** What the frame is, for screen readers on the embedding site (e.g. 'Pine Hollow RV Resort: Activities calendar'). */
  title: string;
  /** The frame's height in CSS pixels; default PUBLIC_CALENDAR_DEFAULTS.embedHeight. */
  height?: number | null;
}

/**
 * The HTML a site pastes to show a public calendar: an iframe marked with
 * EMBED_FRAME_ATTRIBUTE (full width, the chosen height, no border, loaded lazily, titled for
 * screen readers), then the script at EMBED_SCRIPT_PATH that fits the frame to its calendar.
 * Every value is escaped for its attribute.
 */
export function embedCode({ origin, search, title, height }: EmbedCodeInput): string {
  const base = origin.replace(/\/+$/, '');
  const wanted = height != null && Number.isFinite(height) ? Math.round(height) : PUBLIC_CALENDAR_DEFAULTS.embedHeight;
  const frameHeight = Math.min(EMBED_HEIGHT_LIMITS.max, Math.max(EMBED_HEIGHT_LIMITS.min, wanted));
  const frameTitle = title.replace(/\s+/g, ' ').trim() || 'Calendar';
  const frame =
    `<iframe src="${escapeAttribute(publicCalendarUrl(base, search))}" title="${escapeAttribute(frameTitle)}" ` +
    `width="100%" height="${frameHeight}" style="border:0" loading="lazy" ${EMBED_FRAME_ATTRIBUTE}></iframe>`;
  return `${frame}\n<script src="${escapeAttribute(`${base}${EMBED_SCRIPT_PATH}`)}" async></script>`;
}
