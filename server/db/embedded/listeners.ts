import { pathsOverlap } from '../path';
import type { TreeSnapshot } from '../snapshot';
import { equalTrees } from '../tree';
import type { Unsubscribe, ValueListener } from '../types';

interface Listener {
  path: readonly string[];
  evaluate: () => TreeSnapshot;
  callback: ValueListener;
  onError?: (error: Error) => void;
  /** The last snapshot delivered; undefined until the first one. */
  last?: TreeSnapshot;
}

/**
 * Value listeners. Each gets the current value first, then a new snapshot whenever a write
 * touching its path (an ancestor, the path itself or a descendant) changes what it sees.
 * Writes through this connection are reported by `changed`; writes by other connections or
 * processes on the same file are noticed by polling `PRAGMA data_version`, after which every
 * listener is re-evaluated. Re-evaluations run in a microtask, after the write returns.
 */
export class ListenerHub {
  private readonly listeners = new Set<Listener>();
  private readonly dirty = new Set<Listener>();
  private flushQueued = false;
  private timer: NodeJS.Timeout | undefined;
  private dataVersion = 0;
  private closed = false;

  constructor(
    /** `PRAGMA data_version` of this connection: it moves when another connection commits. */
    private readonly readDataVersion: () => number,
    private readonly pollIntervalMs: number,
  ) {}

  add(path: readonly string[], evaluate: () => TreeSnapshot, callback: ValueListener, onError?: (error: Error) => void): Unsubscribe {
    if (this.closed) throw new Error('onValue: the database is closed');
    const listener: Listener = { path, evaluate, callback, onError };
    if (this.listeners.size === 0) this.startPolling();
    this.listeners.add(listener);
    this.markDirty(listener);
    return () => this.remove(listener);
  }

  /** Reports committed writes of this connection at these paths. */
  changed(paths: ReadonlyArray<readonly string[]>): void {
    for (const listener of this.listeners) {
      if (paths.some((path) => pathsOverlap(path, listener.path))) this.markDirty(listener);
    }
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.dirty.clear();
    this.stopPolling();
  }

  private remove(listener: Listener): void {
    this.listeners.delete(listener);
    this.dirty.delete(listener);
    if (this.listeners.size === 0) this.stopPolling();
  }

  private markDirty(listener: Listener): void {
    this.dirty.add(listener);
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  private flush(): void {
    this.flushQueued = false;
    const batch = [...this.dirty];
    this.dirty.clear();
    for (const listener of batch) {
      if (this.listeners.has(listener)) this.deliver(listener);
    }
  }

  private deliver(listener: Listener): void {
    let snapshot: TreeSnapshot;
    try {
      snapshot = listener.evaluate();
    } catch (error) {
      // As in firebase-admin, a listener whose read fails is cancelled.
      this.remove(listener);
      if (listener.onError) listener.onError(error as Error);
      else rethrowLater(error);
      return;
    }
    if (listener.last && equalTrees(listener.last.tree, snapshot.tree)) return;
    listener.last = snapshot;
    try {
      listener.callback(snapshot);
    } catch (error) {
      rethrowLater(error);
    }
  }

  private startPolling(): void {
    this.dataVersion = this.readDataVersion();
    this.timer = setInterval(() => this.poll(), this.pollIntervalMs);
    this.timer.unref();
  }

  private stopPolling(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private poll(): void {
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    for (const listener of this.listeners) this.markDirty(listener);
  }
}

/**
 * An exception thrown by a listener surfaces as an uncaught exception, outside the database's
 * own bookkeeping, exactly as firebase-admin does with its callbacks.
 */
function rethrowLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  }, 0);
}
