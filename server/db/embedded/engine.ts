import type Database from 'better-sqlite3';
import { describePath, pathText } from '../path';
import { TreeSnapshot } from '../snapshot';
import { equalTrees, toTree, toValue, type PathWrite, type Tree } from '../tree';
import type { DbValue, TransactionResult, Unsubscribe, ValueListener } from '../types';
import { Indexes } from './indexes';
import { ListenerHub } from './listeners';
import { Queries } from './query';
import type { QuerySpec } from './query-spec';
import { Reader } from './read';
import { Statements, type Sqlite } from './schema';
import { Writer } from './write';

/** Attempts of one transaction before it gives up, as in firebase-admin. */
const MAX_TRANSACTION_ATTEMPTS = 25;

/** The operations behind the embedded references, on one SQLite connection. */
export class EmbeddedEngine {
  private readonly reader: Reader;
  private readonly writer: Writer;
  private readonly queries: Queries;
  private readonly listeners: ListenerHub;
  private readonly atomically: Database.Transaction<(work: () => unknown) => unknown>;
  private closed = false;

  constructor(
    readonly sqlite: Sqlite,
    pollIntervalMs: number,
  ) {
    const sql = new Statements(sqlite);
    const indexes = new Indexes(sqlite, sql);
    this.reader = new Reader(sql);
    this.writer = new Writer(sql, indexes);
    this.atomically = sqlite.transaction((work: () => unknown) => work());
    this.queries = new Queries(sql, this.reader, indexes, (work) => this.reading(work));
    this.listeners = new ListenerHub(() => sqlite.pragma('data_version', { simple: true }) as number, pollIntervalMs);
  }

  read(path: readonly string[], spec: QuerySpec): TreeSnapshot {
    return this.queries.run(path, spec);
  }

  /** Commits validated writes together (BEGIN IMMEDIATE … COMMIT), then tells the listeners. */
  write(writes: PathWrite[]): void {
    if (writes.length === 0) return;
    this.writing(() => this.writer.apply(writes));
    this.listeners.changed(writes.map((write) => write.path));
  }

  /**
   * Firebase's optimistic transaction: the update function sees the value read without a lock;
   * the write happens inside an IMMEDIATE transaction only if the stored value is still the one
   * the function saw, otherwise the function runs again with the newer value.
   */
  transaction(path: readonly string[], update: (current: any) => DbValue | undefined): TransactionResult {
    const text = pathText(path);
    const key = path.at(-1) ?? null;
    let current = this.reading(() => this.reader.tree(text));
    for (let attempt = 0; attempt < MAX_TRANSACTION_ATTEMPTS; attempt++) {
      const proposed = update(current === null ? null : toValue(current));
      if (proposed === undefined) return { committed: false, snapshot: new TreeSnapshot(key, current) };
      const next = toTree(proposed, path, 'Reference.transaction');
      const seen = current;
      const outcome = this.writing((): { stale: Tree | null } | undefined => {
        const stored = this.reader.tree(text);
        if (!equalTrees(stored, seen)) return { stale: stored };
        this.writer.apply([{ path: [...path], tree: next }]);
        return undefined;
      });
      if (!outcome) {
        this.listeners.changed([path]);
        return { committed: true, snapshot: new TreeSnapshot(key, next) };
      }
      current = outcome.stale;
    }
    throw new Error(
      `Reference.transaction: gave up at ${describePath(path)} after ${MAX_TRANSACTION_ATTEMPTS} attempts; other writers kept changing the value`,
    );
  }

  /**
   * The writes, committed only if the value at `guard` passes `check`: the check reads the stored
   * value inside the same IMMEDIATE transaction that applies the writes, so nothing can come in
   * between, and a write that fails rolls the whole of it back.
   */
  guardedWrite(guard: readonly string[], check: (current: any) => boolean, writes: PathWrite[]): TransactionResult {
    const text = pathText(guard);
    const key = guard.at(-1) ?? null;
    const outcome = this.writing((): { committed: boolean; tree: Tree | null } => {
      const stored = this.reader.tree(text);
      if (!check(stored === null ? null : toValue(stored))) return { committed: false, tree: stored };
      this.writer.apply(writes);
      return { committed: true, tree: this.reader.tree(text) };
    });
    if (outcome.committed) this.listeners.changed(writes.map((write) => write.path));
    return { committed: outcome.committed, snapshot: new TreeSnapshot(key, outcome.tree) };
  }

  listen(path: readonly string[], spec: QuerySpec, callback: ValueListener, onError?: (error: Error) => void): Unsubscribe {
    return this.listeners.add(path, () => this.read(path, spec), callback, onError);
  }

  ping(): boolean {
    if (this.closed) return false;
    try {
      return this.sqlite.prepare('SELECT 1').pluck().get() === 1;
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.listeners.close();
    this.sqlite.close();
  }

  private reading<T>(work: () => T): T {
    return this.atomically.deferred(work) as T;
  }

  private writing<T>(work: () => T): T {
    return this.atomically.immediate(work) as T;
  }
}
