import { z } from 'zod';
import { HOURS_DAYS, type HoursDay } from '~/lib/hours';
import { isRecord } from './shared';

/**
 * Weekly hours (spec 03 §3 "Hours": per day Mon to Sun, a list of open/close pairs as
 * 'h:mm AM/PM' text; '?' means unset; a closed day is omitted; §4: a day is discarded when
 * all its slots are empty, and hours are saved as null when no slot has any time).
 *
 * The form posts `hours.Mon[0].open` …; times are read leniently ('9am', '9:30 pm', '12 PM')
 * and stored in the spec's form ('9:00 AM'). A slot with only one side keeps '?' for the other.
 */

export { HOURS_DAYS, HOURS_DAY_NAMES as HOURS_DAY_LABELS, type HoursDay } from '~/lib/hours';

/** The most open/close pairs one day holds. */
export const MAX_HOURS_SLOTS = 6;
/** Spec 03 §3: an unset side of a pair. */
export const UNSET_TIME = '?';
export const INVALID_TIME = 'Enter a time such as 9:00 AM.';
export const TOO_MANY_SLOTS = `At most ${MAX_HOURS_SLOTS} opening times a day.`;

/** The spec's time text: 'h:mm AM/PM'. */
export const HOURS_TIME = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

/** A typed time in the spec's form ('9:00 AM'), '?' for unset, or null when it is not a time. */
export function normalizeTime(value: string): string | null {
  const text = value.trim().toUpperCase().replace(/\./g, '');
  if (text === UNSET_TIME) return UNSET_TIME;
  const match = /^(\d{1,2})(?::?([0-5]\d))?\s*([AP])M?$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  if (hour < 1 || hour > 12) return null;
  return `${hour}:${match[2] ?? '00'} ${match[3]}M`;
}

export interface HoursSlot {
  open: string;
  close: string;
}
/** Stored hours: only the open days, each with its pairs. */
export type StoredHours = { [Day in HoursDay]?: HoursSlot[] };

const time = z
  .string()
  .trim()
  .max(12, INVALID_TIME)
  .refine((value) => normalizeTime(value) !== null, INVALID_TIME)
  .optional();

/** conform posts a row whose two inputs are empty as an empty object. */
const slot = z.object({ open: time, close: time }).optional();
const day = z.array(slot).max(MAX_HOURS_SLOTS, TOO_MANY_SLOTS).optional();

const toStored = (value: string | undefined): string => (value ? (normalizeTime(value) ?? UNSET_TIME) : UNSET_TIME);

/** The weekly hours of a form, as stored: the open days only, or null when nothing is filled. */
export const HoursSchema = z
  .object({ Mon: day, Tue: day, Wed: day, Thu: day, Fri: day, Sat: day, Sun: day })
  .optional()
  .transform((hours): StoredHours | null => {
    const stored: StoredHours = {};
    for (const name of HOURS_DAYS) {
      const slots = (hours?.[name] ?? [])
        .filter((entry) => Boolean(entry?.open || entry?.close))
        .map((entry) => ({ open: toStored(entry?.open), close: toStored(entry?.close) }));
      if (slots.length > 0) stored[name] = slots;
    }
    return Object.keys(stored).length > 0 ? stored : null;
  });

export type HoursFormValue = { [Day in HoursDay]?: Array<{ open?: string; close?: string }> };

/** Stored hours as the form shows them ('?' as an empty input); gaps in stored lists are skipped. */
export function hoursToForm(stored: unknown): HoursFormValue {
  const form: HoursFormValue = {};
  if (!isRecord(stored)) return form;
  for (const name of HOURS_DAYS) {
    const raw = stored[name];
    const list: unknown[] = Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [];
    const slots = list
      .filter(isRecord)
      .slice(0, MAX_HOURS_SLOTS)
      .map((entry) => ({ open: formTime(entry.open), close: formTime(entry.close) }));
    if (slots.length > 0) form[name] = slots;
  }
  return form;
}

const formTime = (value: unknown): string => (typeof value === 'string' && value !== UNSET_TIME ? value : '');
