import type { Branch, Tree } from '../tree';
import { decodeLeaf, VTYPE, type ValueColumns } from './encode';
import type { Statements } from './schema';

/** A descendant row: path, parent, key, vtype, vnum, vstr (raw, for speed on large reads). */
type SubtreeRow = [string, string, string, number, number, string];

/** The primary-key range holding every descendant of a non-root path. */
export function descendantRange(path: string): [string, string] {
  return [`${path}/`, `${path}0`];
}

/** Reads subtrees back from rows. Callers wrap related reads in one transaction. */
export class Reader {
  constructor(private readonly sql: Statements) {}

  /** The value columns of the node at `path`, or undefined when nothing is there. */
  node(path: string): ValueColumns | undefined {
    return this.sql.get<ValueColumns>('SELECT vtype, vnum, vstr FROM node WHERE path = ?').get(path);
  }

  /** The tree at `path`, or null. */
  tree(path: string): Tree | null {
    const node = this.node(path);
    if (!node) return null;
    return node.vtype === VTYPE.object ? this.branch(path) : decodeLeaf(node);
  }

  /** The children of the object at `path`, rebuilt from one range scan of its descendants. */
  branch(path: string): Branch {
    const columns = 'SELECT path, parent, key, vtype, vnum, vstr FROM node';
    const rows =
      path === ''
        ? this.sql.get<SubtreeRow>(`${columns} WHERE path > '' ORDER BY path`).raw().iterate()
        : this.sql
            .get<SubtreeRow>(`${columns} WHERE path >= ? AND path < ? ORDER BY path`)
            .raw()
            .iterate(...descendantRange(path));
    const root: Branch = new Map();
    // Path order puts every object before its descendants, so each row's parent is known.
    const branches = new Map<string, Branch>([[path, root]]);
    for (const [rowPath, parentPath, key, vtype, vnum, vstr] of rows as IterableIterator<SubtreeRow>) {
      const parent = branches.get(parentPath)!;
      if (vtype === VTYPE.object) {
        const branch: Branch = new Map();
        parent.set(key, branch);
        branches.set(rowPath, branch);
      } else {
        parent.set(key, decodeLeaf({ vtype, vnum, vstr }));
      }
    }
    return root;
  }
}
