import { bootPlatform } from '@server/boot';
import { EnvError, getEnv } from '@server/env';
import { markStarting } from '@server/health';
import { closeServices, getServices } from '@server/services';

export { getServices } from '@server/services';
export type { Services } from '@server/services';

const STARTED = Symbol.for('community-console.started');

/**
 * Starts the platform inside the web server process, once. A bad environment stops start-up
 * with a message naming the variable; SIGTERM/SIGINT close workers and connections.
 */
export function startPlatform() {
  const flags = globalThis as { [STARTED]?: boolean };
  if (flags[STARTED]) return;
  flags[STARTED] = true;
  // Before the services exist: a health check arriving meanwhile says 'starting'.
  markStarting();

  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const booted = getServices()
    .then((services) => bootPlatform(services))
    .catch((error) => {
      console.error('Start-up failed:', error);
      process.exit(1);
    });

  const shutdown = (signal: NodeJS.Signals) => {
    console.log(`${signal}: finishing running jobs and closing connections…`);
    // The worker process (WORKERS=process) finishes its running jobs while this one closes.
    Promise.all([booted.then((workers) => workers?.stop()), closeServices()])
      .catch((error) => console.error('Error while closing:', error))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
