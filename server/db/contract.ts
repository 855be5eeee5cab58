/**
 * The RealtimeDb contract: one suite of Firebase semantics that every engine must pass.
 * `runContract` registers it for one engine; contract.test.ts runs it against the embedded
 * engine always and against the Firebase Database emulator when one is configured.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushIdTime } from './push-id';
import type { DataSnapshot, DbValue, Query, RealtimeDb, Reference } from './types';

/** How a separate process reaches the same store. */
export type ContractTarget = { engine: 'embedded'; file: string } | { engine: 'firebase'; projectId: string; databaseURL: string };

export interface ContractStore {
  /** Opens a new connection to the store (each call is another connection). */
  open(): Promise<RealtimeDb>;
  /** The path every write of the test goes under. */
  base: string;
  target: ContractTarget;
  /** Removes what the store left behind; connections are already closed. */
  cleanup(): Promise<void>;
}

const WORKER = fileURLToPath(new URL('./contract-worker.ts', import.meta.url));

function keysOf(snapshot: DataSnapshot): string[] {
  const keys: string[] = [];
  snapshot.forEach((child) => {
    keys.push(child.key!);
  });
  return keys;
}

async function keysOfQuery(query: Query): Promise<string[]> {
  return keysOf(await query.get());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Records every value a listener delivers. */
function record(query: Query): { values: unknown[]; keys: string[][]; stop: () => void } {
  const values: unknown[] = [];
  const keys: string[][] = [];
  const stop = query.onValue((snapshot) => {
    values.push(snapshot.val());
    keys.push(keysOf(snapshot));
  });
  return { values, keys, stop };
}

/** Long enough for a listener to have heard of a change (covers the embedded engine's polling). */
const QUIET_MS = 600;

export function runContract(engine: string, createStore: () => Promise<ContractStore>): void {
  describe(`RealtimeDb contract: ${engine}`, () => {
    let store: ContractStore;
    let connections: RealtimeDb[] = [];
    let db: RealtimeDb;
    let base: Reference;

    const connect = async () => {
      const connection = await store.open();
      connections.push(connection);
      return connection;
    };

    beforeEach(async () => {
      store = await createStore();
      connections = [];
      db = await connect();
      base = db.ref(store.base);
    });

    afterEach(async () => {
      for (const connection of connections) await connection.close();
      connections = [];
      await store?.cleanup();
    });

    describe('references and snapshots', () => {
      it('navigates paths', () => {
        const ref = base.child('a/b').child('c');
        expect(ref.path).toBe(`${store.base}/a/b/c`);
        expect(ref.key).toBe('c');
        expect(ref.parent!.key).toBe('b');
        expect(ref.root.key).toBeNull();
        expect(ref.root.parent).toBeNull();
        expect(db.ref(`/${store.base}/x/`).path).toBe(`${store.base}/x`);
        expect(ref.orderByKey().ref.path).toBe(ref.path);
      });

      it('refuses invalid paths', () => {
        for (const bad of ['a.b', 'a#b', 'a$b', 'a[b', 'a]b']) expect(() => base.child(bad)).toThrow();
      });

      it('reads nothing as null', async () => {
        const snapshot = await base.child('missing').get();
        expect(snapshot.exists()).toBe(false);
        expect(snapshot.val()).toBeNull();
        expect(snapshot.key).toBe('missing');
        expect(snapshot.hasChildren()).toBe(false);
        expect(snapshot.numChildren()).toBe(0);
        expect(snapshot.forEach(() => true)).toBe(false);
      });

      it('exposes children through the snapshot', async () => {
        await base.set({ b: { c: 'deep' }, '10': 1, '2': 2, a: true });
        const snapshot = await base.get();
        expect(snapshot.key).toBe(store.base.split('/').pop());
        expect(snapshot.numChildren()).toBe(4);
        expect(snapshot.hasChildren()).toBe(true);
        expect(snapshot.hasChild('b/c')).toBe(true);
        expect(snapshot.hasChild('b/x')).toBe(false);
        expect(snapshot.child('b/c').val()).toBe('deep');
        expect(snapshot.child('b/c').key).toBe('c');
        expect(snapshot.child('nothing').exists()).toBe(false);
        expect(keysOf(snapshot)).toEqual(['2', '10', 'a', 'b']);
        const visited: string[] = [];
        expect(snapshot.forEach((child) => (visited.push(child.key!), child.key === '10'))).toBe(true);
        expect(visited).toEqual(['2', '10']);
      });
    });

    describe('writes', () => {
      it('round-trips set and get of every value type', async () => {
        const value = {
          text: 'héllo wörld ✓ 😀',
          empty: '',
          int: 42,
          negative: -7,
          decimal: 3.25,
          big: 2 ** 53,
          yes: true,
          no: false,
          nested: { deeper: { deepest: 'x' } },
          'key with spaces': 1,
        };
        await base.set(value);
        expect((await base.get()).val()).toEqual(value);
        await base.child('nested/deeper/deepest').set('y');
        expect((await base.child('nested').get()).val()).toEqual({ deeper: { deepest: 'y' } });
        await base.child('int').set('now a string');
        expect((await base.child('int').get()).val()).toBe('now a string');
      });

      it('updates several paths, relative to the reference', async () => {
        await base.set({ a: 1, b: { c: 2, d: 3 }, e: { f: 4 } });
        await base.update({ a: 10, 'b/c': 20, 'e/g/h': 5, 'x/y': 'new', 'b/d': null });
        expect((await base.get()).val()).toEqual({ a: 10, b: { c: 20 }, e: { f: 4, g: { h: 5 } }, x: { y: 'new' } });
        await base.child('b').update({ c: { z: 1 } });
        expect((await base.child('b').get()).val()).toEqual({ c: { z: 1 } });
        await base.update({});
        expect((await base.child('a').get()).val()).toBe(10);
      });

      it('removes', async () => {
        await base.set({ a: { b: 1, c: 2 } });
        await base.child('a/b').remove();
        expect((await base.get()).val()).toEqual({ a: { c: 2 } });
        await base.child('a').remove();
        expect((await base.get()).exists()).toBe(false);
      });

      it('deletes with null and lets empty parents vanish', async () => {
        await base.child('x/y/z').set(1);
        await base.child('keep').set(true);
        await base.child('x/y/z').set(null);
        expect((await base.child('x').get()).exists()).toBe(false);
        expect((await base.get()).val()).toEqual({ keep: true });
        await base.update({ 'p/q/r': 1 });
        await base.update({ 'p/q/r': null });
        expect((await base.get()).val()).toEqual({ keep: true });
        await base.child('keep').set(null);
        expect((await base.get()).exists()).toBe(false);
      });

      it('stores no empty objects or null members', async () => {
        await base.set({ a: {}, b: { c: {} }, d: null, e: [], f: 1 });
        expect((await base.get()).val()).toEqual({ f: 1 });
        await base.child('g').set({});
        expect((await base.child('g').get()).exists()).toBe(false);
      });

      it('replaces a leaf with an object when writing under it, and back', async () => {
        await base.child('a').set(5);
        await base.child('a/b').set(1);
        expect((await base.child('a').get()).val()).toEqual({ b: 1 });
        await base.child('a').set('leaf again');
        expect((await base.child('a').get()).val()).toBe('leaf again');
        expect((await base.child('a/b').get()).exists()).toBe(false);
        await base.child('a/missing').set(null);
        expect((await base.child('a').get()).val()).toBe('leaf again');
      });

      it('reads arrays back as arrays, by Firebase rule', async () => {
        await base.child('list').set(['a', 'b', 'c']);
        expect((await base.child('list').get()).val()).toEqual(['a', 'b', 'c']);
        expect((await base.child('list/1').get()).val()).toBe('b');
        await base.child('list/1').remove();
        expect((await base.child('list').get()).val()).toEqual(['a', null, 'c']);
        await base.child('withNulls').set(['x', null, 'z']);
        expect((await base.child('withNulls').get()).val()).toEqual(['x', null, 'z']);
        await base.child('nested').set({ tags: ['t1', 't2'], grid: [[1, 2], [3]] });
        expect((await base.child('nested').get()).val()).toEqual({ tags: ['t1', 't2'], grid: [[1, 2], [3]] });
        await base.child('mostly').set({ 0: 'a', 1: 'b', 5: 'f' });
        expect((await base.child('mostly').get()).val()).toEqual(['a', 'b', null, null, null, 'f']);
        await base.child('sparse').set({ 0: 'a', 4: 'e' });
        expect((await base.child('sparse').get()).val()).toEqual({ 0: 'a', 4: 'e' });
        await base.child('padded').set({ '00': 'a', '01': 'b' });
        expect((await base.child('padded').get()).val()).toEqual({ '00': 'a', '01': 'b' });
      });
    });

    describe('validation and atomicity', () => {
      const initial = { a: 1, b: { c: 2 } };
      const expectUnchanged = async () => expect((await base.get()).val()).toEqual(initial);

      it('refuses an update with an invalid key anywhere and writes nothing', async () => {
        await base.set(initial);
        await expect(base.update({ a: 10, 'b/d.e': 3 })).rejects.toThrow(/invalid/i);
        await expect(base.update({ a: 10, 'b/c': { ok: 1, 'bad#key': 2 } })).rejects.toThrow(`/${store.base}/b/c/bad#key`);
        await expect(base.update({ a: 10, 'b/c': { 'sub/key': 1 } })).rejects.toThrow(/invalid key/);
        await expect(base.update({ a: 10, 'b/c': { '': 1 } })).rejects.toThrow(/invalid key/);
        await expect(base.update({ a: 10, 'b/c': { 'ctl\u0001': 1 } })).rejects.toThrow(/invalid key/);
        await expectUnchanged();
      });

      it('refuses an update with an invalid value anywhere and writes nothing', async () => {
        await base.set(initial);
        const bad: unknown[] = [undefined, NaN, Infinity, -Infinity, () => 1, new Date(0), { deep: { fn: () => 1 } }, [1, undefined]];
        for (const value of bad) {
          await expect(base.update({ a: 10, 'b/c': value as DbValue })).rejects.toThrow(`/${store.base}/b/c`);
        }
        await expect(base.child('b').set({ x: NaN } as unknown as DbValue)).rejects.toThrow(`/${store.base}/b/x`);
        await expectUnchanged();
      });

      it('refuses an update where one path contains another', async () => {
        await base.set(initial);
        await expect(base.update({ b: { z: 1 }, 'b/c': 5 })).rejects.toThrow(/ancestor/);
        await expect(base.update({ 'b/c': 5, 'b//c/': 6 })).rejects.toThrow(/ancestor/);
        await expectUnchanged();
      });
    });

    describe('push', () => {
      it('makes chronological ids, ordered even within one millisecond', async () => {
        const before = Date.now();
        const list = base.child('list');
        const refs = Array.from({ length: 200 }, () => list.push());
        const after = Date.now();
        const keys = refs.map((ref) => ref.key!);
        expect(new Set(keys).size).toBe(200);
        expect([...keys].sort()).toEqual(keys);
        for (const key of keys) {
          expect(key).toMatch(/^[-0-9A-Z_a-z]{20}$/);
          expect(pushIdTime(key)).toBeGreaterThanOrEqual(before - 1000);
          expect(pushIdTime(key)).toBeLessThanOrEqual(after + 1000);
        }
        expect((await list.get()).exists()).toBe(false);
      });

      it('writes under a new id and keeps creation order', async () => {
        const list = base.child('list');
        const created: string[] = [];
        for (let n = 0; n < 20; n++) created.push((await list.push({ n })).key!);
        const snapshot = await list.get();
        expect(keysOf(snapshot)).toEqual(created);
        const ns: number[] = [];
        snapshot.forEach((child) => {
          ns.push(child.child('n').val());
        });
        expect(ns).toEqual(Array.from({ length: 20 }, (_, n) => n));
        expect(keysOf(await list.orderByKey().limitToLast(2).get())).toEqual(created.slice(-2));
      });
    });

    describe('queries', () => {
      const mixed: Record<string, DbValue> = {
        'k-null': { other: 1 },
        'k-leaf': 'a leaf child has no fields',
        'k-false': { v: false },
        'k-true': { v: true },
        'k-neg': { v: -10 },
        'k-dec': { v: -1.5 },
        'k-zero': { v: 0 },
        'k-small': { v: 2.25 },
        a: { v: 7 },
        '10': { v: 7 },
        '2': { v: 7 },
        'k-big': { v: 1e6 },
        'k-empty': { v: '' },
        'k-A': { v: 'A' },
        'k-a': { v: 'a' },
        'k-b': { v: 'b' },
        'k-obj2': { v: { z: 1 } },
        'k-obj': { v: { nested: 1 } },
      };
      const mixedOrder = [
        'k-leaf',
        'k-null',
        'k-false',
        'k-true',
        'k-neg',
        'k-dec',
        'k-zero',
        'k-small',
        '2',
        '10',
        'a',
        'k-big',
        'k-empty',
        'k-A',
        'k-a',
        'k-b',
        'k-obj',
        'k-obj2',
      ];

      it('orders mixed types by child: null, false, true, numbers, strings, objects; ties by key', async () => {
        await base.child('items').set(mixed);
        const items = base.child('items');
        expect(await keysOfQuery(items.orderByChild('v'))).toEqual(mixedOrder);
        expect(await keysOfQuery(items.orderByChild('v').limitToFirst(5))).toEqual(mixedOrder.slice(0, 5));
        expect(await keysOfQuery(items.orderByChild('v').limitToLast(5))).toEqual(mixedOrder.slice(-5));
        expect(await keysOfQuery(items.orderByChild('v').startAt(7))).toEqual(mixedOrder.slice(8));
        expect(await keysOfQuery(items.orderByChild('v').startAt(false).endAt(true))).toEqual(['k-false', 'k-true']);
        expect(await keysOfQuery(items.orderByChild('v').startAt(-5).endAt(5))).toEqual(['k-dec', 'k-zero', 'k-small']);
        expect(await keysOfQuery(items.orderByChild('v').startAt('').endAt('a'))).toEqual(['k-empty', 'k-A', 'k-a']);
        expect(await keysOfQuery(items.orderByChild('v').equalTo(null))).toEqual(['k-leaf', 'k-null']);
        expect(await keysOfQuery(items.orderByChild('v').equalTo(7))).toEqual(['2', '10', 'a']);
        const page = await items.orderByChild('v').startAt(7).limitToFirst(2).get();
        expect(page.val()).toEqual({ '2': { v: 7 }, '10': { v: 7 } });
      });

      it('orders by value with the same rules', async () => {
        await base
          .child('scores')
          .set({ f: false, t: true, n1: -3, n2: 0.5, b: 4, '10': 4, '2': 4, s1: 'apple', s2: 'Banana', o: { x: 1 } });
        const scores = base.child('scores');
        expect(await keysOfQuery(scores.orderByValue())).toEqual(['f', 't', 'n1', 'n2', '2', '10', 'b', 's2', 's1', 'o']);
        expect(await keysOfQuery(scores.orderByValue().startAt(0).endAt(4))).toEqual(['n2', '2', '10', 'b']);
        expect(await keysOfQuery(scores.orderByValue().equalTo(4, '10'))).toEqual(['10']);
        expect(await keysOfQuery(scores.orderByValue().startAt('a').limitToFirst(1))).toEqual(['s1']);
        expect(await keysOfQuery(scores.orderByValue().limitToLast(2))).toEqual(['s1', 'o']);
      });

      it('orders by key: 32-bit integers numerically first, then strings', async () => {
        await base.child('keys').set({ b: 1, a: 1, '10': 1, '2': 1, '-5': 1, '1a': 1, B: 1, '2147483648': 1 });
        const keys = base.child('keys');
        const all = ['-5', '2', '10', '1a', '2147483648', 'B', 'a', 'b'];
        expect(keysOf(await keys.get())).toEqual(all);
        expect(await keysOfQuery(keys.orderByKey())).toEqual(all);
        expect(await keysOfQuery(keys.orderByKey().startAt('2').endAt('B'))).toEqual(['2', '10', '1a', '2147483648', 'B']);
        expect(await keysOfQuery(keys.orderByKey().startAt('a'))).toEqual(['a', 'b']);
        expect(await keysOfQuery(keys.orderByKey().endAt('10'))).toEqual(['-5', '2', '10']);
        expect(await keysOfQuery(keys.orderByKey().equalTo('1a'))).toEqual(['1a']);
        expect(await keysOfQuery(keys.orderByKey().limitToFirst(2))).toEqual(['-5', '2']);
        expect(await keysOfQuery(keys.orderByKey().startAt('3').limitToLast(3))).toEqual(['B', 'a', 'b']);
        expect(await keysOfQuery(keys.limitToFirst(3))).toEqual(['-5', '2', '10']);
        expect(await keysOfQuery(keys.limitToLast(1))).toEqual(['b']);
      });

      it('breaks ties with the key argument of startAt, endAt and equalTo', async () => {
        await base.child('s').set({ a: { v: 1 }, b: { v: 2 }, c: { v: 2 }, d: { v: 2 }, e: { v: 3 }, z: { w: 1 } });
        const s = base.child('s');
        expect(await keysOfQuery(s.orderByChild('v').startAt(2, 'c'))).toEqual(['c', 'd', 'e']);
        expect(await keysOfQuery(s.orderByChild('v').endAt(2, 'c'))).toEqual(['z', 'a', 'b', 'c']);
        expect(await keysOfQuery(s.orderByChild('v').startAt(2, 'c').endAt(2, 'd'))).toEqual(['c', 'd']);
        expect(await keysOfQuery(s.orderByChild('v').equalTo(2))).toEqual(['b', 'c', 'd']);
        expect(await keysOfQuery(s.orderByChild('v').equalTo(2, 'd'))).toEqual(['d']);
        expect(await keysOfQuery(s.orderByChild('v').equalTo(null))).toEqual(['z']);
        expect(await keysOfQuery(s.orderByChild('v').startAt(null, 'b'))).toEqual(['z', 'a', 'b', 'c', 'd', 'e']);
        expect(await keysOfQuery(s.orderByChild('v').startAt(2).limitToFirst(2))).toEqual(['b', 'c']);
        expect(await keysOfQuery(s.orderByChild('v').endAt(2).limitToLast(2))).toEqual(['c', 'd']);
        expect(await keysOfQuery(s.orderByChild('v').startAt(2).limitToLast(2))).toEqual(['d', 'e']);
        expect(await keysOfQuery(s.orderByChild('v').startAt(2, 'b').endAt(3).limitToLast(1))).toEqual(['e']);
        expect((await s.orderByChild('v').startAt(4).get()).val()).toBeNull();
      });

      it('orders by a nested child path', async () => {
        await base
          .child('n')
          .set({ x: { meta: { rank: 3 } }, y: { meta: { rank: 1 } }, z: { meta: { note: 'none' } }, w: { meta: { rank: 2 } } });
        const n = base.child('n');
        expect(await keysOfQuery(n.orderByChild('meta/rank'))).toEqual(['z', 'y', 'w', 'x']);
        expect(await keysOfQuery(n.orderByChild('meta/rank').limitToLast(2))).toEqual(['w', 'x']);
        expect(await keysOfQuery(n.orderByChild('meta/rank').startAt(2))).toEqual(['w', 'x']);
        await n.child('z/meta/rank').set(0);
        expect(await keysOfQuery(n.orderByChild('meta/rank'))).toEqual(['z', 'y', 'w', 'x']);
        await n.child('z/meta').set({ rank: 9 });
        expect(await keysOfQuery(n.orderByChild('meta/rank'))).toEqual(['y', 'w', 'x', 'z']);
      });

      it('reflects later writes in query results', async () => {
        const list = base.child('list');
        await list.set({ a: { v: 1 }, b: { v: 2, name: 'b' }, c: { v: 3 }, d: { v: 4 } });
        const firstThree = () => keysOfQuery(list.orderByChild('v').limitToFirst(3));
        expect(await firstThree()).toEqual(['a', 'b', 'c']);
        await list.child('d/v').set(0);
        expect(await firstThree()).toEqual(['d', 'a', 'b']);
        await list.child('a').remove();
        expect(await firstThree()).toEqual(['d', 'b', 'c']);
        await list.child('b/v').remove();
        expect(await firstThree()).toEqual(['b', 'd', 'c']);
        await base.update({ 'list/e': { v: -1 }, 'list/c/v': 'text' });
        expect(await firstThree()).toEqual(['b', 'e', 'd']);
        await list.set({ p: { v: 3 }, q: { v: 1 } });
        expect(await firstThree()).toEqual(['q', 'p']);
        await base.set({ list: { r: { v: 2 }, s: { v: 1 } } });
        expect(await firstThree()).toEqual(['s', 'r']);
        await list.child('r').set('now a leaf');
        expect(await firstThree()).toEqual(['r', 's']);
        await list.remove();
        expect((await list.orderByChild('v').limitToFirst(3).get()).exists()).toBe(false);
        await list.child('t/v').set(5);
        expect(await firstThree()).toEqual(['t']);
      });

      it('returns query results as plain values', async () => {
        await base.child('list').set(['zero', 'one', 'two', 'three']);
        expect((await base.child('list').orderByKey().limitToFirst(2).get()).val()).toEqual(['zero', 'one']);
        expect((await base.child('list').orderByValue().equalTo('two').get()).val()).toEqual({ 2: 'two' });
      });

      it('refuses invalid query combinations', () => {
        const list = base.child('list');
        expect(() => list.orderByChild('a').orderByKey()).toThrow(/combine multiple orderBy/);
        expect(() => list.orderByValue().orderByChild('a')).toThrow(/combine multiple orderBy/);
        expect(() => list.limitToFirst(1).limitToLast(1)).toThrow(/Limit was already set/);
        expect(() => list.orderByKey().startAt(1)).toThrow(/must be a string/);
        expect(() => list.orderByKey().equalTo('a', 'b')).toThrow(/only pass one argument/);
        expect(() => list.startAt(1).startAt(2)).toThrow(/already set/);
        expect(() => list.equalTo(1).endAt(2)).toThrow(/already set/);
        for (const bad of [0, -1, 1.5, NaN]) {
          expect(() => list.limitToFirst(bad)).toThrow(/positive integer/);
          expect(() => list.limitToLast(bad)).toThrow(/positive integer/);
        }
      });
    });

    describe('transactions', () => {
      it('commits the function result', async () => {
        const counter = base.child('counter');
        const first = await counter.transaction((current) => (current ?? 0) + 1);
        expect(first.committed).toBe(true);
        expect(first.snapshot.val()).toBe(1);
        const second = await counter.transaction((current) => (current ?? 0) + 1);
        expect(second.snapshot.val()).toBe(2);
        const object = await base.child('doc').transaction((current) => ({ ...(current ?? {}), tags: ['a', 'b'] }));
        expect(object.snapshot.val()).toEqual({ tags: ['a', 'b'] });
        const removed = await base.child('doc').transaction(() => null);
        expect(removed.committed).toBe(true);
        expect((await base.child('doc').get()).exists()).toBe(false);
      });

      it('aborts when the function returns undefined', async () => {
        const value = base.child('value');
        await value.set(5);
        // Firebase may call first with its (empty) cache; abort only on the real value.
        const result = await value.transaction((current) => (current === null ? 0 : undefined));
        expect(result.committed).toBe(false);
        expect(result.snapshot.val()).toBe(5);
        expect((await value.get()).val()).toBe(5);
      });

      it('refuses an invalid result', async () => {
        await base.child('t').set(1);
        await expect(base.child('t').transaction(() => ({ 'bad.key': 1 }))).rejects.toThrow(/invalid key/);
        expect((await base.child('t').get()).val()).toBe(1);
      });

      it('retries when another connection wrote after the value was read', async () => {
        const other = await connect();
        const counter = base.child('counter');
        await counter.set(5);
        const seen: unknown[] = [];
        let otherWrite: Promise<void> | undefined;
        const result = await counter.transaction((current) => {
          seen.push(current);
          if (seen.length === 1) otherWrite = other.ref(counter.path).set(100);
          return (typeof current === 'number' ? current : 0) + 1;
        });
        await otherWrite;
        expect(seen.length).toBeGreaterThanOrEqual(2);
        expect(seen[seen.length - 1]).toBe(100);
        expect(result.committed).toBe(true);
        expect(result.snapshot.val()).toBe(101);
        expect((await counter.get()).val()).toBe(101);
      });

      it('keeps every increment of two processes racing on one counter', { timeout: 60_000 }, async () => {
        const path = `${store.base}/race`;
        const runs = [0, 1].map(() => {
          const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify({ target: store.target, path, times: 200 })], {
            stdio: ['pipe', 'pipe', 'inherit'],
          });
          let output = '';
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
          const exited = once(child, 'exit');
          return { child, exited, output: () => output };
        });
        await waitFor(() => runs.every((run) => run.output().includes('ready')), 'both workers to start', 30_000);
        for (const run of runs) run.child.stdin.write('go\n');
        for (const run of runs) {
          const [code] = await run.exited;
          expect(code).toBe(0);
        }
        const calls = runs.map((run) => JSON.parse(run.output().trim().split('\n').pop()!).calls as number);
        expect(calls.every((n) => n >= 200)).toBe(true);
        expect((await db.ref(path).get()).val()).toBe(400);
      });
    });

    describe('guarded updates', () => {
      const isVersion = (version: number) => (current: any) => current?.version === version;

      it('writes every path when the guard passes, and reports the guard as written', async () => {
        await base.set({ doc: { version: 1, title: 'old' }, copies: { a: 'old' } });
        const result = await base.guardedUpdate('doc', isVersion(1), {
          doc: { version: 2, title: 'new' },
          'copies/a': 'new',
          'copies/b': 'new',
        });
        expect(result.committed).toBe(true);
        expect(result.snapshot.val()).toEqual({ version: 2, title: 'new' });
        expect((await base.get()).val()).toEqual({ doc: { version: 2, title: 'new' }, copies: { a: 'new', b: 'new' } });
      });

      it('writes nothing when the guard fails, and reports the value that failed it', async () => {
        const initial = { doc: { version: 3, title: 'theirs' }, copies: { a: 'theirs' } };
        await base.set(initial);
        const result = await base.guardedUpdate('doc', isVersion(1), { doc: { version: 2 }, 'copies/a': 'mine' });
        expect(result.committed).toBe(false);
        expect(result.snapshot.val()).toEqual({ version: 3, title: 'theirs' });
        expect((await base.get()).val()).toEqual(initial);
        const absent = await base.guardedUpdate('missing', (current) => current !== null, { 'copies/a': 'mine' });
        expect(absent.committed).toBe(false);
        expect(absent.snapshot.exists()).toBe(false);
        expect((await base.get()).val()).toEqual(initial);
      });

      it('refuses an invalid value anywhere and writes nothing, the guarded node included', async () => {
        const initial = { doc: { version: 1 }, copies: { a: 'old' } };
        await base.set(initial);
        await expect(base.guardedUpdate('doc', isVersion(1), { doc: { version: 2 }, 'copies/a': NaN })).rejects.toThrow(
          `/${store.base}/copies/a`,
        );
        await expect(base.guardedUpdate('doc', isVersion(1), { doc: { version: 2 }, 'copies/b.c': 1 })).rejects.toThrow(/invalid/i);
        expect((await base.get()).val()).toEqual(initial);
      });

      it('checks the value stored at the moment of the write, not an earlier read', async () => {
        const other = await connect();
        await base.set({ doc: { version: 1 } });
        await other.ref(`${store.base}/doc`).set({ version: 5 });
        const result = await base.guardedUpdate('doc', isVersion(1), { doc: { version: 2 }, copy: 'mine' });
        expect(result.committed).toBe(false);
        expect((await base.get()).val()).toEqual({ doc: { version: 5 } });
      });

      it('lets only one of two writers guarded by the same version commit', async () => {
        const other = await connect();
        await base.set({ doc: { version: 1 } });
        const results = await Promise.all(
          [db, other].map((connection, index) =>
            connection.ref(store.base).guardedUpdate('doc', isVersion(1), { doc: { version: 2, by: index }, [`copy${index}`]: index }),
          ),
        );
        expect(results.filter((result) => result.committed)).toHaveLength(1);
        const winner = results.findIndex((result) => result.committed);
        expect((await base.get()).val()).toEqual({ doc: { version: 2, by: winner }, [`copy${winner}`]: winner });
      });
    });

    describe('listeners', () => {
      it('fire for writes at, below and above the path, and only on change', async () => {
        const heard = record(base.child('a'));
        await waitFor(() => heard.values.length === 1, 'the initial value');
        expect(heard.values).toEqual([null]);

        await base.child('a').set({ x: 1 });
        await waitFor(() => heard.values.length === 2, 'a write at the path');
        await base.child('a/x').set(2);
        await waitFor(() => heard.values.length === 3, 'a write below the path');
        await base.set({ a: { x: 3 }, b: 1 });
        await waitFor(() => heard.values.length === 4, 'a write above the path');
        await base.update({ 'a/y': 1, b: 2 });
        await waitFor(() => heard.values.length === 5, 'a multi-path update');
        expect(heard.values).toEqual([null, { x: 1 }, { x: 2 }, { x: 3 }, { x: 3, y: 1 }]);

        await base.child('b').set(3);
        await base.child('ab').set(1);
        await base.child('a/x').set(3);
        await base.update({ 'a/y': 1 });
        await sleep(QUIET_MS);
        expect(heard.values).toHaveLength(5);

        await base.child('a').remove();
        await waitFor(() => heard.values.length === 6, 'a removal');
        expect(heard.values[5]).toBeNull();

        heard.stop();
        await base.child('a').set('after stop');
        await sleep(QUIET_MS);
        expect(heard.values).toHaveLength(6);
      });

      it('see writes made by another connection', async () => {
        const other = await connect();
        const heard = record(base.child('shared'));
        await waitFor(() => heard.values.length === 1, 'the initial value');
        await other.ref(`${store.base}/shared`).set({ from: 'other' });
        await waitFor(() => heard.values.length === 2, 'the other connection’s write');
        expect(heard.values).toEqual([null, { from: 'other' }]);
        await other.ref(`${store.base}/unrelated`).set(1);
        await sleep(QUIET_MS);
        expect(heard.values).toHaveLength(2);
        heard.stop();
      });

      it('follow a query', async () => {
        const list = base.child('list');
        await list.set({ a: { v: 1 }, b: { v: 2 }, c: { v: 3 } });
        const heard = record(list.orderByChild('v').limitToFirst(2));
        await waitFor(() => heard.values.length === 1, 'the initial page');
        expect(heard.keys[0]).toEqual(['a', 'b']);
        await list.child('c/v').set(0);
        await waitFor(() => heard.values.length === 2, 'a child entering the page');
        expect(heard.keys[1]).toEqual(['c', 'a']);
        expect(heard.values[1]).toEqual({ c: { v: 0 }, a: { v: 1 } });
        await list.child('b/v').set(10);
        await sleep(QUIET_MS);
        expect(heard.values).toHaveLength(2);
        heard.stop();
      });
    });

    describe('durability', () => {
      it('keeps data and indexes across connections', async () => {
        await base.set({ list: { a: { v: 2 }, b: { v: 1 } }, flag: true });
        expect(await keysOfQuery(base.child('list').orderByChild('v'))).toEqual(['b', 'a']);
        await db.close();

        const reopened = await connect();
        const again = reopened.ref(store.base);
        expect((await again.get()).val()).toEqual({ list: { a: { v: 2 }, b: { v: 1 } }, flag: true });
        await again.child('list/c/v').set(0);
        expect(await keysOfQuery(again.child('list').orderByChild('v'))).toEqual(['c', 'b', 'a']);
        expect(await reopened.ping()).toBe(true);
      });
    });
  });
}
