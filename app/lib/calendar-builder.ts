/**
 * The calendar builder's query (spec 03 "Calendar builder", §3 calendar colours, §9 calendar
 * constants): `/calendarBuilder?…` holds the calendar being built, so the form works as a GET
 * form without JavaScript and the page's address keeps the choice. Isomorphic and pure: the
 * loader reads it, the screen writes it back (the code tabs' links).
 *
 * Its names are the public calendar's (app/lib/public-calendar.ts) plus `height` (the frame's,
 * in CSS pixels; empty: 898 px in the preview, 800 px in the embed code) and `code` (the open
 * tab). Every value falls back: an unknown calendar to the first of the selector, a colour that
 * is not one to the community's, a height out of range to the default.
 */

import {
  EMBED_HEIGHT_LIMITS,
  PUBLIC_CALENDAR_COLOR_NAMES,
  PUBLIC_CALENDAR_DEFAULTS,
  PUBLIC_CALENDAR_VIEWS,
  publicCalendarSearch,
  readColor,
  type PublicCalendarColorName,
  type PublicCalendarView,
} from './public-calendar';

/** The code tabs, in their order: Embed Code, Screen URL, iCal URL (the last only when the calendar has a feed). */
export const CODE_TABS = ['embed', 'screen', 'ical'] as const;
export type CodeTab = (typeof CODE_TABS)[number];
export const CODE_TAB_LABELS: Record<CodeTab, string> = { embed: 'Embed Code', screen: 'Screen URL', ical: 'iCal URL' };

/** The selector's groups (spec 03: labels 'Activities' or 'Legacy Events' plus 'Tab 1' or 'Tab 2'). */
export const ACTIVITIES_GROUP = 'Activities';
export const LEGACY_EVENTS_GROUP = 'Legacy Events';

/**
 * The pickers' colours when the community has none of its own: spec 03 §9 "Default colours:
 * background #1DA9F3, primary #183449" (the accent, which has no default, takes the primary's),
 * and §3 text #ffffff, date #0d6efd.
 */
export const FALLBACK_CALENDAR_COLORS = {
  colorBackground: '#1da9f3',
  colorAccent: '#183449',
  colorPrimary: '#183449',
  colorText: PUBLIC_CALENDAR_DEFAULTS.colorText,
  colorDate: PUBLIC_CALENDAR_DEFAULTS.colorDate,
} as const satisfies Record<PublicCalendarColorName, string>;

/** The title of a calendar's frame (the embed code, the preview): what it is and whose. */
export const calendarFrameTitle = (communityName: string, calendarLabel: string): string => `${communityName} calendar: ${calendarLabel}`;

/** The five colours as the pickers hold them: '#rrggbb' lower case. */
export type BuilderColors = Record<PublicCalendarColorName, string>;

export interface BuilderChoices {
  selectedTab: string;
  defaultView: PublicCalendarView;
  colors: BuilderColors;
  /** The chosen frame height; null: the defaults (preview 898, embed 800). */
  height: number | null;
  hideArrows: boolean;
  expand: boolean;
  isCondensed: boolean;
  code: CodeTab;
}

export interface BuilderDefaults {
  /** The calendars the selector offers (their ids), first is the default. */
  tabs: readonly string[];
  /** The community's colours (background, accent, primary) and the spec's text and date colours. */
  colors: BuilderColors;
}

/** A picker's value: '#rrggbb' (an '#rrggbbaa' colour loses its alpha), or null. */
export function pickerColor(value: string | null | undefined): string | null {
  return readColor(value)?.slice(0, 7) ?? null;
}

/** A checkbox posts 'on'; a written address says 'true'. */
function flag(search: URLSearchParams, name: string): boolean {
  const value = search.get(name)?.trim().toLowerCase();
  return value === 'on' || value === 'true' || value === '1';
}

/** A whole number of pixels within EMBED_HEIGHT_LIMITS, else null (the defaults). */
export function readHeight(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d{1,5}$/.test(text)) return null;
  const height = Number(text);
  return height >= EMBED_HEIGHT_LIMITS.min && height <= EMBED_HEIGHT_LIMITS.max ? height : null;
}

export function readBuilderQuery(search: URLSearchParams, defaults: BuilderDefaults): BuilderChoices {
  const tab = search.get('selectedTab')?.trim();
  const view = search.get('defaultView');
  const code = search.get('code');
  const colors = { ...defaults.colors };
  for (const name of PUBLIC_CALENDAR_COLOR_NAMES) colors[name] = pickerColor(search.get(name)) ?? defaults.colors[name];
  return {
    selectedTab: tab && defaults.tabs.includes(tab) ? tab : (defaults.tabs[0] ?? PUBLIC_CALENDAR_DEFAULTS.selectedTab),
    defaultView: PUBLIC_CALENDAR_VIEWS.find((known) => known === view) ?? PUBLIC_CALENDAR_DEFAULTS.defaultView,
    colors,
    height: readHeight(search.get('height')),
    hideArrows: flag(search, 'hideArrows'),
    expand: flag(search, 'expand'),
    isCondensed: flag(search, 'isCondensed'),
    code: CODE_TABS.find((known) => known === code) ?? 'embed',
  };
}

/**
 * The public calendar's query for the choices (the preview, the Screen URL, the embed code): the
 * canonical one of publicCalendarSearch, without the colours that are the community's own (or
 * the spec's text and date defaults), so a calendar follows later changes of its community's
 * colours and the same calendar has one address.
 */
export function builderCalendarSearch(community: string, choices: BuilderChoices, defaults: BuilderDefaults): Record<string, string> {
  const own = (name: PublicCalendarColorName) =>
    choices.colors[name] === pickerColor(defaults.colors[name]) ? null : choices.colors[name];
  return publicCalendarSearch({
    clocation: community,
    selectedTab: choices.selectedTab,
    defaultView: choices.defaultView,
    isCondensed: choices.isCondensed,
    hideArrows: choices.hideArrows,
    expand: choices.expand,
    colorBackground: own('colorBackground'),
    colorAccent: own('colorAccent'),
    colorPrimary: own('colorPrimary'),
    colorText: own('colorText'),
    colorDate: own('colorDate'),
  });
}

/** The builder's own query for the choices (the code tabs' links): the calendar's, less clocation, plus the calendar, height and the tab. */
export function builderSearch(
  community: string,
  choices: BuilderChoices,
  defaults: BuilderDefaults,
  code: CodeTab = choices.code,
): Record<string, string> {
  const { clocation: _community, ...calendar } = builderCalendarSearch(community, choices, defaults);
  // The builder's default calendar is the selector's first, not the public calendar's: always named.
  const search: Record<string, string> = { selectedTab: choices.selectedTab, ...calendar };
  if (choices.height !== null) search.height = String(choices.height);
  if (code !== 'embed') search.code = code;
  return search;
}

export const previewHeight = (choices: Pick<BuilderChoices, 'height'>): number => choices.height ?? PUBLIC_CALENDAR_DEFAULTS.previewHeight;
export const embedHeight = (choices: Pick<BuilderChoices, 'height'>): number => choices.height ?? PUBLIC_CALENDAR_DEFAULTS.embedHeight;
