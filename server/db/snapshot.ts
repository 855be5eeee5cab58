import { parsePath } from './path';
import { sortedKeys, toValue, treeAt, type Tree } from './tree';
import type { DataSnapshot } from './types';

/**
 * A snapshot over an immutable tree. For a query result the branch's own insertion order is the
 * query's order (`inQueryOrder`), which `forEach` follows; everywhere else children are visited
 * in key order. `val()` always returns the plain value.
 */
export class TreeSnapshot implements DataSnapshot {
  constructor(
    readonly key: string | null,
    /** The data itself; compared by listeners and transactions. */
    readonly tree: Tree | null,
    private readonly inQueryOrder = false,
  ) {}

  val(): any {
    return this.tree === null ? null : toValue(this.tree);
  }

  exists(): boolean {
    return this.tree !== null;
  }

  child(path: string): DataSnapshot {
    const segments = parsePath(path, 'DataSnapshot.child', { allowRoot: false });
    return new TreeSnapshot(segments.at(-1) ?? null, treeAt(this.tree, segments));
  }

  hasChild(path: string): boolean {
    return treeAt(this.tree, parsePath(path, 'DataSnapshot.hasChild', { allowRoot: false })) !== null;
  }

  hasChildren(): boolean {
    return this.tree instanceof Map;
  }

  numChildren(): number {
    return this.tree instanceof Map ? this.tree.size : 0;
  }

  forEach(action: (child: DataSnapshot) => boolean | void): boolean {
    const tree = this.tree;
    if (!(tree instanceof Map)) return false;
    const keys = this.inQueryOrder ? tree.keys() : sortedKeys(tree);
    for (const key of keys) {
      if (action(new TreeSnapshot(key, tree.get(key)!)) === true) return true;
    }
    return false;
  }
}
