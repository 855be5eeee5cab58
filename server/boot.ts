import { seedDemoData, isDatabaseEmpty } from './seed';
import type { Services } from './services';

export interface BootLog {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * What `npm start` does once the services exist: seed the demo data into an empty embedded
 * database, then start the job workers inside the web process (unless WORKERS=off, when
 * `npm run worker` processes run them). A Redis that does not answer never stops the web
 * pages: the job runtime says how to start it and keeps trying.
 */
export async function bootPlatform(services: Services, log: BootLog = defaultLog): Promise<void> {
  const { env, db } = services;
  if (env.SEED_DEMO_DATA === 'auto' && db.engine === 'embedded' && (await isDatabaseEmpty(db, env.PRODUCT))) {
    log.info('The embedded database is empty: loading the demo communities (see README for the demo logins).');
    await seedDemoData({ db, identity: services.identity, storage: services.storage, product: env.PRODUCT });
    log.info('Demo data loaded.');
  }
  if (env.WORKERS === 'in-process') await services.jobs.startWorkers();
}

const defaultLog: BootLog = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error ?? ''),
};
