import { unzipSync } from 'fflate';
import { CSV_LIMITS, CSV_TEXTS, CsvError } from './csv';

/**
 * A small reader of Excel workbooks (.xlsx, Office Open XML SpreadsheetML) for listing imports
 * (docs/decisions/044): the first worksheet's cells as rows of text, which `xlsxToCsv` writes as
 * the CSV text an upload stores, so the preview, the jobs and Update Data read it as any CSV.
 *
 * - The zip is read with fflate, and only the parts needed are inflated: the workbook, its
 *   relationships, the shared strings and the first worksheet. Before anything is inflated each
 *   entry's declared size is checked against XLSX_LIMITS (one part, all parts, the number of
 *   entries); fflate inflates into a buffer of the declared size, so a part that lies about its
 *   size cannot grow past it either.
 * - Cells: shared strings (`s`; rich text runs joined, phonetic runs left out), inline strings
 *   (`inlineStr`), formula strings (`str`), booleans (`b`: TRUE / FALSE, as a spreadsheet saves
 *   them as CSV), numbers (`n`, the default: to Excel's 15 significant digits, in the shortest form), errors
 *   (`e`: #N/A …) and ISO dates (`d`). A number formatted as a date stays its serial number.
 * - Columns by their letters (B2 is the second column): missing cells are ''. Rows without any
 *   text are left out, as a CSV reader leaves out blank lines; trailing empty cells are dropped.
 * - The CSV reader's limits (rows, columns, cell length) with its messages.
 *
 * It runs in the worker pool (task `xlsx-csv`, server/pool), never on the web event loop.
 */

export const XLSX_LIMITS = {
  /** The largest part inflated (bytes). */
  maxPartBytes: 48 * 1024 * 1024,
  /** All parts inflated together (bytes). */
  maxTotalBytes: 64 * 1024 * 1024,
  /** Entries of the zip's directory. */
  maxEntries: 10_000,
} as const;

export const XLSX_TEXTS = {
  notXlsx: 'The file is not an Excel workbook (.xlsx). Please save it as .xlsx or CSV and upload it again.',
  noSheet: 'The workbook has no worksheet.',
  tooLarge: 'The workbook unpacks to more data than an import takes. Please save it as CSV or split it into smaller files.',
  tooComplex: 'This workbook is too complex to read. Please save it as CSV and upload that.',
  encrypted: 'The workbook is protected by a password. Please save it without one and upload it again.',
} as const;

export interface XlsxReadLimits {
  maxRows: number;
  maxColumns: number;
  maxCell: number;
}

type Parts = Record<string, Uint8Array>;

/** Inflates the entries `wanted` names, refusing a zip whose declared sizes pass the limits. */
function inflate(bytes: Uint8Array, wanted: (name: string) => boolean, budget: { total: number }): Parts {
  let entries = 0;
  try {
    return unzipSync(bytes, {
      filter(file) {
        entries += 1;
        if (entries > XLSX_LIMITS.maxEntries) throw new CsvError(XLSX_TEXTS.tooLarge);
        if (!wanted(file.name)) return false;
        if (file.originalSize > XLSX_LIMITS.maxPartBytes) throw new CsvError(XLSX_TEXTS.tooLarge);
        budget.total += file.originalSize;
        if (budget.total > XLSX_LIMITS.maxTotalBytes) throw new CsvError(XLSX_TEXTS.tooLarge);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw error;
    // Not a zip, a damaged one, or a compression method other than deflate.
    throw new CsvError(XLSX_TEXTS.notXlsx);
  }
}

const decoder = new TextDecoder('utf-8');
const text = (bytes: Uint8Array | undefined) => (bytes ? decoder.decode(bytes) : null);

/** Numeric and the five predefined XML entities; anything else is left as it is. */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code >= 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name as 'amp'];
  });
}

/** OOXML's escapes of characters XML cannot hold: `_x000D_` is a carriage return, `_x005F_` an underscore. */
export function decodeOoxmlEscapes(value: string): string {
  if (!value.includes('_x')) return value;
  return value.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** `B12` → 1 (the column's index from 0), or null without letters. */
export function columnIndex(reference: string): number | null {
  const letters = /^\$?([A-Za-z]{1,3})/.exec(reference)?.[1];
  if (!letters) return null;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

interface Tag {
  /** The local name (without a namespace prefix). */
  name: string;
  close: boolean;
  selfClosing: boolean;
  attributes: string;
}

/**
 * The markup of an XML part as tags and text, in order: enough for the parts of a workbook
 * (comments, processing instructions and the declaration skipped; CDATA as text).
 */
function* scan(xml: string): Generator<Tag | { text: string }> {
  const token =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)(?:[\w.-]+:)?([\w.-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)/gy;
  let position = 0;
  let match: RegExpExecArray | null;
  while (position < xml.length && (match = token.exec(xml)) !== null) {
    position = token.lastIndex;
    if (match[1] !== undefined) yield { text: match[1] };
    else if (match[3] !== undefined)
      yield { name: match[3], close: match[2] === '/', selfClosing: match[5] === '/', attributes: match[4] ?? '' };
    else if (match[6] !== undefined) yield { text: decodeEntities(match[6]) };
  }
  // A '<' that starts no tag: the part is not XML.
  if (position < xml.length) throw new CsvError(XLSX_TEXTS.notXlsx);
}

/** One attribute of a tag by its local name (any namespace prefix), entities decoded. */
function attribute(tag: Tag, name: string): string | null {
  const pattern = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(tag.attributes)) !== null) {
    const local = match[1]!.includes(':') ? match[1]!.slice(match[1]!.indexOf(':') + 1) : match[1]!;
    if (local === name && !match[1]!.startsWith('xmlns')) return decodeEntities(match[2] ?? match[3] ?? '');
  }
  return null;
}

const isTag = (token: Tag | { text: string }): token is Tag => 'name' in token;

/**
 * The text of a string item (`<si>` of the shared strings, `<is>` of an inline string): its `<t>`
 * texts, rich text runs (`<r><t>`) joined, phonetic runs (`<rPh>`) left out. The scanner is
 * positioned after the item's opening tag and left after its closing tag.
 */
function stringItem(tokens: Generator<Tag | { text: string }>, itemName: string): string {
  let value = '';
  let inText = false;
  let phonetic = 0;
  // Not a for-of: leaving one would end the generator the caller goes on reading.
  for (let next = tokens.next(); !next.done; next = tokens.next()) {
    const token = next.value;
    if (!isTag(token)) {
      if (inText && phonetic === 0) value += token.text;
      continue;
    }
    if (token.name === itemName && token.close) break;
    if (token.name === 'rPh' && !token.selfClosing) phonetic += token.close ? -1 : 1;
    else if (token.name === 't' && !token.selfClosing) inText = !token.close;
  }
  return decodeOoxmlEscapes(value);
}

function sharedStrings(xml: string | null): string[] {
  if (xml === null) return [];
  const strings: string[] = [];
  const tokens = scan(xml);
  for (const token of tokens) {
    if (!isTag(token) || token.name !== 'si' || token.close) continue;
    strings.push(token.selfClosing ? '' : stringItem(tokens, 'si'));
  }
  return strings;
}

/** `xl/worksheets/sheet1.xml` from a relationship's target, relative to `xl/` (or absolute). */
function resolvePart(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `${base}/${target}`).split('/');
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.' && part !== '') resolved.push(part);
  }
  return resolved.join('/');
}

interface Relationship {
  type: string;
  target: string;
}

function relationships(xml: string | null): Map<string, Relationship> {
  const found = new Map<string, Relationship>();
  if (xml === null) return found;
  for (const token of scan(xml)) {
    if (!isTag(token) || token.name !== 'Relationship' || token.close) continue;
    const id = attribute(token, 'Id');
    const target = attribute(token, 'Target');
    if (id && target && attribute(token, 'TargetMode') !== 'External') found.set(id, { type: attribute(token, 'Type') ?? '', target });
  }
  return found;
}

/** The relationship ids of the workbook's sheets, in the workbook's order. */
function sheetIds(xml: string): string[] {
  const ids: string[] = [];
  for (const token of scan(xml)) {
    if (!isTag(token) || token.name !== 'sheet' || token.close) continue;
    const id = attribute(token, 'id');
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * The stored number to Excel's 15 significant digits, in its shortest form (-105.1 for
 * -105.10000000000001, as a spreadsheet shows it), else the stored text.
 */
function numberText(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  const value = Number(trimmed);
  return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : trimmed;
}

/** The worksheet's rows of cell texts (blank rows left out, trailing empty cells dropped). */
function sheetRows(xml: string, strings: readonly string[], limits: XlsxReadLimits): string[][] {
  const rows: string[][] = [];
  let row: string[] | null = null;
  let nextColumn = 0;
  // The cell being read.
  let cell: { column: number; type: string } | null = null;
  let value: string | null = null;
  let inValue = false;
  const tokens = scan(xml);
  const finishCell = (found: string) => {
    if (!row || !cell) return;
    const { column } = cell;
    nextColumn = column + 1;
    if (found === '') return;
    if (column >= limits.maxColumns) throw new CsvError(CSV_TEXTS.tooManyColumns);
    if (found.length > limits.maxCell) throw new CsvError(CSV_TEXTS.cellTooLong);
    while (row.length < column) row.push('');
    row[column] = found;
  };
  const valueOf = (type: string, raw: string | null): string => {
    if (raw === null) return '';
    switch (type) {
      case 's': {
        const index = Number(raw.trim());
        return Number.isInteger(index) ? (strings[index] ?? '') : '';
      }
      case 'inlineStr':
        // Read from <is> by stringItem, escapes already decoded.
        return raw;
      case 'b':
        return raw.trim() === '1' || raw.trim().toLowerCase() === 'true' ? 'TRUE' : 'FALSE';
      case 'n':
        return numberText(raw);
      default:
        // str (a formula's text), e (#N/A …), d (an ISO date), and anything unknown as its text.
        return decodeOoxmlEscapes(raw);
    }
  };
  for (const token of tokens) {
    if (!isTag(token)) {
      if (inValue) value = (value ?? '') + token.text;
      continue;
    }
    switch (token.name) {
      case 'row':
        if (token.close || token.selfClosing) {
          if (row && row.some((one) => one !== '')) {
            rows.push(row);
            if (rows.length > limits.maxRows + 1) throw new CsvError(CSV_TEXTS.tooManyRows);
          }
          row = null;
        } else {
          row = [];
          nextColumn = 0;
        }
        break;
      case 'c':
        if (token.close) {
          if (cell) finishCell(valueOf(cell.type, value));
          cell = null;
        } else {
          const reference = attribute(token, 'r');
          const column = (reference ? columnIndex(reference) : null) ?? nextColumn;
          cell = { column, type: attribute(token, 't') ?? 'n' };
          value = null;
          if (token.selfClosing) {
            finishCell('');
            cell = null;
          }
        }
        break;
      case 'v':
        if (!token.selfClosing) inValue = !token.close;
        if (!token.close && !token.selfClosing) value = '';
        break;
      case 'is':
        if (cell && !token.close && !token.selfClosing) value = stringItem(tokens, 'is');
        break;
      default:
        break;
    }
  }
  return rows;
}

/**
 * The first worksheet of a workbook as rows of cell texts (the first row the column names), as
 * the CSV reader would give them. Throws CsvError with the CSV reader's limit messages or
 * XLSX_TEXTS.
 */
export function readXlsxRows(bytes: Uint8Array, limits: XlsxReadLimits = CSV_LIMITS): string[][] {
  const budget = { total: 0 };
  const head = inflate(bytes, (name) => name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels', budget);
  const workbook = text(head['xl/workbook.xml']);
  if (workbook === null) {
    // A password-protected workbook is no zip at all, but an OLE file holding an encrypted package.
    if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) throw new CsvError(XLSX_TEXTS.encrypted);
    throw new CsvError(XLSX_TEXTS.notXlsx);
  }
  const rels = relationships(text(head['xl/_rels/workbook.xml.rels']));
  const sheet = sheetIds(workbook)
    .map((id) => rels.get(id))
    .find((rel) => rel !== undefined && /\/worksheet$/.test(rel.type));
  if (!sheet) throw new CsvError(XLSX_TEXTS.noSheet);
  const sheetPath = resolvePart('xl', sheet.target);
  const stringsRel = [...rels.values()].find((rel) => /\/sharedStrings$/.test(rel.type));
  const stringsPath = stringsRel ? resolvePart('xl', stringsRel.target) : 'xl/sharedStrings.xml';
  const parts = inflate(bytes, (name) => name === sheetPath || name === stringsPath, budget);
  const sheetXml = text(parts[sheetPath]);
  if (sheetXml === null) throw new CsvError(XLSX_TEXTS.noSheet);
  return sheetRows(sheetXml, sharedStrings(text(parts[stringsPath])), limits);
}

/** One CSV cell: quoted when it holds a comma, a quote, a line break or spaces at either end. */
function csvCell(value: string): string {
  const clean = value.replace(/\u0000/g, '');
  return /[",\r\n]|^\s|\s$/.test(clean) ? `"${clean.replace(/"/g, '""')}"` : clean;
}

/** Rows as CSV text (CRLF line ends), which the CSV reader reads back as the same rows. */
export function rowsToCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + (rows.length > 0 ? '\r\n' : '');
}

/** The first worksheet of a workbook as the CSV text an upload stores. */
export function xlsxToCsv(bytes: Uint8Array, limits: XlsxReadLimits = CSV_LIMITS): string {
  return rowsToCsv(readXlsxRows(bytes, limits));
}
