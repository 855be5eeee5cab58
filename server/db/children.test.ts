import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/setup/tmp';
import { childPages, childrenOf } from './children';
import { createDb } from './index';

const db = createDb({ engine: 'embedded', file: join(makeTempDir('db-children'), 'rtdb.sqlite') });

afterAll(() => db.close());

describe('childPages', () => {
  it('reads every child once, in key order or from the last key back, a page at a time', async () => {
    const keys = Array.from({ length: 11 }, (_, index) => `k${String(index).padStart(2, '0')}`);
    await db.ref('nodes/a').set(Object.fromEntries(keys.map((key, index) => [key, { n: index }])));
    const pages: string[][] = [];
    for await (const page of childPages(db, 'nodes/a', { page: 4 })) pages.push(page.map((child) => child.key));
    expect(pages).toEqual([keys.slice(0, 4), keys.slice(4, 8), keys.slice(8)]);
    const back: string[][] = [];
    for await (const page of childPages(db, 'nodes/a', { page: 4, lastFirst: true })) back.push(page.map((child) => child.key));
    expect(back.flat()).toEqual([...keys].reverse());
    expect(back.map((page) => page.length)).toEqual([4, 4, 3]);
    const one: unknown[] = [];
    for await (const child of childrenOf(db, 'nodes/a')) one.push(child.value);
    expect(one).toEqual(keys.map((_, index) => ({ n: index })));
  });

  it('ends at once for a missing node and for a page that fills exactly', async () => {
    for await (const page of childPages(db, 'nodes/none', { page: 3 })) expect(page).toEqual([]);
    await db.ref('nodes/b').set({ x: 1, y: 2, z: 3 });
    const pages: number[] = [];
    for await (const page of childPages(db, 'nodes/b', { page: 3 })) pages.push(page.length);
    expect(pages).toEqual([3]);
  });
});
