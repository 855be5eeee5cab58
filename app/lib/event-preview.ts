import { formatInTimeZone } from 'date-fns-tz';
import { descriptionParagraphs, type PreviewButton } from '~/lib/business-preview';
import { dateTimeFormValue, parseDateTimeField } from '~/lib/date-time';
import { DEFAULT_MENU_ICON, getMenuIcon } from '~/lib/icons/library';
import { OFF_SITE } from '~/schemas/event';
import { isRecord, textOf } from '~/schemas/listing/shared';

/**
 * What the event editor's live preview shows (spec 02 "Event editor": header, title, action
 * buttons, date and time, location, description, audience; buttons RSVP if RSVP is requested,
 * else Add Favorite; Call, Map, Website, Tickets, Start Hunt, plus custom detail buttons).
 * Isomorphic: the server builds it from the stored or posted event, the browser from the form
 * as the person types (`eventPreviewSourceOfForm`).
 */

export interface EventPreviewModel {
  title: string;
  buttons: Array<Omit<PreviewButton, 'id'> & { id: string }>;
  /** The date and time line. */
  when: string;
  location: string[];
  description: string[];
  audience: string;
}

/** The event fields the preview reads, as stored or as the form posts them. */
export interface EventPreviewSource {
  title?: unknown;
  description?: unknown;
  audience?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  allDay?: unknown;
  endDateHide?: unknown;
  resortLocationId?: unknown;
  location?: unknown;
  address?: unknown;
  city?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  phone?: unknown;
  website?: unknown;
  ticketing?: unknown;
  rsvpRequest?: unknown;
  huntKey?: unknown;
  detailButtons?: unknown;
}

export interface EventPreviewContext {
  timeZone: string;
  /** The community's locations (a resortLocationId shows as its title). */
  locations: ReadonlyArray<{ id: string; title: string }>;
  /** The calendar's audience titles: a stored (lower-case) audience shows as its title. */
  audiences?: readonly string[];
}

const flag = (value: unknown) => value === true || value === 'on' || value === 'true';
const instant = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
};
const ACTION_ICONS: Readonly<Record<string, string>> = { website: 'globe', call: 'phone', mailto: 'mail', email: 'mail' };

function customIcon(button: Record<string, unknown>): string {
  const named = textOf(button.icon).trim().toLowerCase();
  if (named && getMenuIcon(named)) return named;
  const action = isRecord(button.action) ? textOf(button.action.action) : textOf(button.action);
  return ACTION_ICONS[action] ?? DEFAULT_MENU_ICON;
}

/** Spec 03 §9 "event date format 'MMMM Do YYYY @ h:mm a'": November 30th 2026 @ 5:00 pm. */
const EVENT_DAY_FORMAT = 'MMMM do yyyy';
const EVENT_TIME_FORMAT = 'h:mm aaa';

/**
 * The date and time line in the spec's event date format (spec 03 §9), in the community's zone:
 * 'November 30th 2026 @ 5:00 pm - 7:00 pm', the end's day too when it is another day
 * ('… - December 2nd 2026 @ 3:00 pm'); all-day events their days and 'All Day' (spec 02 §9).
 */
export function eventWhen(source: Pick<EventPreviewSource, 'startDate' | 'endDate' | 'allDay' | 'endDateHide'>, timeZone: string): string {
  const start = instant(source.startDate);
  if (start === null) return '';
  const end = instant(source.endDate);
  const dayOf = (ms: number) => formatInTimeZone(ms, timeZone, EVENT_DAY_FORMAT);
  const timeOf = (ms: number) => formatInTimeZone(ms, timeZone, EVENT_TIME_FORMAT);
  const day = dayOf(start);
  if (flag(source.allDay)) {
    const lastDay = end !== null && end > start ? dayOf(end) : day;
    return lastDay === day ? `${day} (All Day)` : `${day} - ${lastDay} (All Day)`;
  }
  const from = `${day} @ ${timeOf(start)}`;
  if (end === null || end < start || flag(source.endDateHide)) return from;
  const endDay = dayOf(end);
  return `${from} - ${endDay === day ? '' : `${endDay} @ `}${timeOf(end)}`;
}

const audienceTitle = (audience: string, titles: readonly string[]) =>
  titles.find((title) => title.toLowerCase() === audience.toLowerCase()) ?? audience;

export function eventPreviewModel(source: EventPreviewSource, context: EventPreviewContext): EventPreviewModel {
  const buttons: EventPreviewModel['buttons'] = [];
  const builtIn = (id: string, label: string, icon: string) => buttons.push({ id, label, icon });
  if (flag(source.rsvpRequest)) builtIn('rsvp', 'RSVP', 'calendar');
  else builtIn('favorite', 'Add Favorite', 'heart');
  if (textOf(source.phone).trim()) builtIn('call', 'Call', 'phone');
  const locationId = textOf(source.resortLocationId);
  const offSite = locationId === '' || locationId === OFF_SITE;
  const place = offSite ? null : (context.locations.find((location) => location.id === locationId) ?? null);
  const offSiteLines = offSite
    ? [textOf(source.location).trim(), textOf(source.address).trim(), textOf(source.city).trim()].filter((line) => line !== '')
    : [];
  const hasCoordinates = textOf(source.latitude).trim() !== '' && textOf(source.longitude).trim() !== '';
  if (place || textOf(source.address).trim() !== '' || (offSite && hasCoordinates)) builtIn('map', 'Map', 'map-pin');
  if (textOf(source.website).trim()) builtIn('website', 'Website', 'globe');
  if (textOf(source.ticketing).trim()) builtIn('tickets', 'Tickets', 'tag');
  if (textOf(source.huntKey).trim()) builtIn('hunt', 'Start Hunt', 'flag');
  const custom = Array.isArray(source.detailButtons)
    ? source.detailButtons
    : isRecord(source.detailButtons)
      ? Object.values(source.detailButtons)
      : [];
  custom.forEach((button, index) => {
    if (!isRecord(button)) return;
    const title = textOf(button.title).trim();
    if (title) buttons.push({ id: `custom-${index}`, label: title, icon: customIcon(button) });
  });
  return {
    title: textOf(source.title).trim(),
    buttons,
    when: eventWhen(source, context.timeZone),
    location: place ? [place.title] : offSiteLines,
    description: descriptionParagraphs(source.description),
    audience: audienceTitle(textOf(source.audience).trim(), context.audiences ?? []),
  };
}

/**
 * A picker's instant as the form holds it now: its date and time parts read in the zone, as the
 * save reads them (the hidden instant may still hold the value the page was drawn with); a
 * date without a time (all-day) is its day's start.
 */
function pickedInstant(data: { get(name: string): unknown }, name: string, timeZone: string): string {
  const posted = dateTimeFormValue(data, name);
  const withTime = parseDateTimeField(posted, timeZone, { required: false });
  const value = withTime.value ?? parseDateTimeField(posted, timeZone, { required: false, withTime: false }).value;
  return value === null ? '' : String(value);
}

/** The preview's source from the editor's form as it is now (posted names: see app/schemas/event.ts), its dates read in `timeZone`. */
export function eventPreviewSourceOfForm(
  data: { get(name: string): unknown; entries(): Iterable<[string, unknown]> },
  timeZone: string,
): EventPreviewSource {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const buttons: Array<{ title: string; icon: string }> = [];
  for (const [name, value] of data.entries()) {
    const match = /^detailButtons\[(\d+)\]\.(title|icon)$/.exec(name);
    if (!match || typeof value !== 'string') continue;
    const row = (buttons[Number(match[1])] ??= { title: '', icon: '' });
    row[match[2] as 'title' | 'icon'] = value;
  }
  return {
    title: text('title'),
    description: text('description'),
    audience: text('audience'),
    startDate: pickedInstant(data, 'startDate', timeZone),
    endDate: pickedInstant(data, 'endDate', timeZone),
    allDay: text('allDay'),
    endDateHide: text('endDateHide'),
    resortLocationId: text('resortLocationId'),
    location: text('location'),
    address: text('address'),
    city: text('city'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    phone: text('phone'),
    website: text('website'),
    ticketing: text('ticketing'),
    rsvpRequest: text('rsvpRequest'),
    huntKey: text('hunt') === 'on' ? text('huntKey') : '',
    detailButtons: buttons.filter(Boolean),
  };
}
