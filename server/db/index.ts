import type Database from 'better-sqlite3';
import { createEmbeddedDb, type EmbeddedDb, type EmbeddedDbOptions } from './embedded';
import { createFirebaseDb, type FirebaseDbOptions } from './firebase';
import type { RealtimeDb } from './types';

export * from './types';
export { generatePushId, pushIdTime } from './push-id';
export { createEmbeddedDb, type EmbeddedDb, type EmbeddedDbOptions } from './embedded';
export { createFirebaseDb, type FirebaseDbOptions } from './firebase';

export type DbOptions = ({ engine: 'embedded' } & EmbeddedDbOptions) | ({ engine: 'firebase' } & FirebaseDbOptions);

/** Opens the engine the options name: an embedded SQLite file, or Firebase through an admin app. */
export function createDb(options: { engine: 'embedded' } & EmbeddedDbOptions): EmbeddedDb;
export function createDb(options: DbOptions): RealtimeDb;
export function createDb(options: DbOptions): RealtimeDb {
  return options.engine === 'embedded' ? createEmbeddedDb(options) : createFirebaseDb(options);
}

/** The SQLite connection of an embedded database, for adapters keeping their tables beside it. */
export function embeddedSqlite(db: RealtimeDb): Database.Database {
  if (db.engine !== 'embedded' || !('sqlite' in db)) throw new Error('embeddedSqlite: the database is not the embedded engine');
  return (db as EmbeddedDb).sqlite;
}
