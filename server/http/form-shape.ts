import { z, type ZodTypeAny } from 'zod';

/**
 * The shape check of a posted form, before conform or zod look at it (issue 9, findings 2 and
 * 11). conform builds its value from the field names (`socialMedia[3].site`), and an array is
 * as long as the largest index sent: a 100-byte post naming row 100,000 made an array of
 * 100,001 rows, which zod then checked row by row and the answer rendered row by row, blocking
 * the server for minutes. So every name is checked against the form's schema first, and a form
 * that does not fit is refused with 400 and a message before any value is built:
 *
 * - at most MAX_FORM_FIELDS fields, each name at most MAX_FIELD_NAME_LENGTH characters;
 * - an index of a list is below that list's cap: the schema's own `.max()` (MAX_LIST_ROWS,
 *   MAX_HEADER_IMAGES, MAX_TABS …), or DEFAULT_MAX_ROWS for lists the schema does not know;
 * - a field the schema takes as one value (a text, a number, a choice) is sent once and has no
 *   rows or fields under it; a list of rows gets its rows' fields, never a bare value;
 * - conform's list buttons (`__intent__`: insert, remove, reorder a row; validate) name a list
 *   of rows the schema knows, with indexes inside its cap; conform's `__state__` is not used by
 *   this console and is refused.
 *
 * The check reads names only, in one pass: its cost is the size of the body, whatever the
 * indexes say.
 */

/** The most fields a form may post (the largest real form, community setup with full lists, posts about 400). */
export const MAX_FORM_FIELDS = 2000;
/** The longest field name (the header editor's place-photo credits carry a Places photo name). */
export const MAX_FIELD_NAME_LENGTH = 1024;
/** The cap of a list the form's schema does not know (a list the schema knows has its own `.max()`). */
export const DEFAULT_MAX_ROWS = 20;
/** The longest `__intent__` value (conform's list buttons post small JSON objects). */
const MAX_LIST_INTENT_LENGTH = 2000;

/** conform's reserved names. */
export const LIST_INTENT_FIELD = '__intent__';
const STATE_FIELD = '__state__';

/** What a field's path leads to in the schema. */
export type ShapeNode =
  | { kind: 'object'; shape: Readonly<Record<string, ZodTypeAny>> }
  | { kind: 'list'; max: number; item: ZodTypeAny }
  | { kind: 'value' }
  | { kind: 'unknown' };

const UNKNOWN: ShapeNode = { kind: 'unknown' };
const Kind = z.ZodFirstPartyTypeKind;

/** The largest length a zod array allows (its `.max()` or `.length()`), or null without one. */
export function arrayCap(schema: z.ZodArray<ZodTypeAny>): number | null {
  const def = schema._def;
  return def.exactLength?.value ?? def.maxLength?.value ?? null;
}

/** The node a schema is, through optional, default, effects (preprocess, refine), pipelines and the like. */
export function shapeNodeOf(schema: ZodTypeAny | undefined): ShapeNode {
  let current: ZodTypeAny | undefined = schema;
  for (let depth = 0; current && depth < 50; depth += 1) {
    const def = current._def as { typeName?: string } & Record<string, unknown>;
    switch (def.typeName) {
      case Kind.ZodOptional:
      case Kind.ZodNullable:
      case Kind.ZodDefault:
      case Kind.ZodCatch:
      case Kind.ZodReadonly:
        current = def.innerType as ZodTypeAny;
        break;
      case Kind.ZodEffects:
        current = def.schema as ZodTypeAny;
        break;
      case Kind.ZodPipeline:
        current = def.in as ZodTypeAny;
        break;
      case Kind.ZodBranded:
        current = def.type as ZodTypeAny;
        break;
      case Kind.ZodLazy:
        current = (def.getter as () => ZodTypeAny)();
        break;
      case Kind.ZodObject:
        return { kind: 'object', shape: (current as z.AnyZodObject).shape };
      case Kind.ZodArray: {
        const array = current as z.ZodArray<ZodTypeAny>;
        return { kind: 'list', max: arrayCap(array) ?? DEFAULT_MAX_ROWS, item: array.element };
      }
      case Kind.ZodString:
      case Kind.ZodNumber:
      case Kind.ZodBigInt:
      case Kind.ZodBoolean:
      case Kind.ZodDate:
      case Kind.ZodEnum:
      case Kind.ZodNativeEnum:
      case Kind.ZodLiteral:
        return { kind: 'value' };
      default:
        return UNKNOWN;
    }
  }
  return UNKNOWN;
}

export type PathSegment = string | number;

/**
 * A field name's segments as conform reads them (`a.b[2].c` → a, b, 2, c; `a[]` ends with '').
 * Null when conform would not read the name (it then ignores the field).
 */
export function pathSegments(name: string): PathSegment[] | null {
  if (name === '') return [];
  const token = /([^.[\]]+)|\[(\d*)\]/g;
  const segments: PathSegment[] = [];
  let last = 0;
  for (let match = token.exec(name); match; match = token.exec(name)) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === '.')) return null;
    const [, key, index] = match;
    if (key !== undefined) segments.push(key);
    else if (index === '') segments.push('');
    else segments.push(Number(index));
    last = token.lastIndex;
  }
  return last === name.length ? segments : null;
}

/** A refusal: the form does not fit its schema. The message says what was wrong. */
export class FormShapeError extends Error {
  override name = 'FormShapeError';
}

const NOTHING_SAVED = 'Nothing was saved.';
const quoted = (name: string) => `“${name.length > 80 ? `${name.slice(0, 80)}…` : name}”`;
const rowsOf = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

function tooManyRows(list: string, index: number, max: number) {
  return new FormShapeError(
    `The form sent row ${(index + 1).toLocaleString('en-US')} of ${quoted(list)}, which holds at most ${rowsOf(max)}. ${NOTHING_SAVED}`,
  );
}
const notThisForm = (name: string) =>
  new FormShapeError(`The form sent ${quoted(name)}, which is not a field of this form. Reload the page and try again.`);

/** The node a form's top-level field name starts at: the first schema that has the field. */
function rootNode(schemas: readonly ZodTypeAny[], field: PathSegment): ShapeNode {
  if (typeof field !== 'string') return UNKNOWN;
  for (const schema of schemas) {
    const root = shapeNodeOf(schema);
    if (root.kind === 'object' && Object.hasOwn(root.shape, field)) return shapeNodeOf(root.shape[field]);
  }
  return UNKNOWN;
}

interface Walked {
  node: ShapeNode;
  /** The path walked so far, as a name (`socialMedia[2]`), for messages. */
  name: string;
}

/** Follows a path through the schemas; throws when it does not fit. */
function walk(schemas: readonly ZodTypeAny[], segments: readonly PathSegment[], fullName: string): Walked {
  const [first] = segments;
  if (first === undefined) return { node: UNKNOWN, name: '' };
  if (typeof first !== 'string' || first === '') throw notThisForm(fullName);
  let node = rootNode(schemas, first);
  let name = first;
  for (let i = 1; i < segments.length; i += 1) {
    const segment = segments[i]!;
    const lastSegment = i === segments.length - 1;
    if (segment === '') {
      // `name[]`: values pushed onto a list, only at the end (conform's rule); the list itself is answered.
      if (!lastSegment) throw notThisForm(fullName);
      return { node, name };
    }
    if (typeof segment === 'number') {
      if (node.kind === 'list') {
        if (segment >= node.max) throw tooManyRows(name, segment, node.max);
        node = shapeNodeOf(node.item);
      } else if (node.kind === 'unknown') {
        if (segment >= DEFAULT_MAX_ROWS) throw tooManyRows(name, segment, DEFAULT_MAX_ROWS);
      } else {
        throw new FormShapeError(`The form sent ${quoted(fullName)}, but ${quoted(name)} has no rows. ${NOTHING_SAVED}`);
      }
      name = `${name}[${segment}]`;
      continue;
    }
    if (node.kind === 'object') {
      node = Object.hasOwn(node.shape, segment) ? shapeNodeOf(node.shape[segment]) : UNKNOWN;
    } else if (node.kind === 'list') {
      throw new FormShapeError(`The form sent ${quoted(fullName)}, but ${quoted(name)} is a list of rows. ${NOTHING_SAVED}`);
    } else if (node.kind === 'value') {
      throw new FormShapeError(`The form sent ${quoted(fullName)}, but ${quoted(name)} takes a single value. ${NOTHING_SAVED}`);
    }
    name = `${name}.${segment}`;
  }
  return { node, name };
}

/** Every `[n]` of a name conform would not read is still held to the default cap. */
function checkLooseIndexes(name: string) {
  for (const match of name.matchAll(/\[(\d+)\]/g)) {
    const index = Number(match[1]);
    if (index >= DEFAULT_MAX_ROWS) throw tooManyRows(name.slice(0, match.index), index, DEFAULT_MAX_ROWS);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
const isIndex = (value: unknown, below: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < below;

/** conform's list button (`__intent__`), checked like a field name: a known list of rows, indexes inside its cap. */
function checkListIntent(raw: FormDataEntryValue, schemas: readonly ZodTypeAny[]) {
  const refused = new FormShapeError("The form's list button could not be read. Reload the page and try again.");
  if (typeof raw !== 'string' || raw.length > MAX_LIST_INTENT_LENGTH) throw refused;
  let intent: unknown;
  try {
    intent = JSON.parse(raw);
  } catch {
    throw refused;
  }
  if (!isPlainObject(intent) || !isPlainObject(intent.payload)) throw refused;
  const { type, payload } = intent;
  if (type === 'validate') {
    if (payload.name !== undefined && (typeof payload.name !== 'string' || payload.name.length > MAX_FIELD_NAME_LENGTH)) throw refused;
    return;
  }
  if (type !== 'insert' && type !== 'remove' && type !== 'reorder') throw refused;
  if (typeof payload.name !== 'string' || payload.name.length > MAX_FIELD_NAME_LENGTH) throw refused;
  const segments = pathSegments(payload.name);
  if (!segments || segments.includes('')) throw refused;
  const { node } = walk(schemas, segments, payload.name);
  // Only lists of rows have buttons (a list of single values is posted as repeated fields).
  if (node.kind !== 'list' || shapeNodeOf(node.item).kind !== 'object') throw refused;
  if (type === 'insert') {
    if (payload.index !== undefined && !isIndex(payload.index, node.max + 1)) throw refused;
    const row = payload.defaultValue;
    if (row !== undefined && !(isPlainObject(row) && Object.values(row).every((value) => value === undefined || typeof value === 'string')))
      throw refused;
  } else if (type === 'remove') {
    if (!isIndex(payload.index, node.max)) throw refused;
  } else if (!isIndex(payload.from, node.max) || !isIndex(payload.to, node.max)) {
    throw refused;
  }
}

/**
 * Checks a posted form against the schemas of the forms its route answers (the first schema
 * that has a top-level field decides for it). Throws a FormShapeError with the message to show.
 */
export function checkFormShape(formData: FormData, schemas: readonly ZodTypeAny[] = []): void {
  const counts = new Map<string, number>();
  let fields = 0;
  for (const [name] of formData) {
    fields += 1;
    if (fields > MAX_FORM_FIELDS) {
      throw new FormShapeError(`The form sent more than ${MAX_FORM_FIELDS.toLocaleString('en-US')} fields. ${NOTHING_SAVED}`);
    }
    if (name.length > MAX_FIELD_NAME_LENGTH) {
      throw new FormShapeError(
        `The form sent a field name longer than ${MAX_FIELD_NAME_LENGTH.toLocaleString('en-US')} characters. ${NOTHING_SAVED}`,
      );
    }
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  for (const [name, count] of counts) {
    if (name === STATE_FIELD) throw notThisForm(name);
    if (name === LIST_INTENT_FIELD) {
      if (count > 1) throw new FormShapeError("The form's list button could not be read. Reload the page and try again.");
      checkListIntent(formData.get(name)!, schemas);
      continue;
    }
    const segments = pathSegments(name);
    if (!segments) {
      checkLooseIndexes(name);
      continue;
    }
    const { node, name: walked } = walk(schemas, segments, name);
    if (segments.at(-1) === '') {
      // `name[]`, once per value: a list of single values, or a field the schema does not know.
      if (node.kind === 'unknown' && count > DEFAULT_MAX_ROWS) throw tooManyRows(walked, count - 1, DEFAULT_MAX_ROWS);
      if (node.kind === 'list' && shapeNodeOf(node.item).kind === 'value' && count <= node.max) continue;
      if (node.kind === 'list' && shapeNodeOf(node.item).kind === 'value') throw tooManyRows(walked, count - 1, node.max);
      if (node.kind !== 'unknown') throw notThisForm(name);
      continue;
    }
    if (node.kind === 'value' && count > 1) {
      throw new FormShapeError(`The form sent ${quoted(walked)} ${count} times; it takes one value. ${NOTHING_SAVED}`);
    }
    if (node.kind === 'object') {
      throw new FormShapeError(`The form sent ${quoted(name)} as one value, but it is a group of fields. ${NOTHING_SAVED}`);
    }
    if (node.kind === 'list') {
      if (shapeNodeOf(node.item).kind === 'object') {
        throw new FormShapeError(`The form sent ${quoted(name)} as one value, but it is a list of rows. ${NOTHING_SAVED}`);
      }
      if (count > node.max) throw tooManyRows(name, count - 1, node.max);
    }
  }
}
