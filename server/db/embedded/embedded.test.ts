import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../tests/setup/tmp';
import { createDb, embeddedSqlite } from '../index';
import { integerKey } from '../path';
import type { TreeSnapshot } from '../snapshot';
import { toTree, toValue, type Branch, type Tree } from '../tree';
import type { DataSnapshot, DbValue } from '../types';
import { createEmbeddedDb, type EmbeddedDb } from './index';
import { indexPageSql, keyPageSql } from './query';
import * as spec from './query-spec';

const opened: EmbeddedDb[] = [];

function open(file = join(makeTempDir('db-embedded'), 'rtdb.sqlite')): EmbeddedDb {
  const db = createEmbeddedDb({ file });
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

function keysOf(snapshot: DataSnapshot): string[] {
  const keys: string[] = [];
  snapshot.forEach((child) => {
    keys.push(child.key!);
  });
  return keys;
}

describe('embedded engine: indexes and rolled-back transactions', () => {
  it('answers an ordered query after a transaction that first built its index was rolled back', async () => {
    const db = open();
    await db.ref('c/configs').set({ b: { title: 'B' }, a: { title: 'A' } });
    const sqlite = embeddedSqlite(db);
    sqlite.exec('BEGIN');
    expect(keysOf(await db.ref('c/configs').orderByChild('title').get())).toEqual(['a', 'b']);
    sqlite.exec('ROLLBACK');
    expect(keysOf(await db.ref('c/configs').orderByChild('title').get())).toEqual(['a', 'b']);
  });
});

describe('embedded engine: query plans', () => {
  it('reads ordered pages by index range scans, never a scan and sort', async () => {
    const db = open();
    const events = db.ref('community/events');
    const size = 20_000;
    for (let offset = 0; offset < size; offset += 2_000) {
      const batch: Record<string, DbValue> = {};
      for (let i = offset; i < offset + 2_000; i++) {
        batch[`e${String(i).padStart(5, '0')}`] = {
          title: `Event ${i}`,
          startDate: `2025-${String((i * 7919) % 100_000).padStart(5, '0')}`,
        };
      }
      await events.update(batch);
    }
    const page = await events.orderByChild('startDate').limitToFirst(50).get();
    expect(page.numChildren()).toBe(50);
    expect((await events.orderByValue().limitToFirst(1).get()).numChildren()).toBe(1);

    const defs = db.sqlite.prepare('SELECT id, field FROM idx_def WHERE parent = ?').all('community/events') as Array<{
      id: number;
      field: string;
    }>;
    expect(defs.map((def) => def.field).sort()).toEqual(['', 'startDate']);
    const byChild = defs.find((def) => def.field === 'startDate')!.id;
    const byValue = defs.find((def) => def.field === '')!.id;

    const child = spec.orderBy(spec.PLAIN_QUERY, { kind: 'child', path: 'startDate' }, 'orderByChild');
    const key = spec.orderBy(spec.PLAIN_QUERY, { kind: 'key' }, 'orderByKey');
    const value = spec.orderBy(spec.PLAIN_QUERY, { kind: 'value' }, 'orderByValue');
    const pages = [
      indexPageSql(byChild, spec.limit(child, 50, false)),
      indexPageSql(byChild, spec.limit(child, 50, true)),
      indexPageSql(byChild, spec.limit(spec.startAt(child, '2025-90000', undefined), 50, false)),
      indexPageSql(byChild, spec.limit(spec.endAt(spec.startAt(child, '2025-1', 'e00100'), '2025-2', 'e19000'), 50, true)),
      indexPageSql(byValue, spec.limit(value, 50, true)),
      keyPageSql('community/events', spec.limit(key, 50, false))!,
      keyPageSql('community/events', spec.limit(spec.startAt(key, 'e18000', undefined), 50, false))!,
      keyPageSql('community/events', spec.limit(spec.endAt(key, 'e10000', undefined), 50, true))!,
    ];
    for (const { sql, params } of pages) {
      const plan = (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail);
      expect(plan, sql).toHaveLength(1);
      expect(plan[0], sql).toMatch(
        /^SEARCH (idx_entry USING COVERING INDEX idx_entry_order \(def=\?|node USING INDEX node_children \(parent=\?)/,
      );
      expect(plan[0], sql).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe('embedded engine: indexes across connections', () => {
  it('keeps an index built by one connection current under writes by another', async () => {
    const first = open();
    const file = first.sqlite.name;
    await first.ref('list').set({ a: { v: 3 }, b: { v: 2 }, c: { v: 1 } });
    expect(keysOf(await first.ref('list').orderByChild('v').get())).toEqual(['c', 'b', 'a']);

    const second = open(file);
    await second.ref('list/a/v').set(0);
    await second.ref('list').update({ 'd/v': -1, 'c/v': 9 });
    expect(keysOf(await first.ref('list').orderByChild('v').get())).toEqual(['d', 'a', 'b', 'c']);
    expect(second.sqlite.prepare('SELECT count(*) FROM idx_def').pluck().get()).toBe(1);
  });

  it('answers a leaf location like Firebase: itself unfiltered, nothing when filtered', async () => {
    const db = open();
    await db.ref('leaf').set(5);
    expect((await db.ref('leaf').orderByChild('v').get()).val()).toBe(5);
    expect((await db.ref('leaf').orderByChild('v').limitToFirst(1).get()).val()).toBeNull();
    expect((await db.ref('leaf').orderByKey().startAt('a').get()).val()).toBeNull();
  });

  it('follows Firebase for bounds without orderBy: every child sorts as (null, key)', async () => {
    const db = open();
    await db.ref('p').set({ a: 1, b: 2, c: 3 });
    expect(keysOf(await db.ref('p').startAt(null, 'b').get())).toEqual(['b', 'c']);
    expect(keysOf(await db.ref('p').endAt(null, 'b').get())).toEqual(['a', 'b']);
    expect((await db.ref('p').startAt(1).get()).val()).toBeNull();
    expect(keysOf(await db.ref('p').endAt('z').get())).toEqual(['a', 'b', 'c']);
    expect(() => db.ref('p').startAt(true)).toThrow(/priority/);
  });
});

describe('embedded engine: the root', () => {
  it('reads, writes, queries and listens at the root', async () => {
    const db = open();
    const root = db.ref();
    const heard: unknown[] = [];
    const stop = root.onValue((snapshot) => heard.push(snapshot.val()));
    await Promise.resolve();
    await root.set({ b: { v: 1 }, a: { v: 2 } });
    expect((await root.get()).val()).toEqual({ a: { v: 2 }, b: { v: 1 } });
    expect(keysOf(await root.orderByChild('v').get())).toEqual(['b', 'a']);
    await root.update({ 'c/v': 0 });
    expect(keysOf(await root.orderByChild('v').limitToFirst(2).get())).toEqual(['c', 'b']);
    await root.set('just a leaf');
    expect((await root.get()).val()).toBe('just a leaf');
    await root.child('x').set(1);
    expect((await root.get()).val()).toEqual({ x: 1 });
    await root.remove();
    expect((await root.get()).exists()).toBe(false);
    expect(db.sqlite.prepare('SELECT count(*) FROM node').pluck().get()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    expect(heard).toEqual([null, { a: { v: 2 }, b: { v: 1 } }, { a: { v: 2 }, b: { v: 1 }, c: { v: 0 } }, 'just a leaf', { x: 1 }, null]);
  });
});

describe('embedded engine: the file', () => {
  it('creates the folder, uses WAL, and shares the connection with sibling tables', async () => {
    const file = join(makeTempDir('db-embedded'), 'nested', 'deeper', 'rtdb.sqlite');
    const db = open(file);
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(embeddedSqlite(db)).toBe(db.sqlite);
    db.sqlite.exec('CREATE TABLE sibling (id INTEGER PRIMARY KEY, note TEXT)');
    db.sqlite.prepare('INSERT INTO sibling (note) VALUES (?)').run('kept');
    await db.ref('x').set(1);
    await db.close();

    const reopened = createDb({ engine: 'embedded', file });
    opened.push(reopened);
    expect(reopened.engine).toBe('embedded');
    expect(reopened.sqlite.prepare('SELECT note FROM sibling').pluck().get()).toBe('kept');
    expect((await reopened.ref('x').get()).val()).toBe(1);
    expect(await reopened.ping()).toBe(true);
    await reopened.close();
    expect(await reopened.ping()).toBe(false);
  });

  it('refuses a file from a newer schema', async () => {
    const db = open();
    const file = db.sqlite.name;
    db.sqlite.pragma('user_version = 99');
    await db.close();
    expect(() => createEmbeddedDb({ file })).toThrow(/schema version 99/);
  });
});

/**
 * A model of Firebase's write semantics on plain trees, to compare the engine against after
 * random sequences of writes.
 */
function modelSet(node: Tree | null, path: readonly string[], value: Tree | null): Tree | null {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  // Deleting below a leaf leaves the leaf; writing below it replaces it with an object.
  if (node !== null && !(node instanceof Map) && value === null) return node;
  const branch: Branch = node instanceof Map ? new Map(node) : new Map();
  const child = modelSet(branch.get(head) ?? null, rest, value);
  if (child === null) branch.delete(head);
  else branch.set(head, child);
  return branch.size === 0 ? null : branch;
}

/** Firebase's key order, written independently of the engine's encoding. */
function compareKeys(a: string, b: string): number {
  const ai = integerKey(a);
  const bi = integerKey(b);
  if (ai !== null && bi !== null) return ai === bi ? a.length - b.length : ai - bi;
  if (ai !== null || bi !== null) return ai !== null ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

function rank(value: Tree | null): [number, number, string] {
  if (value === null) return [0, 0, ''];
  if (value instanceof Map) return [5, 0, ''];
  if (typeof value === 'boolean') return [value ? 2 : 1, 0, ''];
  if (typeof value === 'number') return [3, value, ''];
  return [4, 0, value];
}

function modelOrder(parent: Tree | null, field: readonly string[]): string[] {
  if (!(parent instanceof Map)) return [];
  const at = (child: Tree): Tree | null =>
    field.reduce<Tree | null>((node, key) => (node instanceof Map ? (node.get(key) ?? null) : null), child);
  return [...parent.keys()].sort((a, b) => {
    const [ra, na, sa] = rank(at(parent.get(a)!));
    const [rb, nb, sb] = rank(at(parent.get(b)!));
    if (ra !== rb) return ra - rb;
    if (na !== nb) return na - nb;
    if (sa !== sb) return sa < sb ? -1 : 1;
    return compareKeys(a, b);
  });
}

describe('embedded engine: random writes against a model', () => {
  it('keeps rows, values and index entries consistent', async () => {
    const db = open();
    const keys = ['a', 'b', 'c', '1', '2', '10', '-3'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => {
      const item = items[Math.floor(random() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    };
    const randomPath = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(keys));
    const randomValue = (depth = 0): DbValue => {
      const choice = random();
      if (choice < 0.15) return null;
      if (choice < 0.3) return pick([true, false]);
      if (choice < 0.5) return Math.round(random() * 20 - 10) / 2;
      if (choice < 0.65) return pick(['', 'x', 'y', 'X']);
      if (choice < 0.7 || depth > 1) return [pick(['p', 'q']), randomValue(depth + 1)];
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 3) }, () => [pick(keys), randomValue(depth + 1)]));
    };

    let model: Tree | null = null;
    const root = db.ref('r');
    for (let step = 0; step < 400; step++) {
      if (random() < 0.6) {
        const path = randomPath();
        const value = randomValue();
        await root.child(path.join('/')).set(value);
        model = modelSet(model, path, toTree(value, path, 'model'));
      } else {
        const updates: Record<string, DbValue> = {};
        const paths: string[][] = [];
        for (let i = 0; i < 3; i++) {
          const path = randomPath();
          if (paths.some((other) => other.every((k, j) => k === path[j]) || path.every((k, j) => k === other[j]))) continue;
          paths.push(path);
          updates[path.join('/')] = randomValue();
        }
        await root.update(updates);
        for (const path of paths) model = modelSet(model, path, toTree(updates[path.join('/')], path, 'model'));
      }

      const read = await root.get();
      expect(read.val(), `step ${step}`).toEqual(model === null ? null : toValue(model));
      expect((read as TreeSnapshot).tree, `step ${step}`).toEqual(model);
      expect(keysOf(await root.orderByChild('a').get()), `step ${step}`).toEqual(modelOrder(model, ['a']));
      expect(keysOf(await root.orderByChild('b/c').get()), `step ${step}`).toEqual(modelOrder(model, ['b', 'c']));
      expect(keysOf(await root.orderByValue().get()), `step ${step}`).toEqual(modelOrder(model, []));
      expect(keysOf(await root.child('a').orderByChild('1').limitToLast(2).get()), `step ${step}`).toEqual(
        modelOrder(model instanceof Map ? (model.get('a') ?? null) : null, ['1']).slice(-2),
      );
    }

    const count = (sql: string) => db.sqlite.prepare(sql).pluck().get();
    expect(
      count(
        `SELECT count(*) FROM node c LEFT JOIN node p ON p.path = c.parent WHERE c.parent IS NOT NULL AND (p.path IS NULL OR p.vtype <> 5)`,
      ),
    ).toBe(0);
    expect(count(`SELECT count(*) FROM node o WHERE vtype = 5 AND NOT EXISTS (SELECT 1 FROM node c WHERE c.parent = o.path)`)).toBe(0);
    const defs = db.sqlite.prepare('SELECT id, parent, field FROM idx_def').all() as Array<{ id: number; parent: string; field: string }>;
    expect(defs.length).toBe(4);
    for (const def of defs) {
      const stored = db.sqlite.prepare('SELECT key, kcls, kint, vtype, vnum, vstr FROM idx_entry WHERE def = ? ORDER BY key').all(def.id);
      const fresh = db.sqlite
        .prepare(
          `SELECT c.key, c.kcls, c.kint, coalesce(f.vtype, 0) AS vtype, coalesce(f.vnum, 0) AS vnum, coalesce(f.vstr, '') AS vstr
           FROM node c LEFT JOIN node f ON f.path = c.path || ? WHERE c.parent = ? ORDER BY c.key`,
        )
        .all(def.field === '' ? '' : `/${def.field}`, def.parent);
      expect(stored, `${def.parent} by ${def.field}`).toEqual(fresh);
    }
  });
});
