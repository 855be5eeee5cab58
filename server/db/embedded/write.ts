import { pathText } from '../path';
import type { PathWrite, Tree } from '../tree';
import { encodeKey, encodeValue, VTYPE } from './encode';
import type { Indexes } from './indexes';
import { descendantRange } from './read';
import type { Statements } from './schema';

const INSERT_NODE = 'INSERT INTO node (path, parent, key, kcls, kint, vtype, vnum, vstr) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';

/**
 * Applies validated writes to the node table. Call inside a write transaction; the caller
 * commits all the writes of one set / update / transaction together.
 */
export class Writer {
  constructor(
    private readonly sql: Statements,
    private readonly indexes: Indexes,
  ) {}

  /** Replaces the value at each path (null deletes). The paths never contain one another. */
  apply(writes: readonly PathWrite[]): void {
    // Objects made or confirmed by earlier writes of this batch; none of them can become empty.
    const objects = new Set<string>();
    for (const { path, tree } of writes) {
      const text = pathText(path);
      this.deleteSubtree(text);
      if (tree === null) {
        this.pruneEmptyAncestors(path);
      } else {
        this.ensureAncestorObjects(path, objects);
        this.insert(text, path.length === 0 ? null : pathText(path.slice(0, -1)), path[path.length - 1] ?? '', tree);
      }
      this.indexes.afterWrite(path);
    }
  }

  private deleteSubtree(path: string): void {
    if (path === '') {
      this.sql.get('DELETE FROM node').run();
      return;
    }
    this.sql.get('DELETE FROM node WHERE path = ?').run(path);
    this.sql.get('DELETE FROM node WHERE path >= ? AND path < ?').run(...descendantRange(path));
  }

  /** Objects left without children vanish, up the chain (a leaf ancestor is left alone). */
  private pruneEmptyAncestors(path: readonly string[]): void {
    const prune = this.sql.get(
      `DELETE FROM node WHERE path = ? AND vtype = ${VTYPE.object}
       AND NOT EXISTS (SELECT 1 FROM node WHERE parent = ?)`,
    );
    for (let depth = path.length - 1; depth >= 0; depth--) {
      const ancestor = pathText(path.slice(0, depth));
      if (prune.run(ancestor, ancestor).changes === 0) return;
    }
  }

  /** Every ancestor becomes an object: created when missing, a leaf in the way is replaced. */
  private ensureAncestorObjects(path: readonly string[], objects: Set<string>): void {
    const upsert = this.sql.get(
      `INSERT INTO node (path, parent, key, kcls, kint, vtype, vnum, vstr) VALUES (?, ?, ?, ?, ?, ${VTYPE.object}, 0, '')
       ON CONFLICT (path) DO UPDATE SET vtype = ${VTYPE.object}, vnum = 0, vstr = '' WHERE vtype <> ${VTYPE.object}`,
    );
    let parent: string | null = null;
    for (let depth = 0; depth < path.length; depth++) {
      const text = pathText(path.slice(0, depth));
      if (!objects.has(text)) {
        const key = path[depth - 1] ?? ''; // the root's key is ''
        const { kcls, kint } = encodeKey(key);
        upsert.run(text, parent, key, kcls, kint);
        objects.add(text);
      }
      parent = text;
    }
  }

  private insert(path: string, parent: string | null, key: string, tree: Tree): void {
    const { kcls, kint } = encodeKey(key);
    const insert = this.sql.get(INSERT_NODE);
    if (tree instanceof Map) {
      insert.run(path, parent, key, kcls, kint, VTYPE.object, 0, '');
      for (const [childKey, child] of tree) this.insert(path === '' ? childKey : `${path}/${childKey}`, path, childKey, child);
    } else {
      const { vtype, vnum, vstr } = encodeValue(tree);
      insert.run(path, parent, key, kcls, kint, vtype, vnum, vstr);
    }
  }
}
