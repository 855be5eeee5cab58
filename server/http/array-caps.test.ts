import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import { arrayCap } from './form-shape';

/**
 * Every array in every schema has a `.max()` (issue 9, finding 2): a list without a cap is a
 * list an attacker sizes. Two checks: the source of app/, server/ and jobs/ (every
 * `z.array(…)` and `.array()` is followed by `.max(…)` or `.length(…)` in its chain), and the
 * zod trees of every schema the schema modules export (arrays built any other way).
 */

const ROOTS = ['app', 'server', 'jobs'];
const SKIP = /\.test\.tsx?$|\/testing\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !SKIP.test(path) ? [path] : [];
  });
}

/** The index just after the bracket that closes the one at `open` (strings and nesting respected). */
function closing(source: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < source.length; i += 1) {
    const char = source[i]!;
    if (char === "'" || char === '"' || char === '`') {
      for (i += 1; i < source.length && source[i] !== char; i += 1) if (source[i] === '\\') i += 1;
      continue;
    }
    if (pairs[char]) stack.push(pairs[char]);
    else if (char === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return source.length;
}

/** Whether the method chain after `from` (`.min(1).max(30).default([])`) calls max or length. */
function chainCaps(source: string, from: number): boolean {
  let i = from;
  for (;;) {
    const call = /^\s*\.\s*([A-Za-z_$][\w$]*)\s*(?=\()/.exec(source.slice(i));
    if (!call) return false;
    if (call[1] === 'max' || call[1] === 'length') return true;
    i = closing(source, i + call[0].length);
  }
}

/** Each `z.array(` or `.array()` of the sources whose chain has no cap, as `file:line`. */
function uncappedInSource(): string[] {
  const found: string[] = [];
  for (const file of ROOTS.flatMap(sourceFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bz\.array\(|\.array\(\)/g)) {
      const open = match.index + match[0].indexOf('(');
      if (!chainCaps(source, closing(source, open)))
        found.push(`${relative('.', file)}:${source.slice(0, match.index).split('\n').length}`);
    }
  }
  return found;
}

/** Every array in a zod tree without a cap, by path. */
function uncappedInTree(schema: ZodTypeAny, path: string, seen = new Set<ZodTypeAny>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._def as Record<string, unknown> & { typeName?: string };
  const inner = (value: unknown, at: string) => (value instanceof z.ZodType ? uncappedInTree(value, at, seen) : []);
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodArray:
      return [...(arrayCap(schema as z.ZodArray<ZodTypeAny>) === null ? [path] : []), ...inner(def.type, `${path}[]`)];
    case z.ZodFirstPartyTypeKind.ZodObject:
      return Object.entries((schema as z.AnyZodObject).shape).flatMap(([key, child]) => inner(child, `${path}.${key}`));
    case z.ZodFirstPartyTypeKind.ZodUnion:
    case z.ZodFirstPartyTypeKind.ZodDiscriminatedUnion:
      return (def.options as ZodTypeAny[]).flatMap((option, index) => inner(option, `${path}|${index}`));
    case z.ZodFirstPartyTypeKind.ZodLazy:
      return inner((def.getter as () => ZodTypeAny)(), path);
    default:
      return [def.innerType, def.schema, def.in, def.out, def.type, def.valueType, def.left, def.right].flatMap((child) =>
        inner(child, path),
      );
  }
}

/** The schema modules (app/schemas/*.ts), loaded. */
async function schemaModules(): Promise<Array<[string, Record<string, unknown>]>> {
  const files = readdirSync('app/schemas').filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const load = async (name: string): Promise<[string, Record<string, unknown>]> => [
    `app/schemas/${name}`,
    (await import(/* @vite-ignore */ pathToFileURL(resolve('app/schemas', name)).href)) as Record<string, unknown>,
  ];
  return Promise.all(files.map(load));
}

describe('array caps', () => {
  it('finds an uncapped array in source and in a tree (the checks can fail)', () => {
    const source = 'const A = z.array(z.string()).min(1);\nconst B = z.array(z.object({ a: z.array(z.string()) })).max(3);';
    expect(
      [...source.matchAll(/\bz\.array\(/g)].map((match) => chainCaps(source, closing(source, match.index + 'z.array('.length - 1))),
    ).toEqual([false, true, false]);
    expect(uncappedInTree(z.object({ a: z.array(z.string()).max(2), b: z.array(z.number()).optional() }), 'x')).toEqual(['x.b']);
  });

  it('every z.array(…) and .array() in app/, server/ and jobs/ has .max() or .length()', () => {
    expect(uncappedInSource()).toEqual([]);
  });

  it('every array in the exported schemas of app/schemas has a cap', async () => {
    const schemas = (await schemaModules()).flatMap(([file, module]) =>
      Object.entries(module)
        .filter((entry): entry is [string, ZodTypeAny] => entry[1] instanceof z.ZodType)
        .map(([name, schema]) => [`${file}:${name}`, schema] as const),
    );
    expect(schemas.length).toBeGreaterThan(10);
    expect(schemas.flatMap(([name, schema]) => uncappedInTree(schema, name))).toEqual([]);
  });
});
