/**
 * Loads the demo communities, accounts and images into the configured database and file
 * storage (the embedded defaults, the Firebase emulators or a Firebase project, as the
 * environment selects):
 *
 *   npm run seed              into an empty database
 *   npm run seed -- --reset   replace the demo data and accounts (everything else is kept)
 */
import { isDemoMode } from '../../server/env';
import { migrateRemoteGrantKeys } from '../../server/remote/management';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from '../../server/seed';
import { closeServices, getServices } from '../../server/services';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--reset');
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run seed [-- --reset]`);
  process.exit(2);
}
const reset = args.includes('--reset');

const { env, db, paths, identity, storage } = await getServices();
try {
  if (!reset && !(await isDatabaseEmpty(db, env.PRODUCT))) {
    console.error(
      `The database already holds "${env.PRODUCT}" data, so nothing was changed.\n` +
        'To replace the demo communities and accounts (and leave all other data alone), run:\n' +
        '  npm run seed -- --reset',
    );
    process.exitCode = 1;
  } else {
    const result = await seedDemoData({ db, identity, storage, product: env.PRODUCT, reset, log: (line) => console.log(line) });
    console.log(`Demo data for "${result.product}" loaded: ${result.communities.join(', ')}.`);
    // The demo data's remote grants are written under their item's id; keyed by community and item as the server reads them.
    await migrateRemoteGrantKeys({ db, paths });
    console.log(`Sign in as admin@demo.example (or another demo account) with the password ${DEMO_PASSWORD}.`);
    if (!isDemoMode(env)) {
      console.log('That password works only on a server in demo mode (DEMO_MODE=on, which `npm start` sets).');
    }
  }
} finally {
  await closeServices();
}
