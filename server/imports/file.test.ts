import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { closePool, configurePool } from '@server/pool';
import { CsvError } from './csv';
import { SPREADSHEET_BUSY_MESSAGE, SpreadsheetBusyError, uploadedCsvText, uploadKind } from './file';
import { XLSX_TEXTS } from './xlsx';

/** An upload's CSV text: a CSV as it is, a workbook read in the worker pool, the pool's refusals as clear errors. */

afterAll(async () => {
  await closePool();
});

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** The smallest workbook Excel opens: workbook, its relationships and one sheet (ECMA-376 Part 1 §18.2, §18.3). */
const BOOK = zipSync({
  'xl/workbook.xml': strToU8(
    `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ),
  'xl/_rels/workbook.xml.rels': strToU8(
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ),
  'xl/worksheets/sheet1.xml': strToU8(
    `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Mill, the</t></is></c></row></sheetData></worksheet>`,
  ),
});

describe('an uploaded file as CSV text', () => {
  it('tells a CSV from a workbook by its name or type', () => {
    expect(uploadKind({ name: 'a.XLSX', type: '' })).toBe('xlsx');
    expect(uploadKind({ name: 'upload', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe('xlsx');
    expect(uploadKind({ name: 'a.csv', type: 'application/vnd.ms-excel' })).toBe('csv');
    expect(uploadKind({ name: 'a.xls', type: 'application/msexcel' })).toBeNull();
    expect(uploadKind({ name: 'a.pdf', type: 'application/pdf' })).toBeNull();
  });

  it('reads a workbook in the pool, and its problems come back as CsvError', async () => {
    await configurePool();
    expect(await uploadedCsvText(BOOK, 'xlsx')).toBe('Name\r\n"Mill, the"\r\n');
    const failure = await uploadedCsvText(strToU8('not a zip'), 'xlsx').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CsvError);
    expect((failure as Error).message).toBe(XLSX_TEXTS.notXlsx);
  });

  it('refuses at once with SpreadsheetBusyError when the pool is full', async () => {
    await configurePool({ threads: 1, maxQueue: 0 });
    const first = uploadedCsvText(BOOK, 'xlsx');
    const second = uploadedCsvText(BOOK, 'xlsx').catch((error: unknown) => error);
    expect(await second).toBeInstanceOf(SpreadsheetBusyError);
    expect(((await second) as Error).message).toBe(SPREADSHEET_BUSY_MESSAGE);
    expect(await first).toBe('Name\r\n"Mill, the"\r\n');
    await configurePool();
  });
});
