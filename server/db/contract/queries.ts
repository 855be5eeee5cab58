/** The RealtimeDb contract: ordered and filtered queries. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { DbValue, Reference } from '../types';
import type { ContractContext } from './context';
import { keysOf, keysOfQuery } from './helpers';

export function queryCases(context: ContractContext): void {
  let base: Reference;
  beforeEach(() => {
    ({ base } = context);
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
      await base.child('scores').set({ f: false, t: true, n1: -3, n2: 0.5, b: 4, '10': 4, '2': 4, s1: 'apple', s2: 'Banana', o: { x: 1 } });
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
}
