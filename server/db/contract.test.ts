import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { makeTempDir } from '../../tests/setup/tmp';
import { runContract } from './contract';
import { createEmbeddedDb } from './embedded';
import { createFirebaseDb } from './firebase';

runContract('embedded', async () => {
  const dir = makeTempDir('db-contract');
  const file = join(dir, 'rtdb.sqlite');
  return {
    open: async () => createEmbeddedDb({ file }),
    base: 'contract',
    target: { engine: 'embedded', file },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const emulator = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
if (emulator) {
  const projectId = 'demo-contract';
  const databaseURL = `http://${emulator}/?ns=${projectId}`;
  runContract('firebase', async () => {
    const apps: App[] = [];
    const base = `contract/${randomUUID()}`;
    return {
      open: async () => {
        const app = initializeApp({ projectId, databaseURL }, `contract-${randomUUID()}`);
        apps.push(app);
        return createFirebaseDb({ app });
      },
      base,
      target: { engine: 'firebase', projectId, databaseURL },
      cleanup: async () => {
        const app = initializeApp({ projectId, databaseURL }, `contract-cleanup-${randomUUID()}`);
        const db = createFirebaseDb({ app });
        await db.ref(base).remove();
        await db.close();
        await Promise.all([...apps, app].map((each) => deleteApp(each)));
      },
    };
  });
}
