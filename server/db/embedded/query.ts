import { pathText } from '../path';
import { TreeSnapshot } from '../snapshot';
import type { Branch } from '../tree';
import { AFTER_ALL_KEYS, BEFORE_ALL_KEYS, decodeLeaf, encodeValue, keyTuple, VTYPE, type KeyTuple, type ValueColumns } from './encode';
import type { Indexes } from './indexes';
import { isUnfiltered, type Bound, type QuerySpec } from './query-spec';
import type { Reader } from './read';
import type { Statements } from './schema';

/** A position in an index: (vtype, vnum, vstr, kcls, kint, key). */
type IndexTuple = readonly [number, number, string, ...KeyTuple];

/**
 * Runs queries as index range scans. orderByKey (and no orderBy) reads the `node_children`
 * index of the parent; orderByChild / orderByValue read the parent's `idx_entry` definition.
 * Bounds become row-value conditions on the index columns, limitToLast scans backwards, and
 * only the children of the page are read back.
 */
export class Queries {
  constructor(
    private readonly sql: Statements,
    private readonly reader: Reader,
    private readonly indexes: Indexes,
    /** Runs reads in one read transaction so they see one state of the database. */
    private readonly inReadTransaction: <T>(work: () => T) => T,
  ) {}

  run(path: readonly string[], spec: QuerySpec): TreeSnapshot {
    const parent = pathText(path);
    const key = path.at(-1) ?? null;
    const { order } = spec;
    const unfiltered = isUnfiltered(spec);
    if (unfiltered && (order.kind === 'priority' || order.kind === 'key')) {
      return new TreeSnapshot(
        key,
        this.inReadTransaction(() => this.reader.tree(parent)),
      );
    }
    // Registering an index is a write, so it happens before the read transaction starts.
    const def =
      order.kind === 'child' || order.kind === 'value'
        ? this.indexes.definition(parent, order.kind === 'child' ? order.path : '')
        : undefined;

    return this.inReadTransaction(() => {
      const node = this.reader.node(parent);
      if (!node) return new TreeSnapshot(key, null);
      // A leaf has no children to filter; Firebase returns it only when nothing filters.
      if (node.vtype !== VTYPE.object) return new TreeSnapshot(key, unfiltered ? decodeLeaf(node) : null);

      const children: Branch = new Map();
      const prefix = parent === '' ? '' : `${parent}/`;
      if (def === undefined) {
        for (const row of this.keyPage(parent, spec)) {
          children.set(row.key, row.vtype === VTYPE.object ? this.reader.branch(prefix + row.key) : decodeLeaf(row));
        }
      } else {
        for (const childKey of this.indexPage(def, spec)) children.set(childKey, this.reader.tree(prefix + childKey)!);
      }
      return new TreeSnapshot(key, children.size === 0 ? null : children, true);
    });
  }

  /** Children in key order (orderByKey, or no orderBy, where every priority is null). */
  private keyPage(parent: string, spec: QuerySpec): Array<ValueColumns & { key: string }> {
    const page = keyPageSql(parent, spec);
    return page ? this.fetch(page, spec) : [];
  }

  /** Child keys in the order of an orderByChild / orderByValue index. */
  private indexPage(def: number, spec: QuerySpec): string[] {
    return this.fetch<{ key: string }>(indexPageSql(def, spec), spec).map((row) => row.key);
  }

  private fetch<Row>(page: PageSql, spec: QuerySpec): Row[] {
    const rows = this.sql.get<Row>(page.sql).all(...page.params);
    return spec.limit?.fromEnd ? rows.reverse() : rows;
  }
}

export interface PageSql {
  sql: string;
  params: unknown[];
}

const KEY_COLUMNS = ['kcls', 'kint', 'key'];
const INDEX_COLUMNS = ['vtype', 'vnum', 'vstr', ...KEY_COLUMNS];

/**
 * The page of a key-ordered query over `parent`'s children (key, value columns), or null when
 * nothing can match. Rows come in scan order: descending for limitToLast.
 */
export function keyPageSql(parent: string, spec: QuerySpec): PageSql | null {
  const bounds: Array<['>=' | '<=', KeyTuple]> = [];
  if (spec.order.kind === 'key') {
    if (spec.start) bounds.push(['>=', keyTuple(spec.start.value as string)]);
    if (spec.end) bounds.push(['<=', keyTuple(spec.end.value as string)]);
  } else {
    // No orderBy: every child sorts as (null priority, key), so a non-null start excludes
    // every child and a non-null end none.
    if (spec.start && spec.start.value !== null) return null;
    if (spec.start?.key !== undefined) bounds.push(['>=', keyTuple(spec.start.key)]);
    if (spec.end?.value === null && spec.end.key !== undefined) bounds.push(['<=', keyTuple(spec.end.key)]);
  }
  return pageSql('SELECT key, vtype, vnum, vstr FROM node WHERE parent = ?', [parent], KEY_COLUMNS, bounds, spec);
}

/** The page of an orderByChild / orderByValue query over index definition `def` (child keys). */
export function indexPageSql(def: number, spec: QuerySpec): PageSql {
  const bounds: Array<['>=' | '<=', IndexTuple]> = [];
  if (spec.start) bounds.push(['>=', indexTuple(spec.start, BEFORE_ALL_KEYS)]);
  if (spec.end) bounds.push(['<=', indexTuple(spec.end, AFTER_ALL_KEYS)]);
  return pageSql('SELECT key FROM idx_entry WHERE def = ?', [def], INDEX_COLUMNS, bounds, spec);
}

function pageSql(
  select: string,
  params: unknown[],
  columns: string[],
  bounds: ReadonlyArray<readonly ['>=' | '<=', readonly unknown[]]>,
  spec: QuerySpec,
): PageSql {
  const tuple = `(${columns.join(', ')})`;
  const placeholders = `(${columns.map(() => '?').join(', ')})`;
  let sql = select;
  for (const [operator, values] of bounds) {
    sql += ` AND ${tuple} ${operator} ${placeholders}`;
    params.push(...values);
  }
  const direction = spec.limit?.fromEnd ? 'DESC' : 'ASC';
  sql += ` ORDER BY ${columns.map((column) => `${column} ${direction}`).join(', ')}`;
  if (spec.limit) {
    sql += ' LIMIT ?';
    params.push(spec.limit.count);
  }
  return { sql, params };
}

function indexTuple(bound: Bound, whenNoKey: KeyTuple): IndexTuple {
  const { vtype, vnum, vstr } = encodeValue(bound.value);
  return [vtype, vnum, vstr, ...(bound.key === undefined ? whenNoKey : keyTuple(bound.key))];
}
