import { storagePathProblem } from '@server/storage/types';

/**
 * What staff type or post in file management (a file's new name, the folder open, the file a
 * button names), checked before the storage port sees it. Paths are relative to the community's
 * file-management folder (`{community}/images/`, server/paths/storage.ts communityImages), so a
 * path can never leave it: no `..` or `.` segment, no leading '/', no backslash, no control
 * character. Each refusal says what is wrong (a 400 with the words below).
 */

/** The longest file name accepted, in characters. */
export const MAX_FILE_NAME = 200;

export const FILE_NAME_TEXTS = {
  required: 'Name is required.',
  slash: 'A name cannot contain / or \\.',
  dots: 'A name cannot be . or ..',
  control: 'A name cannot contain control characters.',
  tooLong: `A name can be at most ${MAX_FILE_NAME} characters.`,
  leadingDot: 'A name cannot begin with a dot.',
} as const;

export const PATH_TEXTS = {
  traversal: 'This path leaves the community’s files (.. or . is not allowed).',
  absolute: 'This path must be relative to the community’s files (no leading /).',
  control: 'This path contains control characters.',
  other: 'This is not a path of the community’s files.',
} as const;

// C0, DEL and C1 control characters.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `name` cannot be a file's name, or null when it can. */
export function fileNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return FILE_NAME_TEXTS.required;
  if (CONTROL.test(name)) return FILE_NAME_TEXTS.control;
  if (/[/\\]/.test(trimmed)) return FILE_NAME_TEXTS.slash;
  if (trimmed === '.' || trimmed === '..') return FILE_NAME_TEXTS.dots;
  if (trimmed.startsWith('.')) return FILE_NAME_TEXTS.leadingDot;
  if ([...trimmed].length > MAX_FILE_NAME) return FILE_NAME_TEXTS.tooLong;
  return null;
}

/**
 * Why `path` (relative to the community's folder; '' is the folder itself when `folder` is set)
 * is not one of the community's files or folders, or null when it is.
 */
export function relativePathProblem(path: string, options: { folder?: boolean } = {}): string | null {
  if (options.folder && path === '') return null;
  if (CONTROL.test(path)) return PATH_TEXTS.control;
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path)) return PATH_TEXTS.absolute;
  const bare = options.folder && path.endsWith('/') ? path.slice(0, -1) : path;
  if (bare.split(/[/\\]/).some((segment) => segment === '..' || segment === '.')) return PATH_TEXTS.traversal;
  return storagePathProblem(bare) === null ? null : PATH_TEXTS.other;
}
