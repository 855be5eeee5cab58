/** The RealtimeDb contract: references and snapshots, writes, validation and atomicity, push ids. */
import { beforeEach, describe, expect, it } from 'vitest';
import { pushIdTime } from '../push-id';
import type { DbValue, RealtimeDb, Reference } from '../types';
import type { ContractContext, ContractStore } from './context';
import { keysOf } from './helpers';

export function referenceAndWriteCases(context: ContractContext): void {
  let store: ContractStore;
  let db: RealtimeDb;
  let base: Reference;
  beforeEach(() => {
    ({ store, db, base } = context);
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
}
