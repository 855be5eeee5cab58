import { pathText } from '../path';
import { descendantRange } from './read';
import type { Sqlite, Statements } from './schema';

interface IndexDef {
  id: number;
  parent: string;
  field: string;
}

/**
 * Ordered indexes of one parent's children (`idx_def` / `idx_entry`).
 *
 * A definition is (parent path, field): field is the child path of orderByChild ('a/b') or ''
 * for orderByValue (the child's own value). Its entries hold, for every child, the key columns
 * and the value columns of the field (vtype 0 when the child lacks it, 5 when it is an object).
 * The first query registers and builds a definition; from then on every write, in its own
 * SQLite transaction, refreshes the entries it touches, whichever process makes it.
 */
export class Indexes {
  /**
   * Definitions seen by this connection outside any transaction; they are never dropped, so the
   * ids stay valid. One registered inside a caller's transaction is not remembered until it is
   * seen again outside one: a rollback of that transaction takes the definition away.
   */
  private readonly known = new Map<string, number>();

  constructor(
    private readonly sqlite: Sqlite,
    private readonly sql: Statements,
  ) {}

  /** The definition id for (parent, field), registered and built on first use. */
  definition(parent: string, field: string): number {
    const name = `${parent}\n${field}`;
    let id = this.known.get(name) ?? this.find(parent, field);
    if (id === undefined) {
      id = this.sqlite
        .transaction(() => {
          const existing = this.find(parent, field);
          if (existing !== undefined) return existing;
          const created = Number(this.sql.get('INSERT INTO idx_def (parent, field) VALUES (?, ?)').run(parent, field).lastInsertRowid);
          this.rebuild({ id: created, parent, field });
          return created;
        })
        .immediate();
    }
    if (!this.sqlite.inTransaction) this.known.set(name, id);
    return id;
  }

  /**
   * Keeps entries current after a write at `path` (call inside the write's transaction):
   * a definition on a strict ancestor refreshes the one child entry the write is under; a
   * definition at or below the written path is rebuilt.
   */
  afterWrite(path: readonly string[]): void {
    const ancestors = path.map((_, depth) => pathText(path.slice(0, depth)));
    const text = pathText(path);
    const defs =
      path.length === 0
        ? this.sql.get<IndexDef>('SELECT id, parent, field FROM idx_def').all()
        : this.sql
            .get<IndexDef>(
              `SELECT id, parent, field FROM idx_def WHERE parent IN (SELECT value FROM json_each(?))
               UNION ALL
               SELECT id, parent, field FROM idx_def WHERE parent = ? OR (parent >= ? AND parent < ?)`,
            )
            .all(JSON.stringify(ancestors), text, ...descendantRange(text));
    for (const def of defs) {
      const depth = def.parent === '' ? 0 : def.parent.split('/').length;
      const segment = path[depth];
      if (segment !== undefined && ancestors[depth] === def.parent) this.refresh(def, segment);
      else this.rebuild(def);
    }
  }

  private find(parent: string, field: string): number | undefined {
    return this.sql.get<number>('SELECT id FROM idx_def WHERE parent = ? AND field = ?').pluck().get(parent, field);
  }

  private refresh(def: IndexDef, key: string): void {
    const child = def.parent === '' ? key : `${def.parent}/${key}`;
    this.sql.get('DELETE FROM idx_entry WHERE def = ? AND key = ?').run(def.id, key);
    this.sql
      .get(
        `INSERT INTO idx_entry (def, key, kcls, kint, vtype, vnum, vstr)
         SELECT ?, c.key, c.kcls, c.kint, coalesce(f.vtype, 0), coalesce(f.vnum, 0), coalesce(f.vstr, '')
         FROM node c LEFT JOIN node f ON f.path = c.path || ? WHERE c.path = ?`,
      )
      .run(def.id, fieldSuffix(def.field), child);
  }

  private rebuild(def: IndexDef): void {
    this.sql.get('DELETE FROM idx_entry WHERE def = ?').run(def.id);
    this.sql
      .get(
        `INSERT INTO idx_entry (def, key, kcls, kint, vtype, vnum, vstr)
         SELECT ?, c.key, c.kcls, c.kint, coalesce(f.vtype, 0), coalesce(f.vnum, 0), coalesce(f.vstr, '')
         FROM node c LEFT JOIN node f ON f.path = c.path || ? WHERE c.parent = ?`,
      )
      .run(def.id, fieldSuffix(def.field), def.parent);
  }
}

/** What to append to a child's path to reach the indexed field. */
function fieldSuffix(field: string): string {
  return field === '' ? '' : `/${field}`;
}
