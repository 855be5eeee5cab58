import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';

export type Sqlite = Database.Database;

/** Schema version kept in `PRAGMA user_version`. */
const SCHEMA_VERSION = 1;

/**
 * Tables of the embedded engine (see embedded/index.ts for the design):
 * - node: one row per node of the tree. The root's row has path '' and parent NULL.
 *   kcls/kint/key give Firebase key order, vtype/vnum/vstr the value (vtype 5 = object).
 *   Sentinels (0, '') instead of NULL keep row-value comparisons total.
 * - idx_def / idx_entry: ordered indexes of one parent's children by a child path
 *   (orderByChild) or by their own value (field '', orderByValue), built on first use and kept
 *   current by every write.
 */
const DDL = `
  CREATE TABLE node (
    path  TEXT PRIMARY KEY,
    parent TEXT,
    key   TEXT NOT NULL,
    kcls  INTEGER NOT NULL,
    kint  INTEGER NOT NULL,
    vtype INTEGER NOT NULL,
    vnum  REAL NOT NULL,
    vstr  TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX node_children ON node (parent, kcls, kint, key);

  CREATE TABLE idx_def (
    id     INTEGER PRIMARY KEY,
    parent TEXT NOT NULL,
    field  TEXT NOT NULL,
    UNIQUE (parent, field)
  );
  CREATE TABLE idx_entry (
    def   INTEGER NOT NULL,
    key   TEXT NOT NULL,
    kcls  INTEGER NOT NULL,
    kint  INTEGER NOT NULL,
    vtype INTEGER NOT NULL,
    vnum  REAL NOT NULL,
    vstr  TEXT NOT NULL,
    PRIMARY KEY (def, key)
  ) WITHOUT ROWID;
  CREATE INDEX idx_entry_order ON idx_entry (def, vtype, vnum, vstr, kcls, kint, key);
`;

/** Opens (creating when missing) the database file with the engine's schema. */
export function openSqlite(file: string): Sqlite {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new Database(file, { timeout: 5000 });
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite
      .transaction(() => {
        const version = sqlite.pragma('user_version', { simple: true }) as number;
        if (version === 0) {
          sqlite.exec(DDL);
          sqlite.pragma(`user_version = ${SCHEMA_VERSION}`);
        } else if (version !== SCHEMA_VERSION) {
          throw new Error(`${file} has database schema version ${version}; this build reads version ${SCHEMA_VERSION}`);
        }
      })
      .immediate();
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return sqlite;
}

/** Prepared statements, compiled once per SQL text and reused. */
export class Statements {
  private readonly cache = new Map<string, Database.Statement>();

  constructor(private readonly sqlite: Sqlite) {}

  get<Row = unknown>(sql: string): Database.Statement<unknown[], Row> {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement as Database.Statement<unknown[], Row>;
  }
}
