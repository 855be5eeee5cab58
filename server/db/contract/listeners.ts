/** The RealtimeDb contract: listeners and durability. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { RealtimeDb, Reference } from '../types';
import type { ContractContext, ContractStore } from './context';
import { QUIET_MS, keysOfQuery, record, sleep, waitFor } from './helpers';

export function listenerCases(context: ContractContext): void {
  let store: ContractStore;
  let db: RealtimeDb;
  let base: Reference;
  const connect = () => context.connect();
  beforeEach(() => {
    ({ store, db, base } = context);
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
}
