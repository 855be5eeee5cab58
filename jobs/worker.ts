/**
 * The job workers' own process: forked by the web server (WORKERS=process, the default;
 * server/worker-process.ts, bundled to build/worker.js), or `npm run worker` for deployments that
 * scale workers apart from the web servers (WORKERS=off there). SIGTERM or SIGINT lets running
 * jobs finish (up to SHUTDOWN_TIMEOUT_MS), then closes the services and exits 0; a second signal
 * exits at once. Forked by the web server, it leaves Ctrl-C to the parent (which sends SIGTERM)
 * and stops the same way when the parent goes away.
 */
import { EnvError } from '@server/env';
import { closeServices, getServices } from '@server/services';
import { SUPERVISED_ENV } from '@server/worker-process';

/** Running jobs get this long to finish on shutdown; unfinished ones run again later. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main() {
  const services = await getServices();
  // While Redis is down the runtime retries on an unref'd timer; this keeps the process up.
  const keepAlive = setInterval(() => {}, 1 << 30);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.warn(`${signal} again: exiting without waiting for running jobs.`);
      process.exit(1);
    }
    stopping = true;
    console.info(`${signal}: letting running jobs finish (up to ${SHUTDOWN_TIMEOUT_MS / 1000} s)…`);
    services.jobs
      .close({ timeoutMs: SHUTDOWN_TIMEOUT_MS })
      .then(() => closeServices())
      .then(
        () => {
          clearInterval(keepAlive);
          console.info('Job worker stopped.');
          process.exit(0);
        },
        (error: unknown) => {
          console.error('Error while stopping the job worker:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  if (process.env[SUPERVISED_ENV] === '1') {
    // Ctrl-C reaches the whole terminal group: the web server stops this process itself.
    process.on('SIGINT', () => {});
    process.on('disconnect', () => stop('SIGTERM'));
    process.send?.('ready');
  } else process.on('SIGINT', stop);

  const started = await services.jobs.startWorkers();
  if (started) console.info(`Job worker running (product ${services.env.PRODUCT}, Redis prefix ${services.env.REDIS_PREFIX}).`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message);
  else console.error('The job worker could not start:', error);
  process.exit(1);
});
