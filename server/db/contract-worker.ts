/**
 * A separate process for the contract suite's contention test: opens its own connection to the
 * store under test, says "ready", waits for "go" on stdin, increments a counter by transaction
 * N times, and prints how many times its update function ran.
 *
 *   node --import tsx server/db/contract-worker.ts '{"target":…,"path":"…","times":200}'
 */
import { once } from 'node:events';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import type { ContractTarget } from './contract/context';
import { createDb, type RealtimeDb } from './index';

function connect(target: ContractTarget): { db: RealtimeDb; app?: App } {
  if (target.engine === 'embedded') return { db: createDb({ engine: 'embedded', file: target.file }) };
  const app = initializeApp({ projectId: target.projectId, databaseURL: target.databaseURL }, `contract-worker-${process.pid}`);
  return { db: createDb({ engine: 'firebase', app }), app };
}

const { target, path, times } = JSON.parse(process.argv[2] ?? '{}') as { target: ContractTarget; path: string; times: number };
const { db, app } = connect(target);

process.stdout.write('ready\n');
await once(process.stdin, 'data');

let calls = 0;
for (let i = 0; i < times; i++) {
  const result = await db.ref(path).transaction((current) => {
    calls += 1;
    return (typeof current === 'number' ? current : 0) + 1;
  });
  if (!result.committed) throw new Error(`transaction ${i} did not commit`);
}
await db.close();
if (app) await deleteApp(app);
process.stdout.write(`${JSON.stringify({ calls })}\n`);
process.exit(0);
