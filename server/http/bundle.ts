/**
 * The second half of `npm run build` (after `remix build`): bundles the HTTP server
 * (server/http/main.ts → build/server.js) and the job worker (jobs/worker.ts → build/worker.js,
 * forked by the server: docs/decisions/014) and the worker pool's thread entry
 * (server/pool/worker.ts → build/pool-worker.js: docs/decisions/013) with esbuild. Packages stay imports from
 * node_modules; the project's own modules, reached through the tsconfig aliases (`~/`,
 * `@server/`, `@jobs/`) as well as relative paths, are bundled.
 */
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

await build({
  entryPoints: { server: 'server/http/main.ts', worker: 'jobs/worker.ts', 'pool-worker': 'server/pool/worker.ts' },
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [packagesExternal],
  logLevel: 'warning',
});
