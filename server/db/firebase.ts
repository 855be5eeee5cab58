/**
 * The Firebase engine: firebase-admin's Realtime Database behind the RealtimeDb port.
 *
 * Refs, queries and snapshots are thin wrappers. Writes are validated with the embedded
 * engine's rules first (tree.ts), so both engines refuse the same data with the same messages
 * and reject the returned promise instead of throwing. Array holes in read values become null
 * as in the embedded engine. Transactions run with applyLocally off, so listeners only ever see
 * committed values, as with the embedded engine.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import {
  getDatabase,
  type Database,
  type DataSnapshot as FirebaseSnapshot,
  type Query as FirebaseQuery,
  type Reference as FirebaseReference,
} from 'firebase-admin/database';
import { describePath, parsePath } from './path';
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

/** Where guardedUpdate keeps its leases: a root-level node of short-lived claims (decision 019). */
const LEASE_ROOT = 'write-leases';
/** How long a lease holds when its writer never releases it (a crash). */
const LEASE_MS = 30_000;
/** The writes are not sent when less than this is left of the lease. */
const LEASE_MARGIN_MS = 5_000;
/** Claims of a busy lease before guardedUpdate gives up (about 20 s of waiting). */
const LEASE_ATTEMPTS = 25;

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

  /**
   * Firebase has no conditional multi-path write, and a transaction over the common ancestor of
   * the paths would download all of it. The guard is a lease instead (decision 019): a short
   * transaction claims `write-leases/{hash of the guard's path}`, the guard is read and checked,
   * and the writes go in ONE multi-path update that also releases the lease. A crash leaves
   * either nothing written (the lease expires after LEASE_MS) or everything. Writers that go
   * through guardedUpdate on the same guard take turns; plain writes are not held back.
   */
  async guardedUpdate(guard: string, check: (current: any) => boolean, values: Record<string, DbValue>): Promise<TransactionResult> {
    const base = this.segments();
    const guardPath = [...base, ...parsePath(guard, 'Reference.guardedUpdate', { allowRoot: true })];
    const writes = prepareUpdate(base, values, 'Reference.guardedUpdate');
    const root = this.reference.root;
    const leasePath = `${LEASE_ROOT}/${createHash('sha256').update(guardPath.join('/')).digest('base64url')}`;
    const lease = root.child(leasePath);
    const guardRef = guardPath.length === 0 ? root : root.child(guardPath.join('/'));
    const token = randomUUID();
    let until = 0;
    for (let attempt = 0; ; attempt++) {
      const claimed = await lease.transaction(
        (current: unknown) => {
          const held = current as { until?: unknown } | null;
          if (held && typeof held.until === 'number' && held.until > Date.now()) return undefined;
          until = Date.now() + LEASE_MS;
          return { token, until };
        },
        undefined,
        false,
      );
      if (claimed.committed) break;
      if (attempt >= LEASE_ATTEMPTS) throw new Error(`Reference.guardedUpdate: ${describePath(guardPath)} stayed busy; try again`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    }
    let committed = false;
    try {
      const snapshot = await guardRef.get();
      if (!check(fillArrayHoles(snapshot.val()))) return { committed: false, snapshot: new WrappedSnapshot(snapshot) };
      if (Date.now() > until - LEASE_MARGIN_MS)
        throw new Error(`Reference.guardedUpdate: ${describePath(guardPath)} took too long; try again`);
      const update: Record<string, DbValue> = { [leasePath]: null };
      const entries = Object.entries(values); // prepareUpdate keeps their order
      writes.forEach((write, index) => {
        update[write.path.join('/')] = entries[index]![1];
      });
      await root.update(update);
      committed = true;
      return { committed: true, snapshot: new WrappedSnapshot(await guardRef.get()) };
    } finally {
      if (!committed) {
        await lease
          .transaction(
            // null (Firebase's first guess when nothing is cached) proposes no change, so the SDK retries with the stored lease.
            (current: unknown) => (current === null || (current as { token?: unknown }).token === token ? null : undefined),
            undefined,
            false,
          )
          .catch(() => undefined);
      }
    }
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
