import { asRecord, entryEmail, entryName, huntSteps, statusText, timeOf, type Json } from '../rules';
import type { EntryItem } from '../store';

/**
 * The rows of an entries export (spec 02 §4 "Listing actions" export, §9 "Export file names"):
 * one column per form field (its label as header) or hunt step (its title), after the
 * submission date, name, e-mail and completion of the entry. Dates are the community's time
 * zone's. Pure: the job (./make.ts) reads the entries page by page and writes these rows as CSV
 * and as a spreadsheet.
 */

/** A cell: text, or a number the spreadsheet keeps as a number. */
export type Cell = string | number;

export interface ExportColumn {
  header: string;
  value(entry: Json, key: string): Cell;
}

/** Form fields that are text of the form, not answers (spec 02 §3 "header, label, static are not data"). */
const NOT_DATA: ReadonlySet<string> = new Set(['header', 'label', 'static', 'paragraph', 'hidden', 'button']);

/** Spec 02 §3 "Feedback schema", for a feedback item that keeps no fields of its own. */
const FEEDBACK_FIELDS: Json[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'siteNumber', label: 'Site number', type: 'text' },
  { name: 'startDate', label: 'Start date', type: 'date' },
  { name: 'endDate', label: 'End date', type: 'date' },
  { name: 'cleanliness', label: 'Cleanliness', type: 'starRating' },
  { name: 'staff', label: 'Staff', type: 'starRating' },
  { name: 'amenities', label: 'Amenities', type: 'starRating' },
  { name: 'additionalComments', label: 'Additional comments', type: 'textarea' },
];

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The data fields of a form (name, label, type, choices), in the form's order. */
export function formFields(item: EntryItem): Array<{ name: string; label: string; type: string; choices: Json[] }> {
  const raw = Array.isArray(item.record.fields) ? item.record.fields : Object.values(asRecord(item.record.fields));
  const fields = raw.map(asRecord);
  const list = fields.length === 0 && item.kind === 'feedback' ? FEEDBACK_FIELDS : fields;
  const seen = new Set<string>();
  return list.flatMap((field) => {
    const name = text(field.name);
    const type = text(field.type) ?? 'text';
    // Feedback keeps its site number under a label field: a label is data only there.
    const data = !NOT_DATA.has(type) || (type === 'label' && item.kind === 'feedback');
    if (!name || !data || seen.has(name)) return [];
    seen.add(name);
    return [{ name, label: text(field.label) ?? name, type, choices: Array.isArray(field.values) ? field.values.map(asRecord) : [] }];
  });
}

/** 'MM/dd/yyyy hh:mm AM' in the zone (spec 02 §9 "Date format MM/dd/yyyy hh:mm a"); '' for no time. */
export function exportDateTime(ms: number, timeZone: string): string {
  if (!(ms > 0)) return '';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  })
    .format(ms)
    .replace(',', '');
}

const exportDay = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' }).format(ms);

/** One answer as a cell: choices by their labels, lists joined, dates as days in the zone, numbers kept. */
function answerCell(field: { type: string; choices: Json[] }, value: unknown, timeZone: string): Cell {
  if (value === undefined || value === null) return '';
  if (field.type === 'date') {
    const ms = timeOf(value);
    return ms > 0 ? exportDay(ms, timeZone) : (text(value) ?? '');
  }
  const labelOf = (one: unknown) => text(field.choices.find((choice) => choice.value === one)?.label) ?? text(one) ?? '';
  if (Array.isArray(value))
    return value
      .map(labelOf)
      .filter((one) => one !== '')
      .join(', ');
  if (typeof value === 'number' && Number.isFinite(value) && field.choices.length === 0) return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return '';
  return labelOf(value);
}

/** The columns of an item's export: the entry's own four, then its fields or steps. */
export function exportColumns(item: EntryItem, timeZone: string): ExportColumn[] {
  const fixed: ExportColumn[] = [
    { header: 'Submitted', value: (entry) => exportDateTime(timeOf(entry.createDate), timeZone) },
    { header: 'Name', value: (entry) => entryName(entry) ?? '' },
    { header: 'E-mail', value: (entry) => entryEmail(entry) ?? '' },
    { header: 'Completion', value: (entry) => statusText(entry) },
  ];
  if (item.kind === 'rsvp') fixed.push({ header: 'Event', value: (entry) => text(entry.eventTitle) ?? '' });
  if (item.kind === 'hunt') {
    return [
      ...fixed,
      ...huntSteps(item.record).map((step) => ({
        header: step.title,
        value: (entry: Json): Cell => {
          const response = asRecord(entry[step.key]);
          const answer = response.answer;
          if (Array.isArray(answer)) return answer.map(String).join(', ');
          return text(answer) ?? text(response.drawable) ?? text(response.photo) ?? '';
        },
      })),
    ];
  }
  return [
    ...fixed,
    ...formFields(item).map((field) => ({
      header: field.label,
      value: (entry: Json) => answerCell(field, asRecord(asRecord(entry.answers)[field.name]).value, timeZone),
    })),
  ];
}

export const headerRow = (columns: readonly ExportColumn[]): string[] => columns.map((column) => column.header);

export const entryRow = (columns: readonly ExportColumn[], key: string, entry: Json): Cell[] =>
  columns.map((column) => column.value(entry, key));

// ─── CSV ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, quote, line break or leading/trailing
 * space, quotes doubled. Text a spreadsheet would run as a formula (starting with =, +, -, @,
 * tab or carriage return) gets a leading apostrophe: a guest's answer is never a formula.
 */
export function csvField(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  let value = cell;
  if (/^[=+\-@\t\r]/.test(value)) value = `'${value}`;
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line with its CRLF. */
export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** The byte-order mark that makes spreadsheet programs read the CSV as UTF-8. */
export const CSV_BOM = '\uFEFF';

// ─── Names ────────────────────────────────────────────────────────────────────────────────────

/** Spec 02 §9 "Export file names use a timestamp pattern MM-DD-YYYY-hh-mm-A", in the zone. */
export function exportTimestamp(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('month')}-${part('day')}-${part('year')}-${part('hour')}-${part('minute')}-${part('dayPeriod').toUpperCase()}`;
}

/** A name for a file or folder in the zip: letters, digits, spaces, '.', '_' and '-' kept, at most 80 characters. */
export function zipName(value: string, fallback: string): string {
  const cleaned = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['"\u2018\u2019\u201c\u201d,]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned === '' ? fallback : cleaned;
}

/** The folder of an entry in a photos or files zip: '{name} {key}' (the key keeps two guests of one name apart). */
export function entryFolder(key: string, entry: Json): string {
  const who = entryName(entry) ?? entryEmail(entry);
  return who ? `${zipName(who, 'Entry')} ${zipName(key, 'entry')}` : zipName(key, 'entry');
}
