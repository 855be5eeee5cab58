import { getPaths } from '@conform-to/dom';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CommunitySchema, MAX_LIST_ROWS } from '~/schemas/community';
import { HeaderSchema, MAX_HEADER_IMAGES } from '~/schemas/header';
import { LOGIN_FORM_SCHEMAS } from '~/schemas/login';
import { MAX_AUTH_GROUPS, MAX_TABS, MenuItemSchema } from '~/schemas/menu-item';
import {
  DEFAULT_MAX_ROWS,
  FormShapeError,
  MAX_FIELD_NAME_LENGTH,
  MAX_FORM_FIELDS,
  checkFormShape,
  pathSegments,
  shapeNodeOf,
} from './form-shape';

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

/** The refusal's message, or null when the form fits. */
function problem(entries: Array<[string, string]>, schemas: readonly z.ZodTypeAny[] = []): string | null {
  try {
    checkFormShape(form(entries), schemas);
    return null;
  } catch (error) {
    if (error instanceof FormShapeError) return error.message;
    throw error;
  }
}

const listButton = (intent: unknown): [string, string] => ['__intent__', JSON.stringify(intent)];

describe('field names', () => {
  it('are read into segments as conform reads them, and null where conform would refuse them', () => {
    const names = [
      'title',
      'socialMedia[3].site',
      'a.b.c',
      'tabs[0]',
      'auth[]',
      'menuColor.3.shape',
      'x[007]',
      'a[1]b',
      'placeCredit:places/a/photos/b',
    ];
    for (const name of names) expect(pathSegments(name), name).toEqual(getPaths(name));
    for (const name of ['a]', 'a[b]', 'a..b', '[1', 'a[-1]', 'a b[1']) {
      expect(() => getPaths(name), name).toThrow();
      expect(pathSegments(name), name).toBeNull();
    }
  });
});

describe('the schema tree', () => {
  it('sees through optional, default, preprocess and refinements', () => {
    expect(shapeNodeOf(z.string().trim().max(3).optional())).toEqual({ kind: 'value' });
    expect(shapeNodeOf(z.preprocess((value) => value, z.number()).default(1))).toEqual({ kind: 'value' });
    expect(shapeNodeOf(z.object({ a: z.string() }).superRefine(() => {}))).toMatchObject({ kind: 'object' });
    expect(shapeNodeOf(z.array(z.string()).max(7).default([]))).toMatchObject({ kind: 'list', max: 7 });
    expect(shapeNodeOf(z.union([z.string(), z.number()]))).toEqual({ kind: 'unknown' });
  });

  it("takes each list's cap from its schema's .max()", () => {
    const community = shapeNodeOf(CommunitySchema);
    if (community.kind !== 'object') throw new Error('not an object');
    expect(shapeNodeOf(community.shape.socialMedia)).toMatchObject({ kind: 'list', max: MAX_LIST_ROWS });
    expect(shapeNodeOf(community.shape.detailButtons)).toMatchObject({ kind: 'list', max: MAX_LIST_ROWS });
    const item = shapeNodeOf(MenuItemSchema);
    if (item.kind !== 'object') throw new Error('not an object');
    expect(shapeNodeOf(item.shape.tabs)).toMatchObject({ kind: 'list', max: MAX_TABS });
    expect(shapeNodeOf(item.shape.auth)).toMatchObject({ kind: 'list', max: MAX_AUTH_GROUPS });
  });
});

describe('the shape check of a posted form', () => {
  it('lets the real forms through, lists full to their caps included', () => {
    const community: Array<[string, string]> = [
      ['intent', 'save'],
      ['title', 'Pine Hollow'],
      ['timeZone', 'America/New_York'],
      ['listed', 'on'],
      ['menuColor.3.shape', '#ffffff'],
      ['sourceKey', 'demo-town'],
    ];
    for (let row = 0; row < MAX_LIST_ROWS; row += 1)
      community.push([`socialMedia[${row}].site`, 'facebook'], [`socialMedia[${row}].url`, 'https://a.example']);
    community.push(listButton({ type: 'insert', payload: { name: 'socialMedia' } }));
    expect(problem(community, [CommunitySchema])).toBeNull();

    const images: Array<[string, string]> = [['headerType', 'images']];
    for (let row = 0; row < MAX_HEADER_IMAGES; row += 1)
      images.push([`images[${row}].imageURL`, '/files/a.png'], [`images[${row}].caption`, '']);
    images.push(listButton({ type: 'reorder', payload: { name: 'images', from: 0, to: MAX_HEADER_IMAGES - 1 } }));
    expect(problem(images, [HeaderSchema])).toBeNull();

    const item: Array<[string, string]> = [
      ['name', 'Pool'],
      ['auth', 'isAdmin'],
      ['auth', 'isEditor'],
      ['tabs[11].title', 'Last'],
    ];
    item.push(listButton({ type: 'insert', payload: { name: 'tabs', defaultValue: { id: '', title: '' } } }));
    expect(problem(item, [MenuItemSchema])).toBeNull();

    expect(
      problem(
        [
          ['intent', 'password'],
          ['email', 'a@b.example'],
          ['password', 'x'],
          ['name__confirm', ''],
        ],
        LOGIN_FORM_SCHEMAS,
      ),
    ).toBeNull();
  });

  it("refuses an index past its list's cap, naming the list and its cap", () => {
    expect(problem([[`socialMedia[${MAX_LIST_ROWS - 1}].site`, 'x']], [CommunitySchema])).toBeNull();
    expect(problem([[`socialMedia[${MAX_LIST_ROWS}].site`, 'x']], [CommunitySchema])).toBe(
      `The form sent row 31 of “socialMedia”, which holds at most 30 rows. Nothing was saved.`,
    );
    expect(problem([['socialMedia[100000].site', 'x']], [CommunitySchema])).toMatch(
      /row 100,001 of “socialMedia”, which holds at most 30 rows/,
    );
    expect(problem([['images[5000].caption', 'x']], [HeaderSchema])).toMatch(/“images”, which holds at most 50 rows/);
    expect(problem([['tabs[5000].title', 'x']], [MenuItemSchema])).toMatch(/“tabs”, which holds at most 12 rows/);
    // The cost does not grow with the index: conform would make an array this long.
    expect(problem([['socialMedia[999999999999].site', 'x']], [CommunitySchema])).toMatch(/holds at most 30 rows/);
  });

  it('holds lists the schema does not know, nested ones included, to the default cap', () => {
    expect(problem([[`notAList[${DEFAULT_MAX_ROWS - 1}]`, 'x']], [CommunitySchema])).toBeNull();
    expect(problem([[`notAList[${DEFAULT_MAX_ROWS}]`, 'x']], [CommunitySchema])).toMatch(/“notAList”, which holds at most 20 rows/);
    expect(problem([['socialMedia[0].extra[500].x', 'x']], [CommunitySchema])).toMatch(
      /“socialMedia\[0\]\.extra”, which holds at most 20 rows/,
    );
    expect(problem([['a[1][100000]', 'x']])).toMatch(/“a\[1\]”, which holds at most 20 rows/);
    // A name conform would not read is ignored by conform, and its indexes are still held.
    expect(problem([['a]b[100000]', 'x']])).toMatch(/holds at most 20 rows/);
    expect(problem([['a]b[1]', 'x']])).toBeNull();
  });

  it('refuses a single value sent twice, with rows, or with fields under it', () => {
    expect(
      problem(
        [
          ['title', 'a'],
          ['title', 'b'],
        ],
        [CommunitySchema],
      ),
    ).toBe('The form sent “title” 2 times; it takes one value. Nothing was saved.');
    expect(
      problem(
        [
          ['socialMedia[0].site', 'a'],
          ['socialMedia[0].site', 'b'],
        ],
        [CommunitySchema],
      ),
    ).toMatch(/“socialMedia\[0\]\.site” 2 times/);
    expect(problem([['title[0]', 'a']], [CommunitySchema])).toMatch(/but “title” has no rows/);
    expect(problem([['title.sub', 'a']], [CommunitySchema])).toMatch(/but “title” takes a single value/);
    expect(
      problem(
        [
          ['email', 'a'],
          ['email', 'b'],
        ],
        LOGIN_FORM_SCHEMAS,
      ),
    ).toMatch(/“email” 2 times/);
    // Fields the schema does not know may repeat (the intent reader refuses two intents itself).
    expect(
      problem(
        [
          ['intent', 'a'],
          ['intent', 'b'],
        ],
        [CommunitySchema],
      ),
    ).toBeNull();
  });

  it('refuses a list of rows or a group sent as one value, and rows named like fields', () => {
    expect(problem([['socialMedia', 'x']], [CommunitySchema])).toMatch(/“socialMedia” as one value, but it is a list of rows/);
    expect(problem([['socialMedia[0]', 'x']], [CommunitySchema])).toMatch(/“socialMedia\[0\]” as one value, but it is a group of fields/);
    expect(problem([['socialMedia.site', 'x']], [CommunitySchema])).toMatch(/but “socialMedia” is a list of rows/);
    expect(
      problem(
        Array.from({ length: MAX_AUTH_GROUPS + 1 }, (_, i): [string, string] => ['auth', `g${i}`]),
        [MenuItemSchema],
      ),
    ).toMatch(/holds at most 100 rows/);
  });

  it("checks conform's list buttons like field names", () => {
    const bad = [
      'not json',
      JSON.stringify([1]),
      JSON.stringify({ type: 'update', payload: { name: 'title', value: 'x' } }),
      JSON.stringify({ type: 'reset', payload: {} }),
      JSON.stringify({ type: 'insert', payload: { name: 'title' } }),
      JSON.stringify({ type: 'insert', payload: { name: 'auth' } }),
      JSON.stringify({ type: 'insert', payload: { name: 'socialMedia', index: MAX_LIST_ROWS + 1 } }),
      JSON.stringify({ type: 'insert', payload: { name: 'socialMedia', defaultValue: [1, 2, 3] } }),
      JSON.stringify({ type: 'remove', payload: { name: 'socialMedia', index: 100000 } }),
      JSON.stringify({ type: 'remove', payload: { name: 'socialMedia', index: -1 } }),
      JSON.stringify({ type: 'reorder', payload: { name: 'socialMedia', from: 0, to: 30 } }),
      JSON.stringify({ type: 'insert', payload: { name: 'socialMedia[100000].x' } }),
      JSON.stringify({ type: 'insert', payload: { name: '__proto__' } }),
    ];
    for (const intent of bad) {
      expect(problem([['__intent__', intent]], [CommunitySchema, MenuItemSchema]), intent).toMatch(
        /^(The form's list button could not be read\. Reload the page and try again\.|The form sent row 100,001 of “socialMedia”.*)$/,
      );
    }
    expect(problem([listButton({ type: 'validate', payload: { name: 'title' } })], [CommunitySchema])).toBeNull();
    expect(problem([listButton({ type: 'remove', payload: { name: 'detailButtons', index: 29 } })], [CommunitySchema])).toBeNull();
    const twice = listButton({ type: 'remove', payload: { name: 'socialMedia', index: 0 } });
    expect(problem([twice, twice], [CommunitySchema])).toMatch(/list button could not be read/);
    expect(problem([['__state__', '{}']], [CommunitySchema])).toMatch(/“__state__”, which is not a field of this form/);
  });

  it('refuses too many fields and overlong names', () => {
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i): [string, string] => [`f${i}`, '']);
    expect(problem(many)).toBe('The form sent more than 2,000 fields. Nothing was saved.');
    expect(problem(many.slice(1))).toBeNull();
    expect(problem([['x'.repeat(MAX_FIELD_NAME_LENGTH + 1), '']])).toMatch(/field name longer than 1,024 characters/);
    expect(problem([['x'.repeat(MAX_FIELD_NAME_LENGTH), '']])).toBeNull();
  });
});
