import { statSync, watch } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { broadcastDevReady, createRequestHandler, installGlobals, type ServerBuild } from '@remix-run/node';
import { EnvError, getEnv, publicUrlProblem } from '../env';
import { createHttpApp, createHttpServer, type RemixHandler } from './app';
import { installRouteMatchCache } from './route-matching';

/**
 * `npm run serve`: the console's HTTP server (server/http/app.ts) on the Remix build, as
 * `remix-serve` ran it (docs/decisions/007): `node build/server.js [build/index.js]`, PORT
 * (else 3000, or a free port when 3000 is taken) and HOST, NODE_ENV production unless set.
 * Under `remix dev` (NODE_ENV=development) it reloads the build when the compiler rewrites it.
 * SIGTERM/SIGINT stop accepting connections; the platform's own handler (startPlatform, run
 * when the build is imported) finishes jobs, closes connections and ends the process.
 */

process.env.NODE_ENV = process.env.NODE_ENV ?? 'production';
process.setSourceMapsEnabled(true);

async function importBuild(path: string): Promise<ServerBuild> {
  // A query that changes with the file busts the import cache when `remix dev` rebuilds.
  return (await import(`${pathToFileURL(path).href}?t=${statSync(path).mtimeMs}`)) as ServerBuild;
}

/** The checked environment; a bad variable, or no PUBLIC_URL outside demo mode, stops the process with the reason. */
function environment() {
  try {
    const env = getEnv();
    const problem = publicUrlProblem(env);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    return env;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function requestedPort(): number | undefined {
  const raw = process.env.PORT?.trim();
  if (!raw) return undefined;
  const port = Number(raw);
  return Number.isInteger(port) && port >= 0 && port < 65536 ? port : undefined;
}

async function main() {
  // Checked before the build is imported (importing it starts the platform).
  const env = environment();
  const buildPath = resolve(process.argv[2] ?? 'build/index.js');
  // Before the build loads Remix: route matching without re-ranking ~100 routes per call.
  installRouteMatchCache();
  let build = await importBuild(buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const mode = process.env.NODE_ENV;
  const development = mode === 'development';
  let handler: RemixHandler = createRequestHandler(build, mode);

  const app = createHttpApp({
    remix: () => handler,
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL,
    assets: { publicPath: build.publicPath, buildDirectory: build.assetsBuildDirectory, publicDirectory: 'public' },
    log: true,
    development,
  });
  const server = createHttpServer(app);

  if (development) {
    let timer: NodeJS.Timeout | undefined;
    const reload = async () => {
      build = await importBuild(buildPath);
      handler = createRequestHandler(build, mode);
      await broadcastDevReady(build);
    };
    watch(dirname(buildPath), (_event, file) => {
      if (file !== 'version.txt' && file !== basename(buildPath)) return;
      clearTimeout(timer);
      timer = setTimeout(() => reload().catch((error) => console.error('Reloading the build failed:', error)), 100);
    });
  }

  const host = process.env.HOST || undefined;
  const onListening = () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : requestedPort();
    const lan =
      host ??
      Object.values(networkInterfaces())
        .flat()
        .find((ip) => ip?.family === 'IPv4' && !ip.internal)?.address;
    console.log(lan ? `[server] http://localhost:${port} (http://${lan}:${port})` : `[server] http://localhost:${port}`);
    if (development) void broadcastDevReady(build);
  };

  const port = requestedPort();
  server.once('listening', onListening);
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE' && port === undefined && server.listening === false) {
      // Like remix-serve: 3000 when free, else any free port.
      server.listen(0, host);
      return;
    }
    console.error('The server could not start:', error);
    process.exit(1);
  });
  server.listen(port ?? 3000, host);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.close();
      server.closeIdleConnections();
    });
  }
}

main().catch((error) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
