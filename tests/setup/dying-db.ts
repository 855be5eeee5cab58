import type { DbValue, RealtimeDb, Reference } from '@server/db';

/**
 * The dependencies of a process that dies after its first `writes` database writes: reads go
 * through, every later write (set, update, transaction, guarded update, remove, push) throws
 * before reaching the database.
 */
export function dyingAfter<Deps extends { db: RealtimeDb }>(deps: Deps, writes = 1): Deps {
  let left = writes;
  const WRITES = new Set(['set', 'update', 'transaction', 'guardedUpdate', 'remove']);
  const wrap = (ref: Reference): Reference =>
    new Proxy(ref, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === 'child') return (path: string) => wrap(target.child(path));
        if (property === 'parent') return target.parent && wrap(target.parent);
        if (property === 'root') return wrap(target.root);
        if (property === 'push') return (value?: DbValue) => (value === undefined ? wrap(target.push()) : write(() => target.push(value)));
        if (typeof property === 'string' && WRITES.has(property) && typeof value === 'function')
          return (...args: unknown[]) => write(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const write = <T>(work: () => Promise<T>): Promise<T> => {
    if (left <= 0) return Promise.reject(new Error('the process died before this write'));
    left -= 1;
    return work();
  };
  const db: RealtimeDb = {
    engine: deps.db.engine,
    ref: (path?: string) => wrap(deps.db.ref(path)),
    ping: () => deps.db.ping(),
    close: async () => {},
  };
  return { ...deps, db };
}
