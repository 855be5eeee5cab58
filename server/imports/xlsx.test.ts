import { strToU8, zipSync, type Zippable } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from '@server/entries/export/xlsx';
import { CSV_TEXTS, parseCsv, parseCsvRows } from './csv';
import { columnIndex, decodeEntities, decodeOoxmlEscapes, readXlsxRows, rowsToCsv, XLSX_LIMITS, XLSX_TEXTS, xlsxToCsv } from './xlsx';

/**
 * The .xlsx reader of listing imports, on workbooks built here part by part, each compared with
 * an independent reader (read-excel-file) where it reads the same thing. Where each structure
 * comes from is noted by its case: ECMA-376 Part 1 (SpreadsheetML) §18.3.1.4 (c, cell types
 * s/inlineStr/str/b/n/e/d), §18.4 (shared strings: si, r, rPh), §22.4.2.4 (the _xHHHH_ escape),
 * and the parts Excel itself writes (workbook.xml, workbook.xml.rels, [Content_Types].xml).
 */

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

interface Book {
  /** The worksheets' <sheetData> content, in the workbook's order. */
  sheets: Array<{ name: string; data: string }>;
  /** The <sst> content (the <si> items), or none. */
  sharedStrings?: string;
  /** Relationship targets written as Excel does ("worksheets/sheet1.xml"), or absolute ("/xl/…"). */
  absoluteTargets?: boolean;
}

/** A workbook as Excel lays it out: content types, package and workbook relationships, the sheets, the shared strings. */
function buildXlsx(book: Book): Uint8Array {
  const target = (path: string) => (book.absoluteTargets ? `/xl/${path}` : path);
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${book.sheets
        .map(
          (_, index) =>
            `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join(
          '',
        )}${book.sharedStrings === undefined ? '' : '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    // Sheet ids out of order on purpose: the first sheet is the first <sheet> of <sheets>, not rId1.
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${book.sheets
        .map((sheet, index) => `<sheet name="${sheet.name}" sheetId="${index + 1}" r:id="rId${book.sheets.length - index}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}">${book.sheets
        .map(
          (_, index) =>
            `<Relationship Id="rId${book.sheets.length - index}" Type="${REL}/worksheet" Target="${target(`worksheets/sheet${index + 1}.xml`)}"/>`,
        )
        .join(
          '',
        )}${book.sharedStrings === undefined ? '' : `<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="${target('sharedStrings.xml')}"/>`}</Relationships>`,
    ),
  };
  book.sheets.forEach((sheet, index) => {
    files[`xl/worksheets/sheet${index + 1}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetData>${sheet.data}</sheetData></worksheet>`,
    );
  });
  if (book.sharedStrings !== undefined)
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${NS}">${book.sharedStrings}</sst>`,
    );
  return zipSync(files);
}

/** read-excel-file's rows as texts the way a spreadsheet saves CSV: booleans TRUE/FALSE, blank rows and trailing blanks dropped. */
async function independent(bytes: Uint8Array): Promise<string[][]> {
  const rows = await readSheet(Buffer.from(bytes));
  return rows
    .map((row) => {
      const cells = row.map((cell) => (cell === null ? '' : typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : String(cell)));
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      return cells;
    })
    .filter((cells) => cells.some((cell) => cell !== ''));
}

async function bothRead(bytes: Uint8Array, expected: string[][]) {
  expect(readXlsxRows(bytes)).toEqual(expected);
  expect(await independent(bytes)).toEqual(expected);
  // And the stored CSV reads back as the same rows.
  expect(parseCsvRows(xlsxToCsv(bytes))).toEqual(expected);
}

describe('the .xlsx reader', () => {
  it('reads shared strings, with rich text runs joined and phonetic runs left out (§18.4)', async () => {
    const bytes = buildXlsx({
      sharedStrings:
        '<si><t>Name</t></si><si><t>City</t></si><si><t xml:space="preserve">Lakeside Grill</t></si>' +
        '<si><r><rPr><b/></rPr><t>Trail</t></r><r><t xml:space="preserve"> Cafe</t></r></si>' +
        '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>',
      sheets: [
        {
          name: 'Listings',
          data:
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
            '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>4</v></c></row>' +
            '<row r="3"><c r="A3" t="s"><v>3</v></c></row>',
        },
      ],
    });
    expect(readXlsxRows(bytes)).toEqual([['Name', 'City'], ['Lakeside Grill', '東京'], ['Trail Cafe']]);
    // read-excel-file keeps the phonetic run's text (東京トウキョウ): compared on the rest.
    const other = await independent(bytes);
    expect(other[0]).toEqual(['Name', 'City']);
    expect(other[2]).toEqual(['Trail Cafe']);
  });

  it('reads inline strings, formula strings, booleans, numbers, errors and ISO dates (§18.3.1.4 cell types)', async () => {
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Sheet1',
          data:
            '<row r="1"><c r="A1" t="inlineStr"><is><t>Title</t></is></c><c r="B1" t="inlineStr"><is><t>Open</t></is></c><c r="C1" t="inlineStr"><is><t>Lat</t></is></c><c r="D1" t="inlineStr"><is><t>Joined</t></is></c></row>' +
            '<row r="2"><c r="A2" t="str"><f>UPPER("mill")</f><v>MILL</v></c><c r="B2" t="b"><v>1</v></c><c r="C2"><v>39.5</v></c><c r="D2" t="inlineStr"><is><r><t>rich</t></r><r><t xml:space="preserve"> inline</t></r></is></c></row>' +
            '<row r="3"><c r="A3" t="inlineStr"><is><t>Pond</t></is></c><c r="B3" t="b"><v>0</v></c><c r="C3" t="n"><v>-105.1</v></c><c r="D3" t="inlineStr"><is><t>x</t></is></c></row>',
        },
      ],
    });
    await bothRead(bytes, [
      ['Title', 'Open', 'Lat', 'Joined'],
      ['MILL', 'TRUE', '39.5', 'rich inline'],
      ['Pond', 'FALSE', '-105.1', 'x'],
    ]);
    // Errors and ISO dates as their text (read-excel-file turns `d` into a Date: not compared).
    const more = buildXlsx({
      sheets: [
        {
          name: 'Sheet1',
          data: '<row r="1"><c r="A1" t="e"><v>#N/A</v></c><c r="B1" t="d"><v>2024-05-01T00:00:00Z</v></c><c r="C1" s="3"><f>1/0</f></c></row>',
        },
      ],
    });
    expect(readXlsxRows(more)).toEqual([['#N/A', '2024-05-01T00:00:00Z']]);
    // Numbers to Excel's 15 significant digits (read-excel-file keeps the double's 17: not compared).
    const digits = buildXlsx({
      sheets: [
        {
          name: 'Sheet1',
          data: '<row r="1"><c r="A1"><v>-105.10000000000001</v></c><c r="B1"><v>0.30000000000000004</v></c><c r="C1"><v>1E-3</v></c><c r="D1"><v>5551234567</v></c></row>',
        },
      ],
    });
    expect(readXlsxRows(digits)).toEqual([['-105.1', '0.3', '0.001', '5551234567']]);
  });

  it('fills gaps in a row with empty cells and leaves out blank rows (column letters of §18.3.1.4 r)', async () => {
    const bytes = buildXlsx({
      sharedStrings: '<si><t>a</t></si><si><t>c</t></si><si><t>aa</t></si><si><t>title</t></si>',
      sheets: [
        {
          name: 'Sheet1',
          data:
            '<row r="1"><c r="A1" t="s"><v>3</v></c><c r="C1" t="s"><v>1</v></c><c r="AA1" t="s"><v>2</v></c></row>' +
            // An empty styled cell and a row of nothing: no row of the file.
            '<row r="2"><c r="B2" s="1"/></row>' +
            '<row r="4"><c r="B4" t="s"><v>0</v></c><c r="E4" s="2"/></row>',
        },
      ],
    });
    const blank = (count: number) => Array.from({ length: count }, () => '');
    await bothRead(bytes, [
      ['title', '', 'c', ...blank(23), 'aa'],
      ['', 'a'],
    ]);
    // Cells and rows without references (r is optional, §18.3.1.4 and §18.3.1.73) follow the one
    // before (read-excel-file needs r: not compared).
    const unreferenced = buildXlsx({
      sharedStrings: '<si><t>a</t></si><si><t>c</t></si>',
      sheets: [
        {
          name: 'Sheet1',
          data: '<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c></row><row><c r="B2" t="s"><v>1</v></c><c t="s"><v>0</v></c></row>',
        },
      ],
    });
    expect(readXlsxRows(unreferenced)).toEqual([
      ['a', 'c'],
      ['', 'c', 'a'],
    ]);
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('Z9')).toBe(25);
    expect(columnIndex('AA1')).toBe(26);
    expect(columnIndex('$XFD$3')).toBe(16_383);
  });

  it('decodes XML entities and the _xHHHH_ escapes (§22.4.2.4)', async () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233; &#xE9; &#x1F332; &nbsp;')).toBe(
      'a & b <c> "d" \'e\' é é 🌲 &nbsp;',
    );
    expect(decodeOoxmlEscapes('line_x000D_break _x005F_x0041_ _xZZZZ_')).toBe('line\rbreak _x0041_ _xZZZZ_');
    const bytes = buildXlsx({
      sharedStrings: '<si><t>Fish &amp; Chips &#8211; &#x201C;best&#x201D;</t></si><si><t>a &lt; b</t></si>',
      sheets: [
        {
          name: 'Sheet1',
          data: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>&quot;q&quot;, &apos;s&apos;</t></is></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>two\nlines</t></is></c></row>',
        },
      ],
    });
    await bothRead(bytes, [
      ['Fish & Chips – “best”', '"q", \'s\''],
      ['a < b', 'two\nlines'],
    ]);
    // _xHHHH_ (read-excel-file leaves it as it is: not compared).
    const escaped = buildXlsx({
      sheets: [{ name: 'Sheet1', data: '<row r="1"><c r="A1" t="inlineStr"><is><t>Tab_x0009_here _x005F_x0041_</t></is></c></row>' }],
    });
    expect(readXlsxRows(escaped)).toEqual([['Tab\there _x0041_']]);
  });

  it('reads the first worksheet only, by the order of <sheets>, with absolute relationship targets too', async () => {
    const book = {
      sharedStrings: '<si><t>first</t></si><si><t>second</t></si>',
      sheets: [
        { name: 'One', data: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' },
        { name: 'Two', data: '<row r="1"><c r="A1" t="s"><v>1</v></c></row>' },
      ],
    };
    await bothRead(buildXlsx(book), [['first']]);
    await bothRead(buildXlsx({ ...book, absoluteTargets: true }), [['first']]);
  });

  it('reads a workbook written by the export (server/entries/export/xlsx.ts) as read-excel-file does', async () => {
    async function* rows() {
      yield ['Title', 'Address', 'Latitude'];
      yield ['Zoë’s Café ✓ 🌲', '1 Shore Rd, Pine', 39.5];
      yield ['a<b & "c"', '', -0.25];
      yield ['=1+1', 'line\nbreak', 80000];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream('Listings', rows())) chunks.push(chunk as Buffer);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    await bothRead(bytes, [
      ['Title', 'Address', 'Latitude'],
      ['Zoë’s Café ✓ 🌲', '1 Shore Rd, Pine', '39.5'],
      ['a<b & "c"', '', '-0.25'],
      ['=1+1', 'line\nbreak', '80000'],
    ]);
    // The stored CSV is what the preview reads.
    expect(parseCsv(xlsxToCsv(bytes)).rows[0]).toEqual(['Zoë’s Café ✓ 🌲', '1 Shore Rd, Pine', '39.5']);
  });

  it('writes CSV the CSV reader reads back as the same cells', () => {
    const rows = [
      ['a', 'b,c', 'say "hi"'],
      [' padded ', 'multi\r\nline', ''],
    ];
    expect(parseCsvRows(rowsToCsv(rows))).toEqual(rows);
  });

  it("keeps the CSV reader's limits with its messages", () => {
    const cells = (count: number) => Array.from({ length: count }, (_, index) => `<c t="inlineStr"><is><t>c${index}</t></is></c>`).join('');
    const wide = buildXlsx({ sheets: [{ name: 'S', data: `<row r="1">${cells(6)}</row>` }] });
    expect(() => readXlsxRows(wide, { maxRows: 10, maxColumns: 5, maxCell: 100 })).toThrow(CSV_TEXTS.tooManyColumns);
    const tall = buildXlsx({
      sheets: [{ name: 'S', data: Array.from({ length: 5 }, (_, index) => `<row r="${index + 1}">${cells(1)}</row>`).join('') }],
    });
    expect(() => readXlsxRows(tall, { maxRows: 3, maxColumns: 5, maxCell: 100 })).toThrow(CSV_TEXTS.tooManyRows);
    const long = buildXlsx({ sheets: [{ name: 'S', data: `<row r="1"><c t="inlineStr"><is><t>${'x'.repeat(101)}</t></is></c></row>` }] });
    expect(() => readXlsxRows(long, { maxRows: 3, maxColumns: 5, maxCell: 100 })).toThrow(CSV_TEXTS.cellTooLong);
    // Past the last allowed column, only cells with text count.
    const styled = buildXlsx({ sheets: [{ name: 'S', data: `<row r="1">${cells(2)}<c r="Z1" s="1"/></row>` }] });
    expect(readXlsxRows(styled, { maxRows: 3, maxColumns: 5, maxCell: 100 })).toEqual([['c0', 'c1']]);
  });

  it('refuses a zip bomb from the declared sizes, before inflating', () => {
    // One part of 49 MB of spaces (about 50 KB deflated): more than a part may unpack to.
    const big = buildXlsx({
      sheets: [{ name: 'S', data: `<row r="1"><c t="inlineStr"><is><t>a</t></is></c></row>${' '.repeat(49 * 1024 * 1024)}` }],
    });
    expect(big.byteLength).toBeLessThan(200_000);
    expect(() => readXlsxRows(big)).toThrow(XLSX_TEXTS.tooLarge);
    // A tiny part whose directory entry claims 4 GB: refused from the claim alone.
    const small = buildXlsx({
      sharedStrings: '<si><t>a</t></si>',
      sheets: [{ name: 'S', data: '<row r="1"><c t="s"><v>0</v></c></row>' }],
    });
    expect(() => readXlsxRows(claimSize(small, 'xl/worksheets/sheet1.xml', 0xffff_fff0))).toThrow(XLSX_TEXTS.tooLarge);
    // Two parts each within the part limit, together past the total.
    const each = XLSX_LIMITS.maxTotalBytes / 2 + 1024;
    expect(each).toBeLessThan(XLSX_LIMITS.maxPartBytes);
    const two = claimSize(claimSize(small, 'xl/worksheets/sheet1.xml', each), 'xl/sharedStrings.xml', each);
    expect(() => readXlsxRows(two)).toThrow(XLSX_TEXTS.tooLarge);
    // The same small workbook as it is reads.
    expect(readXlsxRows(small)).toEqual([['a']]);
  });

  it('refuses a zip that is no workbook, and a file that is no zip', () => {
    const zip = zipSync({ 'hello.txt': strToU8('hello'), 'word/document.xml': strToU8('<w:document/>') });
    expect(() => readXlsxRows(zip)).toThrow(XLSX_TEXTS.notXlsx);
    expect(() => readXlsxRows(strToU8('Name,City\nMill,Pine\n'))).toThrow(XLSX_TEXTS.notXlsx);
    // An old binary workbook (.xls) or a password-protected .xlsx: an OLE compound file.
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(600).fill(0)]);
    expect(() => readXlsxRows(ole)).toThrow(XLSX_TEXTS.notXlsx);
    // A workbook whose only sheet is missing.
    const files = { 'xl/workbook.xml': strToU8(`<workbook xmlns="${NS}"><sheets/></workbook>`) };
    expect(() => readXlsxRows(zipSync(files))).toThrow(XLSX_TEXTS.noSheet);
  });
});

/** The zip with the central directory's uncompressed size of one entry replaced (APPNOTE 4.3.12). */
function claimSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const bytes = new Uint8Array(zip);
  const view = new DataView(bytes.buffer);
  const encoded = strToU8(name);
  for (let offset = 0; offset < bytes.length - 46; offset += 1) {
    if (view.getUint32(offset, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(offset + 28, true);
    const found = bytes.subarray(offset + 46, offset + 46 + nameLength);
    if (nameLength === encoded.length && found.every((byte, index) => byte === encoded[index])) {
      view.setUint32(offset + 24, size, true);
      return bytes;
    }
  }
  throw new Error(`No ${name} in the zip`);
}
