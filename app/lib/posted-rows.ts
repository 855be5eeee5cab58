import { z } from 'zod';

/**
 * The rules of a posted list of rows (custom buttons, social links, remote access entries):
 * the form always carries one blank row on top of the stored ones (ignored while blank), each
 * row may carry a 'Remove' box and, without JavaScript, an 'Order' number; the rows kept are
 * the ones neither removed nor blank, in the order of their numbers (rows without a number keep
 * their posted place; ties keep the posted order). Isomorphic and pure.
 */

export interface PostedRow {
  remove?: boolean;
  order?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A list as an array: an array as it is, an array-like object (`{ 0: …, 1: … }`, as Firebase
 * hands back a list or a form posts sparse indexes) in the order of its indexes, anything else
 * as no rows.
 */
export function rowList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    return Object.keys(value)
      .filter((key) => /^\d+$/.test(key))
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  }
  return [];
}

/** A check box: ticked posts 'on' (a stored or parsed value may be `true`). */
export const rowCheckbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

/** A row's optional 'Order' number; an empty box is no number. */
export function orderNumber(message: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : Number(value)),
    z.number({ invalid_type_error: message }).finite(message).optional(),
  );
}

/** Whether a row is left out: removed, or nobody filled it in. */
export function isDroppedRow<Row extends PostedRow>(row: Row, isBlank: (row: Row) => boolean): boolean {
  return row.remove === true || isBlank(row);
}

/** The rows kept (neither removed nor blank), each with its posted index, in the order of their order numbers. */
export function keptRows<Row extends PostedRow>(rows: readonly Row[], isBlank: (row: Row) => boolean): Array<{ row: Row; index: number }> {
  return rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => !isDroppedRow(row, isBlank))
    .sort((a, b) => (a.row.order ?? a.index) - (b.row.order ?? b.index) || a.index - b.index);
}

/**
 * The schema of a posted list `{name}[i].…`: each row parsed by `row` (which skips its own
 * checks for a dropped row, see isDroppedRow), at most `max` rows plus the blank one posted,
 * and the kept rows in order, at most `max` of them.
 */
export function postedRowsSchema<Row extends PostedRow, Out>(options: {
  row: z.ZodType<Row, z.ZodTypeDef, unknown>;
  max: number;
  tooMany: string;
  isBlank: (row: Row) => boolean;
  /** The value kept of a row. */
  output: (row: Row) => Out;
}): z.ZodType<Out[], z.ZodTypeDef, unknown> {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : rowList(value)),
    z
      .array(z.preprocess((value) => (isRecord(value) ? value : {}), options.row))
      .max(options.max + 1, options.tooMany)
      .transform((rows, ctx): Out[] => {
        const kept = keptRows(rows, options.isBlank);
        if (kept.length > options.max) {
          ctx.addIssue({ code: 'custom', message: options.tooMany });
          return z.NEVER;
        }
        return kept.map(({ row }) => options.output(row));
      }),
  );
}
