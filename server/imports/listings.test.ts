import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import { closeTestDbs, openTestDb } from '../../jobs/testing/fixtures';
import { CsvError, parseCsv, parseCsvRows } from './csv';
import { duplicateKey, guessMapping, planRows, readExisting, runImport } from './listings';

/** Listing imports and data updates: the CSV reader, the mapping guess, the row checks and duplicates, and the writes against the embedded database. */

const paths = createPaths('amc');
let db: RealtimeDb;

beforeAll(async () => {
  db = await openTestDb('listing-import');
});
afterAll(async () => {
  await closeTestDbs();
});

const HEADER = 'Name,Street,City,State,Zip,Lat,Lng,Phone,URL,Details';
const CSV = [
  HEADER,
  'Lakeside Grill,1 Shore Rd,Pine,CO,80000,39.5,-105.1,(555) 123-4567,https://grill.example,"Burgers, ""fresh"" daily"',
  'Trail Cafe,2 Main St,Pine,CO,80000,39.6,-105.2,,,',
  ',3 Nowhere,Pine,CO,,39,-105,12,not a url,',
  'trail  cafe,2 MAIN ST.,Pine,CO,80000,39.6,-105.2,,,',
  'Old Mill,5 River Rd,Pine,CO,80000,,,,,',
].join('\r\n');

describe('the CSV reader', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF, and drops a BOM', () => {
    expect(parseCsvRows('\uFEFFa,b\n"x, y","say ""hi""\nthere"\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });
  it('refuses an unclosed quote, too many rows and a file without data rows', () => {
    expect(() => parseCsvRows('a,"b')).toThrow(CsvError);
    expect(() => parseCsvRows('a\n1\n2\n3', { maxRows: 2, maxColumns: 5, maxCell: 10 })).toThrow(/more than/);
    expect(() => parseCsv('title,address\n')).toThrow(/no rows/);
  });
});

describe('the mapping and the plan', () => {
  const table = parseCsv(CSV);

  it('guesses the columns from the header names', () => {
    expect(guessMapping(table.headers)).toEqual({
      title: 0,
      address: 1,
      city: 2,
      state: 3,
      zip: 4,
      latitude: 5,
      longitude: 6,
      phone: 7,
      website: 8,
      description: 9,
      placeId: null,
    });
  });

  it("checks each row with the business form's messages and finds duplicates by title and address", () => {
    const existing = new Map([[duplicateKey('Lakeside Grill', '1 Shore Rd'), { key: 'grill', value: { title: 'Lakeside Grill' } }]]);
    const plan = planRows(table, guessMapping(table.headers), existing, 'import');
    expect(plan.rows.map((row) => [row.row, row.status])).toEqual([
      [2, 'duplicate'],
      [3, 'ready'],
      [4, 'invalid'],
      [5, 'duplicate-row'],
      [6, 'invalid'],
    ]);
    expect(plan.rows[2]!.messages).toEqual([
      'Title is required.',
      'Phone Number needs to have more than seven digits.',
      'Valid URL(e.g. https://example.com) is required.',
    ]);
    expect(plan.rows[3]!.messages).toEqual(['Same title and address as row 3.']);
    expect(plan.rows[4]!.messages).toEqual(['Latitude is required to map accurately.', 'Longitude is required to map accurately.']);
    expect(plan.counts).toMatchObject({ ready: 1, invalid: 2, duplicate: 1, 'duplicate-row': 1 });
  });

  it('asks for a title and an address column', () => {
    const mapping = { ...guessMapping(table.headers), title: null, address: null };
    expect(planRows(table, mapping, new Map(), 'import').mappingErrors).toHaveLength(2);
  });
});

describe('the writes', () => {
  it('adds the ready rows as new listings on top of the list in file order, once even when run again', async () => {
    const community = 'import-one';
    await db.ref(paths.section(community, 'dining')).set({ grill: { title: 'Lakeside Grill', address: '1 Shore Rd', ordinal: 0 } });
    const table = parseCsv(
      [HEADER, 'Trail Cafe,2 Main St,Pine,CO,80000,39.6,-105.2,,,', 'Bakery,9 Elm St,Pine,CO,,39.7,-105.3,,,Bread'].join('\n'),
    );
    const run = async () => {
      const plan = planRows(table, guessMapping(table.headers), await readExisting({ db, paths }, community, 'dining'), 'import');
      return runImport({ db, paths }, { community, section: 'dining', mode: 'import', fileKey: 'aaaaaaaaaaaaaaaa', plan }, async () => {});
    };
    expect(await run()).toMatchObject({ created: 2, skipped: 0 });
    const list = (await db.ref(paths.section(community, 'dining')).get()).val() as Record<string, Record<string, unknown>>;
    const titles = Object.values(list)
      .sort((a, b) => Number(a.ordinal) - Number(b.ordinal))
      .map((item) => item.title);
    expect(titles).toEqual(['Trail Cafe', 'Bakery', 'Lakeside Grill']);
    expect(list['import-aaaaaaaaaaaaaaaa-3']).toMatchObject({
      title: 'Bakery',
      address: '9 Elm St',
      latitude: '39.7',
      description: '<p>Bread</p>',
      importId: 'aaaaaaaaaaaaaaaa-3',
      contexts: [`${community}/dining`],
    });
    // The same file again: both rows are now duplicates of listings in the list.
    expect(await run()).toMatchObject({ created: 0, skipped: 2 });
    expect(Object.keys((await db.ref(paths.section(community, 'dining')).get()).val() as object)).toHaveLength(3);
  });

  it('Update Data writes the non-empty cells over the listing matched by title and address, and keeps the rest', async () => {
    const community = 'update-one';
    await db.ref(paths.section(community, 'dining')).set({
      grill: {
        title: 'Lakeside Grill',
        address: '1 Shore Rd',
        latitude: '39.5',
        longitude: '-105.1',
        phone: '555 000 0000',
        hours: { Mon: ['9:00 AM', '5:00 PM'] },
      },
    });
    const table = parseCsv(
      ['Title,Address,Phone,Website', 'lakeside grill,1 Shore Rd.,(555) 999-1234,https://new.example', 'Nobody,0 Road,5551234567,'].join(
        '\n',
      ),
    );
    const plan = planRows(table, guessMapping(table.headers), await readExisting({ db, paths }, community, 'dining'), 'update');
    expect(plan.rows.map((row) => row.status)).toEqual(['ready', 'not-found']);
    const result = await runImport(
      { db, paths },
      { community, section: 'dining', mode: 'update', fileKey: 'bbbbbbbbbbbbbbbb', plan },
      async () => {},
    );
    expect(result).toMatchObject({ updated: 1, skipped: 1, conflicts: 0 });
    expect((await db.ref(paths.listItem(community, 'dining', 'grill')).get()).val()).toMatchObject({
      title: 'lakeside grill',
      phone: '(555) 999-1234',
      website: 'https://new.example',
      latitude: '39.5',
      hours: { Mon: ['9:00 AM', '5:00 PM'] },
    });
  });

  it('Update Data leaves a listing edited since the plan was made as it is (a conflict), never overwriting the edit', async () => {
    const community = 'update-two';
    await db
      .ref(paths.section(community, 'dining'))
      .set({ grill: { title: 'Grill', address: '1 Shore Rd', latitude: '1', longitude: '2' } });
    const table = parseCsv(['Title,Address,Phone', 'Grill,1 Shore Rd,5551234567'].join('\n'));
    const plan = planRows(table, guessMapping(table.headers), await readExisting({ db, paths }, community, 'dining'), 'update');
    await db.ref(paths.listItem(community, 'dining', 'grill')).update({ phone: '5550000000' });
    const result = await runImport(
      { db, paths },
      { community, section: 'dining', mode: 'update', fileKey: 'cccccccccccccccc', plan },
      async () => {},
    );
    expect(result).toMatchObject({ updated: 0, conflicts: 1 });
    expect((await db.ref(paths.listItem(community, 'dining', 'grill')).get()).val()).toMatchObject({ phone: '5550000000' });
  });
});
