/**
 * The RealtimeDb contract: one suite of Firebase semantics that every engine must pass.
 * `runContract` registers it for one engine; contract.test.ts runs it against the embedded
 * engine always and against the Firebase Database emulator when one is configured.
 */
import { afterEach, beforeEach, describe } from 'vitest';
import type { ContractContext, ContractStore } from './contract/context';
import { listenerCases } from './contract/listeners';
import { queryCases } from './contract/queries';
import { transactionCases } from './contract/transactions';
import { referenceAndWriteCases } from './contract/writes';
import type { RealtimeDb, Reference } from './types';

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

    const context: ContractContext = {
      get store() {
        return store;
      },
      get db() {
        return db;
      },
      get base() {
        return base;
      },
      connect,
    };
    referenceAndWriteCases(context);
    queryCases(context);
    transactionCases(context);
    listenerCases(context);
  });
}
