/**
 * A CSV reader for listing imports (RFC 4180: quoted fields with doubled quotes and line breaks,
 * CRLF or LF, a leading byte-order mark dropped). Bounded by the caller's limits: it stops with
 * an error past `maxRows` rows or `maxColumns` columns, so a hostile file costs at most its size.
 */

export const CSV_LIMITS = {
  /** The largest file taken (bytes): with the rest of the upload form it stays within the 1 MB of a form body. */
  maxBytes: 900_000,
  /** Data rows (the header not counted). */
  maxRows: 2_000,
  maxColumns: 50,
  /** The longest cell (characters). */
  maxCell: 20_000,
} as const;

export const CSV_TEXTS = {
  empty: 'The file has no rows. Please choose a file with a header row and one row per listing.',
  tooManyRows: `The file has more than ${CSV_LIMITS.maxRows} rows. Please split it into smaller files.`,
  tooManyColumns: `The file has more than ${CSV_LIMITS.maxColumns} columns.`,
  cellTooLong: `A cell of the file is longer than ${CSV_LIMITS.maxCell} characters.`,
  unclosedQuote: 'The file ends inside a quoted cell: it is not a valid CSV file.',
  notText: 'The file is not a text (CSV) file.',
} as const;

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

export interface CsvTable {
  headers: string[];
  /** Data rows, each as long as the header row (missing cells are ''). */
  rows: string[][];
}

/** Parses CSV text into rows of cells. */
export function parseCsvRows(text: string, limits: { maxRows: number; maxColumns: number; maxCell: number } = CSV_LIMITS): string[][] {
  if (text.includes('\u0000')) throw new CsvError(CSV_TEXTS.notText);
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const pushCell = () => {
    if (cell.length > limits.maxCell) throw new CsvError(CSV_TEXTS.cellTooLong);
    row.push(cell);
    if (row.length > limits.maxColumns) throw new CsvError(CSV_TEXTS.tooManyColumns);
    cell = '';
  };
  const pushRow = () => {
    pushCell();
    if (!(row.length === 1 && row[0] === '')) {
      rows.push(row);
      // The header row plus maxRows data rows.
      if (rows.length > limits.maxRows + 1) throw new CsvError(CSV_TEXTS.tooManyRows);
    }
    row = [];
  };
  while (index < source.length) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += char;
        if (cell.length > limits.maxCell) throw new CsvError(CSV_TEXTS.cellTooLong);
      }
      index += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') pushCell();
    else if (char === '\n') pushRow();
    else if (char === '\r') {
      if (source[index + 1] !== '\n') pushRow();
    } else cell += char;
    index += 1;
  }
  if (quoted) throw new CsvError(CSV_TEXTS.unclosedQuote);
  if (cell !== '' || row.length > 0) pushRow();
  return rows;
}

/** The header row and the data rows, padded to the header's width. */
export function parseCsv(text: string): CsvTable {
  const rows = parseCsvRows(text);
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw new CsvError(CSV_TEXTS.empty);
  const headers = header.map((name, index) => name.trim() || `Column ${index + 1}`);
  return {
    headers,
    rows: data.map((cells) => headers.map((_, index) => (cells[index] ?? '').trim())),
  };
}
