import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/**
 * Radix Themes is some 700 small ES modules (with the Radix primitives it pulls in); every test
 * file that imports a route module loads them all again in its own process, close to a second
 * on the 2-core machine. Tests import one file instead: the package bundled by esbuild once per
 * version, in node_modules/.cache, where Vitest leaves it to Node like any dependency. React
 * stays outside the bundle, so there is one React and one Radix in a test's process.
 */
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export function radixThemesBundle(): string {
  const { version } = JSON.parse(readFileSync(root('node_modules/@radix-ui/themes/package.json'), 'utf8')) as { version: string };
  const file = root(`node_modules/.cache/test-bundles/radix-themes-${version}.mjs`);
  if (existsSync(file)) return file;
  buildSync({
    stdin: { contents: "export * from '@radix-ui/themes';", resolveDir: root('.'), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    // The bundled CommonJS parts (react-remove-scroll) require React: give them Node's require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    outfile: file,
    logLevel: 'warning',
  });
  return file;
}
