/**
 * The embedded engine: the RealtimeDb port on one SQLite file (better-sqlite3, WAL,
 * synchronous=NORMAL, 5 s busy timeout), with Firebase's semantics.
 *
 * Storage (embedded/schema.ts). Every node of the JSON tree is a row of `node`, keyed by its
 * path ('' is the root, 'a/b' its grandchild); objects are rows of vtype 5, leaves carry their
 * value, null is never stored. The subtree of P is the primary-key range [P + '/', P + '0'), so
 * a read is one range scan (embedded/read.ts). Key columns (kcls, kint, key) and value columns
 * (vtype, vnum, vstr) encode Firebase's orders (embedded/encode.ts).
 *
 * Writes (embedded/write.ts). Each set / update / transaction is one IMMEDIATE transaction:
 * delete the subtree, insert the new rows, turn missing or leaf ancestors into objects, and on
 * delete remove ancestors left empty. Values and paths are validated first (tree.ts), so an
 * invalid update writes nothing.
 *
 * Queries (embedded/query.ts). orderByKey (and no orderBy) pages through the node_children
 * index. orderByChild(field) and orderByValue use an index table made on first use for that
 * parent (embedded/indexes.ts): idx_def registers (parent, field) — field '' for orderByValue,
 * which spares every node a second value index for a rarely used order — and idx_entry holds
 * each child's sort columns, refreshed by every later write in the same SQLite transaction, from
 * any process. Bounds are row-value conditions on the index columns, so an ordered page of 50
 * reads about 50 index entries and those 50 children, whatever the size of the list.
 *
 * Transactions (embedded/engine.ts) follow Firebase's optimistic model with up to 25 attempts.
 * Listeners (embedded/listeners.ts) re-evaluate after local writes to related paths and, for
 * writes by other connections, when `PRAGMA data_version` moves (polled while any listener
 * exists), and call back only when the value changed.
 *
 * Known difference: strings and keys compare by UTF-8 bytes in SQLite and by UTF-16 code units
 * in Firebase; the orders differ only between characters above U+FFFF and U+E000–U+FFFF.
 */
import type Database from 'better-sqlite3';
import { parsePath } from '../path';
import type { RealtimeDb, Reference } from '../types';
import { EmbeddedEngine } from './engine';
import { EmbeddedReference } from './refs';
import { openSqlite } from './schema';

export interface EmbeddedDbOptions {
  /** The SQLite file; its folder is created when missing. */
  file: string;
  /** How often listeners look for writes by other connections (default 250 ms). */
  pollIntervalMs?: number;
}

export interface EmbeddedDb extends RealtimeDb {
  readonly engine: 'embedded';
  /** The connection, for sibling embedded adapters that keep their own tables in this file. */
  readonly sqlite: Database.Database;
}

export function createEmbeddedDb(options: EmbeddedDbOptions): EmbeddedDb {
  const engine = new EmbeddedEngine(openSqlite(options.file), options.pollIntervalMs ?? 250);
  return {
    engine: 'embedded',
    sqlite: engine.sqlite,
    ref(path = ''): Reference {
      return new EmbeddedReference(engine, parsePath(path, 'Database.ref', { allowRoot: true }));
    },
    async ping() {
      return engine.ping();
    },
    async close() {
      engine.close();
    },
  };
}
