import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Cell } from './table';

/**
 * A small streaming .xlsx writer (docs/decisions/034): an Office Open XML workbook of one sheet
 * is a zip of five fixed XML parts and the sheet, and the sheet is written row by row as the
 * rows arrive, with inline strings (no shared-string table to hold in memory). Numbers stay
 * numbers; the header row is bold and frozen. The zip is yazl's, as for the export's own zip.
 */

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ], not blank. */
export function sheetName(title: string): string {
  const cleaned = title
    .replace(/[:\\/?*[\]\u0000-\u001f]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  return cleaned === '' ? 'Entries' : cleaned;
}

const workbook = (name: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Characters XML 1.0 cannot hold (control characters but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF). */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** The most characters a cell holds (Excel's limit). */
export const MAX_CELL_CHARACTERS = 32_767;

/** One `<row>` of the sheet (`row` counted from 1; style 1 is the bold header). */
export function sheetRow(row: number, cells: readonly Cell[], style = 0): string {
  const s = style ? ` s="${style}"` : '';
  const xml = cells.map((cell, index) => {
    const ref = `${columnLetters(index)}${row}`;
    if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"${s}><v>${cell}</v></c>`;
    const value = String(cell).slice(0, MAX_CELL_CHARACTERS);
    if (value === '') return '';
    return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
  });
  return `<row r="${row}">${xml.join('')}</row>`;
}

/**
 * The workbook as a stream: the fixed parts, then the sheet from `rows` (the first is the header),
 * read one at a time as the stream is consumed.
 */
export function xlsxStream(title: string, rows: AsyncIterable<readonly Cell[]>): Readable {
  const zip = new ZipFile();
  const fixed: Array<[string, string]> = [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', workbook(sheetName(title))],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ['xl/styles.xml', STYLES],
  ];
  const mtime = new Date(Date.UTC(2000, 0, 1));
  for (const [name, xml] of fixed) zip.addBuffer(Buffer.from(xml, 'utf8'), name, { mtime });
  async function* sheet(): AsyncGenerator<Buffer> {
    yield Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>',
      'utf8',
    );
    let row = 0;
    let chunk = '';
    for await (const cells of rows) {
      row += 1;
      chunk += sheetRow(row, cells, row === 1 ? 1 : 0);
      if (chunk.length > 64_000) {
        yield Buffer.from(chunk, 'utf8');
        chunk = '';
      }
    }
    yield Buffer.from(`${chunk}</sheetData></worksheet>`, 'utf8');
  }
  zip.addReadStream(Readable.from(sheet(), { objectMode: false }), 'xl/worksheets/sheet1.xml', { mtime });
  zip.end();
  return zip.outputStream as Readable;
}
