import { z } from 'zod';

/**
 * Weekly opening hours of a business (spec 03 §3 Hours, §4 Hours, §9 "hours format h:mm AM/PM
 * en-US"). Isomorphic and pure: the editor's form value, its schema, and the stored record.
 *
 * Stored: per day Mon..Sun a list of `{ open, close }` as 'h:mm AM/PM' text, '?' for an unset
 * half; a closed day is omitted; no hours at all is null. The form uses 'HH:mm' (what an
 * `<input type="time">` posts) and '' for an empty half.
 */

export const HOURS_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type HoursDay = (typeof HOURS_DAYS)[number];

export const HOURS_DAY_NAMES: Record<HoursDay, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

/** A stored open/close pair: 'h:mm AM/PM' or '?'. */
export interface HoursSlot {
  open: string;
  close: string;
}
/** Stored hours: closed days omitted. */
export type Hours = Partial<Record<HoursDay, HoursSlot[]>>;

/** The editor's value: 'HH:mm' or '' per half. */
export interface HoursFormValue {
  noHours: boolean;
  days: Record<HoursDay, Array<{ open: string; close: string }>>;
}

/** The unset half of a stored slot. */
export const UNSET_TIME = '?';
/** Slot rows shown per day without JavaScript. */
export const HOURS_ROWS_WITHOUT_JS = 2;
/** The most slots a day holds (with JavaScript 'Add hours' adds rows up to this). */
export const MAX_HOURS_SLOTS = 4;
/** The text of an item that is open around the clock (`always`). */
export const OPEN_24_7 = 'Open 24/7';
export const INVALID_TIME = 'Enter a time such as 9:00 AM.';
export const TOO_MANY_SLOTS = `At most ${MAX_HOURS_SLOTS} opening times a day.`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An empty week (every day closed). */
export function emptyHoursFormValue(): HoursFormValue {
  return { noHours: false, days: { Mon: [], Tue: [], Wed: [], Thu: [], Fri: [], Sat: [], Sun: [] } };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time as 'HH:mm', from whatever a record or a form holds: 'h:mm AM/PM' (also 'h AM',
 * '9:30pm', 'a.m.'), 24-hour 'H:mm' or 'HH:mm[:ss]'. Anything else ('?', '', numbers, junk) is ''.
 */
export function toTimeInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = value.trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');
  if (text === '' || text.length > 20) return '';
  const twelve = /^(\d{1,2})(?::(\d{2}))?\s?(am|pm)$/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2] ?? '0');
    if (hour < 1 || hour > 12 || minute > 59) return '';
    const h24 = (hour % 12) + (twelve[3] === 'pm' ? 12 : 0);
    return `${pad(h24)}:${pad(minute)}`;
  }
  const day = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (day) {
    const hour = Number(day[1]);
    const minute = Number(day[2]);
    if (hour > 23 || minute > 59 || Number(day[3] ?? '0') > 59) return '';
    return `${pad(hour)}:${pad(minute)}`;
  }
  return '';
}

/** 'HH:mm' as stored, 'h:mm AM/PM' (en-US); '' or an unreadable time is '?'. */
export function toStoredTime(value: string): string {
  const time = toTimeInput(value);
  if (time === '') return UNSET_TIME;
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The day a stored key names ('Mon', 'mon', 'Monday' …), or null. */
function dayOf(key: string): HoursDay | null {
  const short = key.trim().slice(0, 3).toLowerCase();
  return HOURS_DAYS.find((day) => day.toLowerCase() === short) ?? null;
}

/** A stored day's slots as a list, whatever shape it has (array, array-like object, one slot, 'open - close' text). */
function storedSlots(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    const parts = value.split(/\s*[-–—]\s*|\s+to\s+/i);
    return parts.length === 2 ? [{ open: parts[0], close: parts[1] }] : [];
  }
  if (isRecord(value)) {
    if ('open' in value || 'close' in value) return [value];
    return Object.keys(value)
      .filter((key) => /^\d+$/.test(key))
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  }
  return [];
}

/**
 * The editor's value for stored hours (or for a posted form value, to show it again). Never
 * throws: JSON text is read, odd shapes are read as far as they make sense, and what cannot be
 * read is left out.
 */
export function hoursFormValue(stored: unknown): HoursFormValue {
  const form = emptyHoursFormValue();
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return form;
    }
  }
  if (!isRecord(value)) return form;
  let week: Record<string, unknown> = value;
  // A posted form value (conform's lastResult.initialValue): { noHours, days: { Mon: [...] } }.
  if (isRecord(value.days)) {
    form.noHours = value.noHours === 'on' || value.noHours === true || value.noHours === 'true';
    week = value.days;
  }
  for (const [key, slots] of Object.entries(week)) {
    const day = dayOf(key);
    if (!day) continue;
    for (const slot of storedSlots(slots)) {
      if (form.days[day].length >= MAX_HOURS_SLOTS) break;
      if (!isRecord(slot)) continue;
      const open = toTimeInput(slot.open);
      const close = toTimeInput(slot.close);
      if (open === '' && close === '') continue;
      form.days[day].push({ open, close });
    }
  }
  return form;
}

/**
 * Stored hours for the editor's value (spec 03 §4): each filled half as 'h:mm AM/PM', an empty
 * half of a filled slot as '?'; empty slots and days with no filled slot are left out; null
 * when nothing is filled or the no-hours box is checked.
 */
export function hoursRecord(form: HoursFormValue): Hours | null {
  if (form.noHours) return null;
  const hours: Hours = {};
  for (const day of HOURS_DAYS) {
    const slots = (form.days[day] ?? [])
      .filter((slot) => toTimeInput(slot.open) !== '' || toTimeInput(slot.close) !== '')
      .map((slot) => ({ open: toStoredTime(slot.open), close: toStoredTime(slot.close) }));
    if (slots.length > 0) hours[day] = slots;
  }
  return Object.keys(hours).length === 0 ? null : hours;
}

/**
 * Hours as a preview shows them: 'Open 24/7' when always; otherwise every day with its times
 * ('Closed' for an omitted day), or nothing when there are no hours.
 */
export function hoursLines(hours: unknown, always: boolean): Array<{ day: string; text: string }> {
  if (always) return [{ day: 'Every day', text: OPEN_24_7 }];
  const record = hoursRecord(hoursFormValue(hours));
  if (!record) return [];
  return HOURS_DAYS.map((day) => {
    const slots = record[day];
    return {
      day: HOURS_DAY_NAMES[day],
      text: slots ? slots.map((slot) => `${slot.open} – ${slot.close}`).join(', ') : 'Closed',
    };
  });
}

/**
 * One posted time: '' or a time an input may post, as 'HH:mm'. Optional, because conform reads
 * an emptied field as nothing.
 */
const timeField = z
  .string({ invalid_type_error: INVALID_TIME })
  .trim()
  .max(20, INVALID_TIME)
  .refine((value) => value === '' || toTimeInput(value) !== '', INVALID_TIME)
  .optional()
  .transform((value) => toTimeInput(value ?? ''));

const slotSchema = z.preprocess(
  (value) => (value === undefined || value === null ? {} : value),
  z.object({ open: timeField, close: timeField }),
);

const daySchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? [] : value),
  z.array(slotSchema).max(MAX_HOURS_SLOTS, TOO_MANY_SLOTS),
);

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

/** The editor's schema (conform nested names: `hours.noHours`, `hours.days.Mon[0].open` …). */
export const hoursFormSchema: z.ZodType<HoursFormValue, z.ZodTypeDef, unknown> = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? {} : value),
  z.object({
    noHours: checkbox,
    days: z.preprocess(
      (value) => (value === undefined || value === null || value === '' ? {} : value),
      z.object({
        Mon: daySchema,
        Tue: daySchema,
        Wed: daySchema,
        Thu: daySchema,
        Fri: daySchema,
        Sat: daySchema,
        Sun: daySchema,
      }),
    ),
  }),
);
