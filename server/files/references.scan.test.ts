import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb, type RealtimeDb } from '@server/db';
import { createPaths, type Paths } from '@server/paths';
import { makeTempDir } from '../../tests/setup/tmp';
import { communityRecordPaths, pathsNamedBy, usesOfFile, walkReferences, type FileUse } from './references';

/**
 * The reference scan reads a community's records child by child (decision 043, amended), never a
 * record whole, and finds exactly what a walk over the whole records finds: the same paths, the
 * same uses with the same labels, in the same order.
 */

const paths = createPaths('amc');
let db: EmbeddedDb;

beforeAll(() => {
  db = createEmbeddedDb({ file: join(makeTempDir('reference-scan'), 'rtdb.sqlite') });
});

afterAll(async () => {
  await db.close();
});

/** The scan as it was: each record read whole, then walked. */
async function wholeRead(deps: { db: RealtimeDb; paths: Paths }, community: string) {
  const named = new Set<string>();
  const uses: Array<[string, FileUse]> = [];
  for (const record of communityRecordPaths(deps.paths, community)) {
    const tree = (await deps.db.ref(record.path).get()).val() as unknown;
    walkReferences(
      tree,
      (path, use) => {
        named.add(path);
        uses.push([path, use]);
      },
      record.label,
    );
  }
  const usesOf = (path: string, max = 5) => {
    const found = new Map<string, FileUse>();
    for (const [named, use] of uses) if (named === path && found.size < max && !found.has(use.label)) found.set(use.label, use);
    return [...found.values()];
  };
  return { named, usesOf };
}

/** The database with every read measured: the size of each answer, as JSON. */
function measured(inner: RealtimeDb) {
  const reads: number[] = [];
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
          if (property === 'get') {
            return (result as Promise<{ val(): unknown }>).then((snapshot) => {
              reads.push(JSON.stringify(snapshot.val())?.length ?? 0);
              return snapshot;
            });
          }
          const isQuery =
            typeof result === 'object' && result !== null && typeof (result as { orderByKey?: unknown }).orderByKey === 'function';
          return isQuery ? wrap(result as object) : result;
        };
      },
    });
  return { db: wrap(inner), reads };
}

const url = (n: number) => `/files/pines/images/header/${1000 + n}/image.png`;
const SHARED = 'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/pines%2Fimages%2Fshared%2F1%2Flogo.png?alt=media';

async function seed() {
  await db.ref('amc').remove();
  await db.ref(paths.community('pines')).set({ title: 'Pines', logo: SHARED, iconSet: { pool: url(1) } });
  const locationData: Record<string, unknown> = {
    name: 'Pines location',
    logo: SHARED,
    'main-menu': Array.from({ length: 30 }, (_, i) => ({ title: `Item ${i}`, iconData: { url: url(i) } })),
    'header-info': { 'main-menu': { imageURL: url(2) }, dining: { images: [url(3), SHARED] } },
  };
  for (let s = 0; s < 40; s += 1) {
    const section: Record<string, unknown> = {};
    for (let i = 0; i < 25; i += 1) {
      section[`item-${String(i).padStart(2, '0')}`] = {
        title: i % 5 === 0 ? '' : `Listing ${s}.${i}`,
        description: `<p>Open daily <img src="${url(s * 25 + i)}"></p>`,
        ...(i === 7 ? { imageURL: SHARED } : {}),
      };
    }
    locationData[`list-${String(s).padStart(2, '0')}`] = section;
  }
  await db.ref(paths.locationData('pines')).set(locationData as never);
  const written: Record<string, unknown> = {};
  for (let c = 0; c < 10; c += 1) {
    written[`form-${c}`] = {
      item: Object.fromEntries(Array.from({ length: 20 }, (_, e) => [`entry-${e}`, { photo: url(2000 + c * 20 + e) }])),
    };
  }
  written['form-3'] = { item: { 'entry-x': { photo: SHARED } } };
  await db.ref(paths.userWritten('pines')).set(written as never);
  // A community whose only record is a leaf naming a file.
  await db.ref(paths.community('leafy')).set(url(9));
}

describe('the reference scan, child by child', () => {
  it('never reads a record whole, and finds what the whole records name, with the same uses in the same order', async () => {
    await seed();
    const whole = await wholeRead({ db, paths }, 'pines');
    const records = await Promise.all(
      communityRecordPaths(paths, 'pines').map(async ({ path }) => JSON.stringify((await db.ref(path).get()).val()).length),
    );

    const { db: counted, reads } = measured(db);
    const named = await pathsNamedBy({ db: counted, paths }, 'pines');
    expect([...named].sort()).toEqual([...whole.named].sort());
    expect(named.size).toBeGreaterThan(1000);
    // Many small reads, none near the size of a record: one section (and its neighbour) at most.
    expect(reads.length).toBeGreaterThan(40);
    expect(Math.max(...reads)).toBeLessThan(Math.max(...records) / 10);

    for (const path of [
      'pines/images/shared/1/logo.png',
      url(0).slice('/files/'.length),
      url(2).slice('/files/'.length),
      'pines/images/none.png',
    ]) {
      expect(await usesOfFile({ db: counted, paths }, 'pines', path)).toEqual(whole.usesOf(path));
      expect(await usesOfFile({ db: counted, paths }, 'pines', path, 50)).toEqual(whole.usesOf(path, 50));
    }
    // The file named everywhere: capped at five, labelled by section and nearest title.
    const shared = await usesOfFile({ db, paths }, 'pines', 'pines/images/shared/1/logo.png', 50);
    expect(shared.map((use) => use.label)).toContain('logo “Pines location”');
    expect(shared.map((use) => use.label)).toContain('community “Pines”');
    expect(shared.length).toBeGreaterThan(5);

    const leafy = await wholeRead({ db, paths }, 'leafy');
    expect([...(await pathsNamedBy({ db: counted, paths }, 'leafy'))]).toEqual([...leafy.named]);
    expect(await usesOfFile({ db: counted, paths }, 'leafy', url(9).slice('/files/'.length))).toEqual(
      leafy.usesOf(url(9).slice('/files/'.length)),
    );
    expect(await pathsNamedBy({ db: counted, paths }, 'nobody')).toEqual(new Set());
  });
});
