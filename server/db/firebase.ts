/**
 * The Firebase engine: firebase-admin's Realtime Database behind the RealtimeDb port.
 *
 * Refs, queries and snapshots are thin wrappers. Writes are validated with the embedded
 * engine's rules first (tree.ts), so both engines refuse the same data with the same messages
 * and reject the returned promise instead of throwing. Array holes in read values become null
 * as in the embedded engine. Transactions run with applyLocally off, so listeners only ever see
 * committed values, as with the embedded engine.
 */
import type { App } from 'firebase-admin/app';
import {
  getDatabase,
  type Database,
  type DataSnapshot as FirebaseSnapshot,
  type Query as FirebaseQuery,
  type Reference as FirebaseReference,
} from 'firebase-admin/database';
import { parsePath } from './path';
import { prepareUpdate, toTree } from './tree';
import type {
  DataSnapshot,
  DbValue,
  Query,
  QueryValue,
  RealtimeDb,
  Reference,
  TransactionResult,
  Unsubscribe,
  ValueListener,
} from './types';

export interface FirebaseDbOptions {
  /** An initialised firebase-admin app whose options name the databaseURL. */
  app: App;
  /** How long ping() waits for the connection (default 5 s). */
  pingTimeoutMs?: number;
}

/** Firebase reads arrays with holes for missing indexes; the port reads them as null. */
function fillArrayHoles(value: unknown): any {
  if (Array.isArray(value)) return Array.from(value, (item) => (item === undefined ? null : fillArrayHoles(item)));
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) (value as Record<string, unknown>)[key] = fillArrayHoles(child);
  }
  return value;
}

class WrappedSnapshot implements DataSnapshot {
  constructor(private readonly inner: FirebaseSnapshot) {}

  get key(): string | null {
    return this.inner.key;
  }

  val(): any {
    return fillArrayHoles(this.inner.val());
  }

  exists(): boolean {
    return this.inner.exists();
  }

  child(path: string): DataSnapshot {
    return new WrappedSnapshot(this.inner.child(path));
  }

  hasChild(path: string): boolean {
    return this.inner.hasChild(path);
  }

  hasChildren(): boolean {
    return this.inner.hasChildren();
  }

  numChildren(): number {
    return this.inner.numChildren();
  }

  forEach(action: (child: DataSnapshot) => boolean | void): boolean {
    return this.inner.forEach((child) => action(new WrappedSnapshot(child)) === true);
  }
}

/** Listener bookkeeping shared by every wrapper of one database, so close() can detach all. */
class Subscriptions {
  readonly active = new Set<Unsubscribe>();

  add(unsubscribe: Unsubscribe): Unsubscribe {
    const once = () => {
      if (this.active.delete(once)) unsubscribe();
    };
    this.active.add(once);
    return once;
  }
}

class WrappedQuery implements Query {
  constructor(
    protected readonly inner: FirebaseQuery,
    protected readonly subscriptions: Subscriptions,
  ) {}

  get ref(): Reference {
    return new WrappedReference(this.inner.ref, this.subscriptions);
  }

  orderByChild(path: string): Query {
    return this.with(this.inner.orderByChild(path));
  }

  orderByKey(): Query {
    return this.with(this.inner.orderByKey());
  }

  orderByValue(): Query {
    return this.with(this.inner.orderByValue());
  }

  startAt(value: QueryValue, key?: string): Query {
    return this.with(this.inner.startAt(value, key));
  }

  endAt(value: QueryValue, key?: string): Query {
    return this.with(this.inner.endAt(value, key));
  }

  equalTo(value: QueryValue, key?: string): Query {
    return this.with(this.inner.equalTo(value, key));
  }

  limitToFirst(limit: number): Query {
    return this.with(this.inner.limitToFirst(limit));
  }

  limitToLast(limit: number): Query {
    return this.with(this.inner.limitToLast(limit));
  }

  async get(): Promise<DataSnapshot> {
    return new WrappedSnapshot(await this.inner.get());
  }

  onValue(listener: ValueListener, onError?: (error: Error) => void): Unsubscribe {
    const callback = this.inner.on(
      'value',
      (snapshot) => listener(new WrappedSnapshot(snapshot)),
      (error: Error) => onError?.(error),
    );
    return this.subscriptions.add(() => this.inner.off('value', callback));
  }

  private with(inner: FirebaseQuery): Query {
    return new WrappedQuery(inner, this.subscriptions);
  }
}

class WrappedReference extends WrappedQuery implements Reference {
  constructor(
    private readonly reference: FirebaseReference,
    subscriptions: Subscriptions,
  ) {
    super(reference, subscriptions);
  }

  override get ref(): Reference {
    return this;
  }

  get key(): string | null {
    return this.reference.key;
  }

  get path(): string {
    return this.segments().join('/');
  }

  get parent(): Reference | null {
    const parent = this.reference.parent;
    return parent ? new WrappedReference(parent, this.subscriptions) : null;
  }

  get root(): Reference {
    return new WrappedReference(this.reference.root, this.subscriptions);
  }

  child(path: string): Reference {
    return new WrappedReference(this.reference.child(path), this.subscriptions);
  }

  async set(value: DbValue): Promise<void> {
    toTree(value, this.segments(), 'Reference.set');
    await this.reference.set(value);
  }

  async update(values: Record<string, DbValue>): Promise<void> {
    const writes = prepareUpdate(this.segments(), values, 'Reference.update');
    if (writes.length > 0) await this.reference.update(values);
  }

  async remove(): Promise<void> {
    await this.reference.remove();
  }

  push(): Reference;
  push(value: DbValue): Promise<Reference>;
  push(value?: DbValue): Reference | Promise<Reference> {
    // push() without a value only makes the id; the write is then an ordinary set.
    const child = new WrappedReference(this.reference.push(), this.subscriptions);
    return value === undefined ? child : child.set(value).then(() => child);
  }

  async transaction(update: (current: any) => DbValue | undefined): Promise<TransactionResult> {
    const path = this.segments();
    let failure: unknown;
    const result = await this.reference.transaction(
      (current: unknown) => {
        if (failure !== undefined) return undefined;
        try {
          const proposed = update(fillArrayHoles(current));
          if (proposed !== undefined) toTree(proposed, path, 'Reference.transaction');
          return proposed;
        } catch (error) {
          // Abort, then report the error to the caller rather than inside the SDK's event loop.
          failure = error;
          return undefined;
        }
      },
      undefined,
      false,
    );
    if (failure !== undefined) throw failure;
    return { committed: result.committed, snapshot: new WrappedSnapshot(result.snapshot) };
  }

  /** The reference's path as segments, from its URL-independent string form. */
  private segments(): string[] {
    const segments: string[] = [];
    for (let ref: FirebaseReference | null = this.reference; ref?.key; ref = ref.parent) segments.unshift(ref.key);
    return segments;
  }
}

export function createFirebaseDb(options: FirebaseDbOptions): RealtimeDb {
  const database: Database = getDatabase(options.app);
  const subscriptions = new Subscriptions();
  const pingTimeoutMs = options.pingTimeoutMs ?? 5000;
  return {
    engine: 'firebase',
    ref(path = ''): Reference {
      // Validated like the embedded engine so both accept the same paths.
      parsePath(path, 'Database.ref', { allowRoot: true });
      return new WrappedReference(database.ref(path), subscriptions);
    },
    ping() {
      // `.info/connected` turns true once the server has answered the connection handshake.
      return new Promise<boolean>((resolve) => {
        const connected = database.ref('.info/connected');
        const handler = (snapshot: FirebaseSnapshot) => {
          if (snapshot.val() === true) finish(true);
        };
        const timer = setTimeout(() => finish(false), pingTimeoutMs);
        function finish(answer: boolean) {
          clearTimeout(timer);
          connected.off('value', handler);
          resolve(answer);
        }
        connected.on('value', handler);
      });
    },
    async close() {
      for (const unsubscribe of [...subscriptions.active]) unsubscribe();
      database.goOffline();
    },
  };
}
