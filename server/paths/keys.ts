/** Path keys: the check every path argument goes through, and the error naming a bad one. */
import { MAX_KEY_BYTES, isValidKey, keyProblem } from '../../app/lib/db-key';

export { MAX_KEY_BYTES };

/** A path argument that is not a usable key; `argument` names the parameter. */
export class PathKeyError extends Error {
  constructor(
    readonly argument: string,
    readonly value: unknown,
    reason: string,
  ) {
    super(`Invalid ${argument} ${describe(value)}: ${reason}.`);
    this.name = 'PathKeyError';
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (value === undefined) return '(undefined)';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export { isValidKey, keyProblem };

/** Returns `value` when it is a valid database key; throws `PathKeyError` naming `argument` otherwise. */
export function assertKey(argument: string, value: unknown): string {
  const problem = keyProblem(value);
  if (problem !== null) throw new PathKeyError(argument, value, problem);
  return value as string;
}

/** A list index (menus are arrays): a non-negative integer, or its decimal text. */
export function assertIndex(argument: string, value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new PathKeyError(argument, value, 'an index must be a non-negative integer');
    return String(value);
  }
  return assertKey(argument, value);
}

/**
 * Splits a path relative to a community's location data ('main-menu', 'dining-resort',
 * 'searchablemap-detail/-NxMap', 'main-menu/3/iconData') into its keys, checking each.
 */
export function parseSectionPath(sectionPath: string, argument = 'sectionPath'): string[] {
  if (typeof sectionPath !== 'string') throw new PathKeyError(argument, sectionPath, 'a section path must be a string');
  if (sectionPath === '') throw new PathKeyError(argument, sectionPath, 'a section path cannot be empty');
  return sectionPath.split('/').map((segment, index) => {
    const problem = keyProblem(segment);
    if (problem !== null) throw new PathKeyError(argument, sectionPath, `segment ${index + 1} is not a key: ${problem}`);
    return segment;
  });
}

/** Appends checked keys to a path built here: `child(paths.community(key), 'iconSet')`. */
export function child(base: string, ...keys: Array<string | number>): string {
  if (typeof base !== 'string' || base === '') throw new PathKeyError('base', base, 'the base path must be a non-empty path');
  return [base, ...keys.map((key, index) => assertIndex(`key ${index + 1}`, key))].join('/');
}
