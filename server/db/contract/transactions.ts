/** The RealtimeDb contract: transactions and guarded updates. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RealtimeDb, Reference } from '../types';
import type { ContractContext, ContractStore } from './context';
import { WORKER, waitFor } from './helpers';

export function transactionCases(context: ContractContext): void {
  let store: ContractStore;
  let db: RealtimeDb;
  let base: Reference;
  const connect = () => context.connect();
  beforeEach(() => {
    ({ store, db, base } = context);
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
}
