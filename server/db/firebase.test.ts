import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type RealtimeDb } from './index';

/**
 * The Firebase adapter's own behaviour, without a server: paths, validation before anything is
 * sent, query building, and ping() failing fast when nothing answers. The adapter's Firebase
 * semantics are covered by the contract suite whenever an emulator is configured.
 */
describe('firebase engine without a server', () => {
  let app: App;
  let db: RealtimeDb;
  const previousHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST;

  beforeAll(() => {
    // A port nothing listens on: the SDK skips credentials for an emulator and never connects.
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = '127.0.0.1:9';
    app = initializeApp({ projectId: 'demo-offline', databaseURL: 'http://127.0.0.1:9/?ns=demo-offline' }, 'firebase-offline-test');
    db = createDb({ engine: 'firebase', app, pingTimeoutMs: 200 });
  });

  afterAll(async () => {
    await db.close();
    await deleteApp(app);
    if (previousHost === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
    else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previousHost;
  });

  it('navigates references', () => {
    const ref = db.ref('/community/events/').child('e1/title');
    expect(db.engine).toBe('firebase');
    expect(ref.path).toBe('community/events/e1/title');
    expect(ref.key).toBe('title');
    expect(ref.parent!.path).toBe('community/events/e1');
    expect(ref.root.path).toBe('');
    expect(ref.root.parent).toBeNull();
    expect(ref.orderByKey().ref.path).toBe(ref.path);
    const pushed = ref.parent!.push();
    expect(pushed.key).toMatch(/^[-0-9A-Z_a-z]{20}$/);
  });

  it('refuses invalid data before sending anything, naming the path', async () => {
    const ref = db.ref('community/events');
    await expect(ref.set({ ok: 1, 'bad.key': 2 })).rejects.toThrow('/community/events/bad.key');
    await expect(ref.update({ a: 1, 'b/c': Number.NaN })).rejects.toThrow('/community/events/b/c');
    await expect(ref.update({ b: { c: 1 }, 'b/c': 2 })).rejects.toThrow(/ancestor/);
    await expect(ref.guardedUpdate('e1', () => true, { e1: { ok: 1 }, 'e2/t': Number.NaN })).rejects.toThrow('/community/events/e2/t');
    await expect(ref.guardedUpdate('e1', () => true, { e1: 1, 'e1/t': 2 })).rejects.toThrow(/ancestor/);
    await expect(ref.guardedUpdate('bad.key', () => true, { e1: 1 })).rejects.toThrow(/invalid/);
    await expect(ref.child('x').set(undefined as never)).rejects.toThrow(/undefined/);
    expect(() => db.ref('.info/connected')).toThrow(/invalid path/);
  });

  it('builds queries with firebase-admin’s own checks', () => {
    const list = db.ref('list');
    expect(() => list.orderByChild('a').orderByKey()).toThrow(/combine multiple orderBy/);
    expect(() => list.limitToFirst(1).limitToLast(1)).toThrow(/Limit was already set/);
    expect(() => list.orderByKey().startAt(1)).toThrow(/must be a string/);
    expect(() => list.limitToFirst(0)).toThrow(/positive integer/);
    expect(list.orderByChild('startDate').startAt('2025').limitToFirst(50).ref.path).toBe('list');
  });

  it('answers ping with false when the database does not answer', async () => {
    expect(await db.ping()).toBe(false);
  });
});
