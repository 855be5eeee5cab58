/**
 * The second half of `npm run build` (after `remix build`): bundles the HTTP server
 * (server/http/main.ts → build/server.js) and the job worker (jobs/worker.ts → build/worker.js,
 * forked by the server: docs/decisions/014) and the worker pool's thread entry
 * (server/pool/worker.ts → build/pool-worker.js: docs/decisions/013) with esbuild. Packages stay imports from
 * node_modules; the project's own modules, reached through the tsconfig aliases (`~/`,
 * `@server/`, `@jobs/`) as well as relative paths, are bundled.
 */
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ALIASES = ['~/', '@server/', '@jobs/'];

/** Every bare import is a package (external) except the project's aliases. */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) => {
      if (ALIASES.some((alias) => args.path.startsWith(alias))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Writes build/server.js, build/worker.js, build/pool-worker.js and their chunks. */
export async function bundleNodeEntries(): Promise<void> {
  await build({
    entryPoints: { server: 'server/http/main.ts', worker: 'jobs/worker.ts', 'pool-worker': 'server/pool/worker.ts' },
    outdir: 'build',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Code reached only through a dynamic import (a queue's processor, docs/decisions/039) goes
    // into chunks of its own, beside the entries (so paths taken from import.meta.url hold): the
    // packages it imports (pdf-lib, @napi-rs/canvas, yazl …) load with its first job, not at start.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    plugins: [packagesExternal],
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleNodeEntries();
