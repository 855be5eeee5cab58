import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxStream } from '@server/entries/export/xlsx';
import { importFilePath } from '@server/imports/file';
import { XLSX_TEXTS } from '@server/imports/xlsx';
import { closePool } from '@server/pool';
import type { Services } from '@server/services';
import { LISTING_IMPORT_TEXTS } from '~/lib/listing-import';
import * as importRoute from '~/routes/_app.listnm.import';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, multipartRequest, routeArgs } from '../../../tests/setup/requests';
import { COMMUNITY_A, demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { ImportActionData, ImportScreenData } from './import.server';

/** Import's upload of an Excel workbook (decision 044): read in the worker pool, stored as CSV, previewed as a CSV is. */

let services: Services;
let close: () => Promise<void>;
let system: string;
beforeAll(async () => {
  ({ services, close } = await installTestServices('listing-import-xlsx'));
  system = await sessionCookie(services.sessions, demoPerson('system'), { communityKey: COMMUNITY_A });
});
afterAll(async () => {
  await closePool();
  await close?.();
});

const PATH = '/listnm/import';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as the console's own export writes it (server/entries/export/xlsx.ts). */
async function workbook(rows: Array<Array<string | number>>): Promise<Uint8Array<ArrayBuffer>> {
  async function* source() {
    yield* rows;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream('Listings', source())) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function upload(list: string, file: File) {
  return outcome<ImportActionData>(
    importRoute.action(routeArgs(multipartRequest(system, PATH, { intent: 'upload', list }, { csv: file }))),
  );
}

describe('Import: an uploaded Excel workbook', () => {
  it('reaches the preview with its first row as the columns, as a CSV would', async () => {
    const page = await outcome<ImportScreenData>(importRoute.loader(routeArgs(getRequest(system, PATH))));
    const list = page.data!.sections[0]!.node;
    const bytes = await workbook([
      ['Name', 'Street', 'City', 'State', 'Zip', 'Lat', 'Lng', 'Phone', 'URL'],
      ['Lakeside Grill', '1 Shore Rd', 'Pine', 'CO', 80000, 39.5, -105.1, '(555) 123-4567', 'https://grill.example'],
      ['', '3 Nowhere', 'Pine', 'CO', '', 39, -105, '12', 'not a url'],
    ]);
    const done = await upload(list, new File([bytes], 'listings.xlsx', { type: XLSX_TYPE }));
    expect(done.status).toBe(302);
    const location = new URL(done.response!.headers.get('Location')!, 'http://console.test');
    expect(location.pathname).toBe(PATH);
    expect(location.searchParams.get('name')).toBe('listings.xlsx');

    const preview = await outcome<ImportScreenData>(
      importRoute.loader(routeArgs(getRequest(system, `${location.pathname}${location.search}`))),
    );
    expect(preview.data!.error).toBeNull();
    const shown = preview.data!.preview!;
    expect(shown.headers).toEqual(['Name', 'Street', 'City', 'State', 'Zip', 'Lat', 'Lng', 'Phone', 'URL']);
    expect(shown.mapping).toMatchObject({ title: '0', address: '1', latitude: '5', longitude: '6', website: '8' });
    expect(shown.total).toBe(2);
    expect(shown.rows[0]).toMatchObject({ row: 2, title: 'Lakeside Grill', address: '1 Shore Rd', status: 'ready' });
    expect(shown.rows[1]).toMatchObject({ row: 3, status: 'invalid' });
    expect(shown.rows[1]!.messages).toContain('Title is required.');

    // Stored as the CSV the preview and the job read.
    const stored = await services.storage.get(importFilePath(COMMUNITY_A, location.searchParams.get('file')!));
    expect(new TextDecoder().decode(await stored!.bytes())).toMatch(
      /^Name,Street,City,State,Zip,Lat,Lng,Phone,URL\r\nLakeside Grill,1 Shore Rd,Pine,CO,80000,39.5,-105.1,/,
    );
  });

  it('answers 400 with a clear message for a zip that is no workbook and for other file types', async () => {
    const page = await outcome<ImportScreenData>(importRoute.loader(routeArgs(getRequest(system, PATH))));
    const list = page.data!.sections[0]!.node;
    const notBook = await upload(list, new File([zipSync({ 'a.txt': strToU8('hello') })], 'fake.xlsx', { type: XLSX_TYPE }));
    expect(notBook.status).toBe(400);
    expect(notBook.data!.upload!.csv).toBe(XLSX_TEXTS.notXlsx);
    const pdf = await upload(list, new File(['%PDF-1.4'], 'listings.pdf', { type: 'application/pdf' }));
    expect(pdf.status).toBe(400);
    expect(pdf.data!.upload!.csv).toBe(LISTING_IMPORT_TEXTS.notCsv);
  });
});
