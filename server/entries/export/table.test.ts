import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../tests/setup/zip-reader';
import type { EntryItem } from '../store';
import { entryFiles, hasExportable, objectPathOf } from './files';
import { csvField, csvLine, entryFolder, entryRow, exportColumns, exportTimestamp, headerRow, zipName } from './table';
import { columnLetters, sheetName, sheetRow, xlsxStream } from './xlsx';

const form = (fields: unknown[], kind: EntryItem['kind'] = 'form'): EntryItem => ({
  context: 'custom-forms',
  node: 'custom-forms',
  key: 'f1',
  kind,
  title: 'Sign-up',
  record: { title: 'Sign-up', fields },
});

const FIELDS = [
  { type: 'header', label: 'Welcome', name: 'head' },
  { type: 'text', label: 'Full name', name: 'name' },
  {
    type: 'checkbox-group',
    label: 'Pets',
    name: 'pets',
    values: [
      { label: 'Dog', value: 'd' },
      { label: 'Cat', value: 'c' },
    ],
  },
  { type: 'date', label: 'Arrival', name: 'arrival' },
  { type: 'number', label: 'Guests', name: 'guests' },
  { type: 'image', label: 'Site photo', name: 'photo' },
  { type: 'text', name: 'nolabel' },
];

describe('export rows', () => {
  it('has the entry columns, then one column per data field headed by its label', () => {
    const columns = exportColumns(form(FIELDS), 'UTC');
    expect(headerRow(columns)).toEqual([
      'Submitted',
      'Name',
      'E-mail',
      'Completion',
      'Full name',
      'Pets',
      'Arrival',
      'Guests',
      'Site photo',
      'nolabel',
    ]);
    const rsvp = exportColumns(form([{ type: 'text', label: 'Party', name: 'party' }], 'rsvp'), 'UTC');
    expect(headerRow(rsvp)).toEqual(['Submitted', 'Name', 'E-mail', 'Completion', 'Event', 'Party']);
  });

  it('gives the feedback schema its columns when the feedback form keeps none', () => {
    expect(headerRow(exportColumns(form([], 'feedback'), 'UTC')).slice(4)).toEqual([
      'Name',
      'Site number',
      'Start date',
      'End date',
      'Cleanliness',
      'Staff',
      'Amenities',
      'Additional comments',
    ]);
  });

  it('writes dates in the community zone, choices by label, numbers as numbers, completion in words', () => {
    const columns = exportColumns(form(FIELDS), 'America/Los_Angeles');
    const row = entryRow(columns, 'k1', {
      createDate: Date.UTC(2026, 6, 4, 3, 15), // 8:15 PM on 3 July in Los Angeles
      loggedInEmail: 'pat@example.com',
      completed: 1,
      answers: {
        name: { value: 'Pat Lee' },
        pets: { value: ['d', 'c', 'fish'] },
        arrival: { value: Date.UTC(2026, 6, 10, 2) },
        guests: { value: 3 },
      },
    });
    expect(row).toEqual([
      '07/03/2026 08:15 PM',
      'Pat Lee',
      'pat@example.com',
      'Denied',
      'Pat Lee',
      'Dog, Cat, fish',
      '07/09/2026',
      3,
      '',
      '',
    ]);
    expect(entryRow(exportColumns(form(FIELDS), 'UTC'), 'k2', {})).toEqual(['', '', '', 'Open', '', '', '', '', '', '']);
  });

  it('has a column per hunt step with the answer or the photo', () => {
    const hunt: EntryItem = {
      context: 'hunts',
      node: 'hunts',
      key: 'h1',
      kind: 'hunt',
      title: 'Trail',
      record: {
        steps: [
          { key: 's1', title: 'Bird', type: 'answer' },
          { key: 's2', title: 'Tree photo', type: 'photo' },
        ],
      },
    };
    const columns = exportColumns(hunt, 'UTC');
    expect(headerRow(columns).slice(4)).toEqual(['Bird', 'Tree photo']);
    expect(entryRow(columns, 'e', { s1: { answer: 'Jay' }, s2: { drawable: '/files/c/p.jpg' }, completed: 2 }).slice(3)).toEqual([
      'Completed',
      'Jay',
      '/files/c/p.jpg',
    ]);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes, line breaks and edge spaces, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-3')).toBe("'-3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-3)).toBe('-3');
    expect(csvField('Ünïcødé ✓')).toBe('Ünïcødé ✓');
    expect(csvLine(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});

describe('names', () => {
  it("names the export MM-DD-YYYY-hh-mm-A in the community's zone", () => {
    expect(exportTimestamp(Date.UTC(2026, 10, 29, 21, 5), 'America/Denver')).toBe('11-29-2026-02-05-PM');
    expect(exportTimestamp(Date.UTC(2026, 0, 1, 4, 59), 'America/New_York')).toBe('12-31-2025-11-59-PM');
    expect(exportTimestamp(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('01-01-2026-12-00-AM');
  });

  it('names zip folders and files safely', () => {
    expect(zipName('../../etc/passwd', 'x')).toBe('etc-passwd');
    expect(zipName('Zoë "Z" O\'Hara, Jr.', 'x')).toBe('Zoe Z OHara Jr');
    expect(zipName('???', 'fallback')).toBe('fallback');
    expect(zipName('a'.repeat(200), 'x')).toHaveLength(80);
    expect(entryFolder('-Nk1', { answers: { name: { value: 'Pat Lee' } } })).toBe('Pat Lee Nk1');
    expect(entryFolder('-Nk1', {})).toBe('Nk1');
  });
});

describe('the files of an entry', () => {
  const item = form(FIELDS);
  it("reads photos of the entry's own community only", () => {
    const entry = { answers: { photo: { value: '/files/user-written/c1/forms/f1/e1/photo.jpg' } } };
    expect(entryFiles(item, 'c1', entry, 'photos')).toEqual([{ name: 'Site photo', path: 'user-written/c1/forms/f1/e1/photo.jpg' }]);
    expect(entryFiles(item, 'c2', entry, 'photos')).toEqual([]);
    expect(entryFiles(item, 'c1', { answers: { photo: { value: 'https://elsewhere.example/a.jpg' } } }, 'photos')).toEqual([]);
    expect(hasExportable(item, 'c1', [entry], 'files')).toBe(false);
    expect(hasExportable(item, 'c1', [], 'data')).toBe(false);
    expect(hasExportable(item, 'c1', [{}], 'data')).toBe(true);
  });

  it("offers the entry's completed-form PDF as a file", () => {
    expect(entryFiles(item, 'c1', { file: 'entry-1.pdf' }, 'files')).toEqual([{ name: 'Form', path: 'forms/completed/f1/entry-1.pdf' }]);
    expect(entryFiles(item, 'c1', { file: '../x.pdf' }, 'files')).toEqual([]);
  });

  it('reads the object path of Firebase download URLs and local addresses', () => {
    expect(objectPathOf('https://firebasestorage.googleapis.com/v0/b/bucket/o/c1%2Fimages%2Fa.jpg?alt=media&token=t')).toBe(
      'c1/images/a.jpg',
    );
    expect(objectPathOf('/files/c1/images/a%20b.jpg')).toBe('c1/images/a b.jpg');
    expect(objectPathOf('c1/images/a.jpg')).toBeNull();
  });
});

describe('the spreadsheet writer', () => {
  it('letters columns and cleans sheet names', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(sheetName('Arrival: Form / 2026 [draft]?')).toBe('Arrival  Form   2026  draft');
    expect(sheetName('::')).toBe('Entries');
    expect(sheetRow(3, ['a<b & "c"', 4, ''])).toBe(
      '<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">a&lt;b &amp; &quot;c&quot;</t></is></c><c r="B3"><v>4</v></c></row>',
    );
    // Characters XML cannot hold are dropped rather than making the file unreadable.
    expect(sheetRow(1, ['bell\u0007'])).toContain('>bell</t>');
  });

  it('streams a workbook another reader opens: texts, numbers, unicode, no rows but the header', async () => {
    async function* rows() {
      yield ['Name', 'Count'];
      yield ['Zoë ✓ 🌲', 12];
      yield ['=1+1', -0.5];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream('Trail', rows())) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const zip = await readZip(bytes);
    expect([...zip.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(await readSheet(bytes)).toEqual([
      ['Name', 'Count'],
      ['Zoë ✓ 🌲', 12],
      ['=1+1', -0.5],
    ]);
    async function* headerOnly() {
      yield ['Name'];
    }
    const empty: Buffer[] = [];
    for await (const chunk of xlsxStream('Trail', headerOnly())) empty.push(chunk as Buffer);
    expect(await readSheet(Buffer.concat(empty))).toEqual([['Name']]);
  });
});
