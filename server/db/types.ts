/**
 * The realtime database port: the subset of firebase-admin's `Database` API that the
 * product uses. Both engines (embedded SQLite and Firebase) implement it with Firebase's
 * semantics, and one contract suite (`contract.test.ts`) holds them to it.
 *
 * Paths are '/'-separated keys relative to the database root; build them with
 * `server/paths`, never by hand.
 */

/** A JSON value as stored in the database. `null` deletes. */
export type DbValue = null | boolean | number | string | DbValue[] | { [key: string]: DbValue };

/** Values accepted by startAt / endAt / equalTo. */
export type QueryValue = null | boolean | number | string;

export interface DataSnapshot {
  /** Last segment of the path; null at the root. */
  readonly key: string | null;
  /** The value, with Firebase's array conversion; null when nothing is there. */
  val(): any;
  exists(): boolean;
  /** Child snapshot at a relative path (which may not exist). */
  child(path: string): DataSnapshot;
  hasChild(path: string): boolean;
  hasChildren(): boolean;
  numChildren(): number;
  /**
   * Visits the children in the query's order (key order for plain reads).
   * Returning `true` from the callback stops the iteration, as in firebase-admin.
   */
  forEach(action: (child: DataSnapshot) => boolean | void): boolean;
}

export interface TransactionResult {
  committed: boolean;
  snapshot: DataSnapshot;
}

export type ValueListener = (snapshot: DataSnapshot) => void;
export type Unsubscribe = () => void;

export interface Query {
  readonly ref: Reference;
  orderByChild(path: string): Query;
  orderByKey(): Query;
  orderByValue(): Query;
  /** Children whose sort value is >= value (and, on a tie, whose key is >= key). */
  startAt(value: QueryValue, key?: string): Query;
  /** Children whose sort value is <= value (and, on a tie, whose key is <= key). */
  endAt(value: QueryValue, key?: string): Query;
  equalTo(value: QueryValue, key?: string): Query;
  limitToFirst(limit: number): Query;
  limitToLast(limit: number): Query;
  get(): Promise<DataSnapshot>;
  /** Calls the listener with the current value, then after every change. */
  onValue(listener: ValueListener, onError?: (error: Error) => void): Unsubscribe;
}

export interface Reference extends Query {
  readonly key: string | null;
  /** Path from the root without leading or trailing slash; '' for the root. */
  readonly path: string;
  readonly parent: Reference | null;
  readonly root: Reference;
  child(path: string): Reference;
  set(value: DbValue): Promise<void>;
  /**
   * Multi-path update: each key is a path relative to this reference; all writes commit
   * together or none does. A null value deletes that path.
   */
  update(values: Record<string, DbValue>): Promise<void>;
  /**
   * A multi-path update (as `update`) made only while the value at `guard` (a path relative to
   * this reference) passes `check`: the check and every write commit together, or nothing is
   * written. Where the guard fails, `committed` is false and the snapshot holds the value that
   * failed it; otherwise the snapshot holds the guard's value as written. `check` may run more
   * than once, and must not write.
   */
  guardedUpdate(guard: string, check: (current: any) => boolean, values: Record<string, DbValue>): Promise<TransactionResult>;
  remove(): Promise<void>;
  /** Without a value: a reference to a new chronological push id, nothing written. */
  push(): Reference;
  /** With a value: writes it under a new chronological push id. */
  push(value: DbValue): Promise<Reference>;
  /**
   * Atomically replaces the value with `update(current)`. Returning undefined aborts.
   * The function may run more than once when another writer got there first.
   */
  transaction(update: (current: any) => DbValue | undefined): Promise<TransactionResult>;
}

export interface RealtimeDb {
  readonly engine: 'embedded' | 'firebase';
  ref(path?: string): Reference;
  /** True when the database answers (used by /healthcheck). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
