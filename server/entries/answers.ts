import { htmlToText } from '@server/mail/text';
import { asRecord, timeOf, type Json } from './rules';
import type { EntryItem } from './store';

/**
 * A form entry's answers in the form's field order (spec 02 §3 "Form schema fields": header,
 * label and static are not data; image, date and signature are special), as both the entry view
 * and the entry's PDF show them. Headers and static text are the form's own words; an empty
 * answer is 'Not Answered'; images and signatures keep their stored value (a URL, a storage path
 * or a data URL) for whoever draws them.
 */

export type EntryAnswer =
  /** A header field: a section's title. */
  | { kind: 'header'; text: string }
  /** Static text of the form (static, paragraph, an unanswered label). */
  | { kind: 'static'; text: string }
  | { kind: 'text'; label: string; text: string }
  | { kind: 'empty'; label: string; text: string }
  | { kind: 'image'; label: string; value: unknown }
  | { kind: 'signature'; label: string; value: unknown };

export const NOT_ANSWERED = 'Not Answered';
/** What the entry view shows for a signature (spec 02 "Guest entries"). */
export const CHECK_PDF = 'Check PDF';

/** Field types that hold no answer and show nothing. */
const HIDDEN: ReadonlySet<string> = new Set(['hidden', 'button']);
/** Field types that are the form's own text. */
const FORM_TEXT: ReadonlySet<string> = new Set(['static', 'paragraph']);

/** Spec 02 §3 "Feedback schema", for a feedback item that keeps no fields of its own. */
const FEEDBACK_FIELDS: Json[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'siteNumber', label: 'Site number', type: 'label' },
  { name: 'startDate', label: 'Start date', type: 'date' },
  { name: 'endDate', label: 'End date', type: 'date' },
  { name: 'cleanliness', label: 'Cleanliness', type: 'starRating' },
  { name: 'staff', label: 'Staff', type: 'starRating' },
  { name: 'amenities', label: 'Amenities', type: 'starRating' },
  { name: 'additionalComments', label: 'Additional comments', type: 'textarea' },
];

/** At most this many fields of a form are read (a form has tens). */
export const MAX_FORM_FIELDS = 500;

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** A label as plain text (form builders keep some labels as HTML). */
const plain = (value: unknown): string | null => {
  const raw = text(value);
  if (!raw) return null;
  const reduced = /[<&]/.test(raw) ? htmlToText(raw) : raw;
  return reduced === '' ? null : reduced;
};

const day = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' }).format(ms);

/** The form's fields in their order (a list, or a keyed object in key order); the feedback schema for a feedback item without any. */
export function formFields(item: Pick<EntryItem, 'kind' | 'record'>): Json[] {
  const raw = item.record.fields;
  const list = Array.isArray(raw) ? raw : Object.values(asRecord(raw));
  const fields = list.slice(0, MAX_FORM_FIELDS).map(asRecord);
  return fields.length === 0 && item.kind === 'feedback' ? FEEDBACK_FIELDS : fields;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Every field of the form with the entry's answer to it, in the form's order. */
export function entryAnswers(item: Pick<EntryItem, 'kind' | 'record'>, entry: Json, timeZone: string): EntryAnswer[] {
  const answers = asRecord(entry.answers);
  return formFields(item).flatMap((field): EntryAnswer[] => {
    const type = text(field.type) ?? 'text';
    if (HIDDEN.has(type)) return [];
    if (type === 'header') {
      const heading = plain(field.label);
      return heading ? [{ kind: 'header', text: heading }] : [];
    }
    if (FORM_TEXT.has(type)) {
      const words = plain(field.label);
      return words ? [{ kind: 'static', text: words }] : [];
    }
    const name = text(field.name);
    if (!name) return [];
    const label = plain(field.label) ?? name;
    const value = Object.hasOwn(answers, name) ? asRecord(answers[name]).value : undefined;
    const empty = isEmpty(value);
    // A label is text of the form, unless the guest's answer is kept under it (feedback's site number).
    if (type === 'label') return empty ? [{ kind: 'static', text: label }] : [{ kind: 'text', label, text: text(value) ?? String(value) }];
    if (empty) return [{ kind: 'empty', label, text: NOT_ANSWERED }];
    if (type === 'signature') return [{ kind: 'signature', label, value }];
    if (type === 'image' || type === 'file') return [{ kind: 'image', label, value }];
    if (type === 'date') {
      const ms = timeOf(value);
      return [{ kind: 'text', label, text: ms > 0 ? day(ms, timeZone) : (text(value) ?? NOT_ANSWERED) }];
    }
    if (type === 'starRating') {
      const stars = Number(value);
      return [{ kind: 'text', label, text: Number.isFinite(stars) ? `${stars} of 5 stars` : String(value) }];
    }
    const choices = Array.isArray(field.values) ? field.values.map(asRecord) : [];
    const labelOf = (one: unknown) => plain(choices.find((choice) => choice.value === one)?.label) ?? text(one) ?? '';
    const shown = Array.isArray(value)
      ? value
          .map(labelOf)
          .filter((one) => one !== '')
          .join(', ')
      : labelOf(value);
    return [shown === '' ? { kind: 'empty', label, text: NOT_ANSWERED } : { kind: 'text', label, text: shown }];
  });
}
