import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDroppedRow, keptRows, orderNumber, postedRowsSchema, rowCheckbox, rowList } from './posted-rows';

const row = z
  .object({
    name: z
      .string()
      .trim()
      .optional()
      .transform((value) => value ?? ''),
    remove: rowCheckbox,
    order: orderNumber('Order must be a number.'),
  })
  .superRefine((value, ctx) => {
    if (isDroppedRow(value, isBlank)) return;
    if (value.name.length < 2) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Too short.' });
  });
const isBlank = (value: { name: string }) => value.name === '';
const schema = z.object({
  rows: postedRowsSchema({ row, max: 3, tooMany: 'At most 3 rows.', isBlank, output: (value) => value.name }),
});

const post = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return parseWithZod(data, { schema });
};

describe('rowList', () => {
  it('reads arrays, array-like objects in index order, and anything else as no rows', () => {
    expect(rowList(['a', 'b'])).toEqual(['a', 'b']);
    expect(rowList({ 2: 'c', 0: 'a', 10: 'k', other: 'x' })).toEqual(['a', 'c', 'k']);
    expect(rowList(null)).toEqual([]);
    expect(rowList('text')).toEqual([]);
  });
});

describe('keptRows', () => {
  it('drops removed and blank rows and sorts by order number, ties and missing numbers by posted place', () => {
    const rows = [
      { name: 'a', order: 3 },
      { name: '', order: 1 },
      { name: 'b', order: 1, remove: true },
      { name: 'c' },
      { name: 'd', order: 3 },
    ];
    expect(keptRows(rows, isBlank).map(({ row: kept, index }) => `${kept.name}@${index}`)).toEqual(['a@0', 'c@3', 'd@4']);
    expect(
      keptRows(
        [
          { name: 'x', order: 9 },
          { name: 'y', order: 2 },
        ],
        isBlank,
      ).map(({ row: kept }) => kept.name),
    ).toEqual(['y', 'x']);
  });
});

describe('postedRowsSchema', () => {
  it('keeps the filled rows in the order of their numbers, without the blank row or removed rows', () => {
    const result = post([
      ['rows[0].name', 'Pool'],
      ['rows[0].order', '3'],
      ['rows[1].name', 'Deck'],
      ['rows[1].order', '1'],
      ['rows[2].name', 'Gone'],
      ['rows[2].remove', 'on'],
      ['rows[3].order', '4'],
    ]);
    expect(result.status).toBe('success');
    expect(result.status === 'success' && result.value.rows).toEqual(['Deck', 'Pool']);
  });

  it('checks kept rows only, with errors at their posted index', () => {
    const result = post([
      ['rows[0].name', 'x'],
      ['rows[0].remove', 'on'],
      ['rows[1].name', 'y'],
      ['rows[2].order', 'first'],
    ]);
    expect(result.reply().error).toEqual({ 'rows[1].name': ['Too short.'], 'rows[2].order': ['Order must be a number.'] });
  });

  it('accepts no rows, and refuses more rows than the most plus the blank one', () => {
    const none = post([]);
    expect(none.status === 'success' && none.value.rows).toEqual([]);
    const many = post(['a1', 'b1', 'c1', 'd1', 'e1'].map((name, index) => [`rows[${index}].name`, name]));
    expect(many.reply().error?.rows).toEqual(['At most 3 rows.']);
    // Four filled rows fit the posted rows (the most plus one) but are one too many to keep.
    const four = post(['a1', 'b1', 'c1', 'd1'].map((name, index) => [`rows[${index}].name`, name]));
    expect(four.reply().error?.rows).toEqual(['At most 3 rows.']);
    const withRemoved = post([
      ...['a1', 'b1', 'c1', 'd1'].map((name, index): [string, string] => [`rows[${index}].name`, name]),
      ['rows[3].remove', 'on'],
    ]);
    expect(withRemoved.status === 'success' && withRemoved.value.rows).toEqual(['a1', 'b1', 'c1']);
  });
});
