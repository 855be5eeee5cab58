import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type BigIntStats } from 'node:fs';
import { lstat, mkdir, readdir, readFile, realpath, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeFromExtension, DEFAULT_CONTENT_TYPE } from './content-type';
import {
  checkByteRange,
  encodeStoragePath,
  normalizeStoragePrefix,
  StorageError,
  validateCacheControl,
  validateContentType,
  validateStoragePath,
  validateMaxResults,
  isValidStoragePath,
  type ByteRange,
  type FileStorage,
  type FolderListing,
  type StorageEntry,
  type StorageObject,
  type StoredFile,
} from './types';

/**
 * Files on local disk: the default when no bucket is configured (development, tests, a
 * single-machine install). Layout under `root`:
 *
 *   objects/{path}   the bytes, exactly as stored, in the object's own folder shape
 *   meta/{path}      a JSON sidecar: { "contentType": "image/png", "cacheControl": "…" }
 *   tmp/             partial writes, renamed into place when complete
 *
 * Sidecars live in their own tree rather than beside the files, so no object path can name a
 * sidecar or a partial write: the object namespace is exactly `objects/`. The content type
 * comes from the sidecar (the type given to `put`, as a bucket keeps it); a file without a
 * sidecar (copied in by hand) gets the type of its extension, else application/octet-stream.
 *
 * A write lands atomically: content and sidecar are written to tmp/, flushed, then renamed
 * into place (sidecar first, then content), so readers see the old file or the new one, never
 * a partial one. Writes to one path are serialised within the process. Deleting a file
 * removes folders it leaves empty, as folders vanish in a bucket.
 */

/** Where the console serves local files (app/routes/files.$.ts). */
export const LOCAL_FILES_MOUNT = '/files';

export interface LocalDiskStorageOptions {
  /** Folder that holds the files (created when missing), e.g. `{DATA_DIR}/storage`. */
  root: string;
  /**
   * Origin (and optional base path) put in front of `/files/…` in URLs, e.g. the console's
   * public URL so the mobile apps can load the files. Default: '' (root-relative URLs).
   */
  baseUrl?: string;
}

interface Sidecar {
  contentType: string;
  cacheControl?: string;
}

export function createLocalDiskStorage(options: LocalDiskStorageOptions): FileStorage {
  const root = resolve(options.root);
  const objectsDir = join(root, 'objects');
  const metaDir = join(root, 'meta');
  const tmpDir = join(root, 'tmp');
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');

  let ready: Promise<string> | undefined;
  /** Creates the three folders once and answers the real path of objects/. */
  const prepare = () => {
    if (!ready) {
      ready = (async () => {
        await Promise.all([objectsDir, metaDir, tmpDir].map((dir) => mkdir(dir, { recursive: true })));
        return realpath(objectsDir);
      })();
      ready.catch(() => {
        ready = undefined; // try again on the next call
      });
    }
    return ready;
  };

  const locks = new Map<string, Promise<unknown>>();
  /** Runs `task` after every earlier write to `path` in this process has finished. */
  function serialised<T>(path: string, task: () => Promise<T>): Promise<T> {
    const previous = locks.get(path) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    locks.set(path, settled);
    void settled.then(() => {
      if (locks.get(path) === settled) locks.delete(path);
    });
    return next;
  }

  const objectFile = (path: string) => join(objectsDir, ...path.split('/'));
  const sidecarFile = (path: string) => join(metaDir, ...path.split('/'));
  const tempFile = () => join(tmpDir, `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`);

  /** The file's stats when `path` is a regular file inside objects/, else null. */
  async function statObject(path: string): Promise<BigIntStats | null> {
    const realObjects = await prepare();
    const file = objectFile(path);
    let stats: BigIntStats;
    try {
      stats = await lstat(file, { bigint: true });
    } catch (error) {
      if (isMissing(error)) return null;
      throw backendError(error, path);
    }
    if (!stats.isFile()) return null;
    // The folders on the way must not lead out of objects/ (a symbolic link put there by hand).
    const folder = await realpath(dirname(file)).catch(() => null);
    if (folder === null || (folder !== realObjects && !folder.startsWith(realObjects + sep))) return null;
    return stats;
  }

  async function readSidecar(path: string): Promise<Sidecar | null> {
    try {
      const parsed = JSON.parse(await readFile(sidecarFile(path), 'utf8')) as unknown;
      if (parsed && typeof parsed === 'object' && typeof (parsed as Sidecar).contentType === 'string') {
        const { contentType, cacheControl } = parsed as Sidecar;
        return { contentType, ...(typeof cacheControl === 'string' ? { cacheControl } : {}) };
      }
      return null;
    } catch {
      // Missing or unreadable: the extension decides.
      return null;
    }
  }

  function describe(path: string, stats: BigIntStats, sidecar: Sidecar | null) {
    return {
      contentType: sidecar?.contentType ?? contentTypeFromExtension(path) ?? DEFAULT_CONTENT_TYPE,
      cacheControl: sidecar?.cacheControl ?? null,
      size: Number(stats.size),
      updated: new Date(Number(stats.mtimeMs)),
      // Every write renames a new file into place, so inode, size and nanosecond mtime change.
      etag: `"${stats.ino.toString(36)}-${stats.size.toString(36)}-${stats.mtimeNs.toString(36)}"`,
    };
  }

  /** Removes `dir` and its parents while they are empty, stopping at `top`. */
  async function pruneEmptyFolders(dir: string, top: string) {
    while (dir !== top && dir.startsWith(top + sep)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): stop
      }
      dir = dirname(dir);
    }
  }

  /** Fails with `conflict` before anything is written when a file or folder is in the way. */
  async function checkNothingInTheWay(path: string) {
    const file = objectFile(path);
    try {
      await mkdir(dirname(file), { recursive: true });
      if ((await lstat(file)).isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    } catch (error) {
      if (code(error) === 'ENOENT') return;
      if (['EEXIST', 'ENOTDIR', 'EISDIR'].includes(code(error) ?? '')) {
        throw new StorageError('conflict', `Cannot store ${JSON.stringify(path)}: a folder or file is in the way.`, { cause: error });
      }
      throw backendError(error, path);
    }
  }

  async function moveIntoPlace(temp: string, target: string, path: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
        return;
      } catch (error) {
        // A concurrent delete may have pruned the folder between mkdir and rename: once more.
        if (code(error) === 'ENOENT' && attempt === 0) continue;
        if (['EEXIST', 'ENOTDIR', 'EISDIR', 'ENOTEMPTY'].includes(code(error) ?? '')) {
          throw new StorageError('conflict', `Cannot store ${JSON.stringify(path)}: a folder or file is in the way.`, { cause: error });
        }
        throw backendError(error, path);
      }
    }
  }

  async function entryFor(path: string, file: string): Promise<StorageEntry | null> {
    try {
      const stats = await lstat(file, { bigint: true });
      if (!stats.isFile()) return null;
      const { size, contentType, updated } = describe(path, stats, await readSidecar(path));
      return { path, size, contentType, updated };
    } catch (error) {
      if (isMissing(error)) return null; // deleted while listing
      throw backendError(error, path);
    }
  }

  async function readFolder(dir: string) {
    try {
      return await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw backendError(error, dir);
    }
  }

  const storage: FileStorage = {
    kind: 'local',

    async put(path, data, putOptions) {
      validateStoragePath(path);
      const sidecar: Sidecar = { contentType: validateContentType(putOptions?.contentType) };
      const cacheControl = validateCacheControl(putOptions.cacheControl);
      if (cacheControl !== undefined) sidecar.cacheControl = cacheControl;

      return serialised(path, async () => {
        await prepare();
        // Puts of one path are serialised (the console's storage has one writing process), so
        // this check and the write below are one step.
        if (putOptions.ifAbsent && (await statObject(path)) !== null)
          throw new StorageError('conflict', `Cannot store ${JSON.stringify(path)}: a file is there already.`);
        await checkNothingInTheWay(path);
        const contentTemp = tempFile();
        const sidecarTemp = tempFile();
        try {
          await writeContent(contentTemp, data).catch((error: unknown) => {
            throw error instanceof StorageError ? error : backendError(error, path);
          });
          const size = Number((await lstat(contentTemp)).size);
          await writeFile(sidecarTemp, JSON.stringify(sidecar), { flag: 'wx', flush: true });
          await moveIntoPlace(sidecarTemp, sidecarFile(path), path);
          await moveIntoPlace(contentTemp, objectFile(path), path);
          const stored: StoredFile = { path, url: fileUrl(path), size, contentType: sidecar.contentType };
          return stored;
        } catch (error) {
          // Leave no empty folder behind a failed write.
          if ((await statObject(path).catch(() => null)) === null) {
            await pruneEmptyFolders(dirname(objectFile(path)), objectsDir);
          }
          throw error;
        } finally {
          await Promise.all([rm(contentTemp, { force: true }), rm(sidecarTemp, { force: true })]);
        }
      });
    },

    async get(path) {
      validateStoragePath(path);
      const stats = await statObject(path);
      if (!stats) return null;
      const file = objectFile(path);
      const info = describe(path, stats, await readSidecar(path));
      const object: StorageObject = {
        path,
        ...info,
        stream(range?: ByteRange) {
          if (range === undefined) return createReadStream(file);
          checkByteRange(range, info.size);
          return createReadStream(file, { start: range.start, end: range.end });
        },
        async bytes() {
          try {
            return new Uint8Array(await readFile(file));
          } catch (error) {
            if (isMissing(error)) throw new StorageError('not-found', `No file at ${JSON.stringify(path)}.`, { cause: error });
            throw backendError(error, path);
          }
        },
      };
      return object;
    },

    async exists(path) {
      validateStoragePath(path);
      return (await statObject(path)) !== null;
    },

    async delete(path) {
      validateStoragePath(path);
      return serialised(path, async () => {
        if ((await statObject(path)) === null) return false;
        const file = objectFile(path);
        const meta = sidecarFile(path);
        try {
          await rm(file, { force: true });
          await rm(meta, { force: true });
        } catch (error) {
          throw backendError(error, path);
        }
        await pruneEmptyFolders(dirname(file), objectsDir);
        await pruneEmptyFolders(dirname(meta), metaDir);
        return true;
      });
    },

    async removePartialWrites(olderThan) {
      await prepare();
      let removed = 0;
      for (const name of await readdir(tmpDir)) {
        const file = join(tmpDir, name);
        try {
          const stats = await lstat(file);
          // mtime: a write in progress moves it with every chunk it writes.
          if (!stats.isFile() || stats.mtimeMs >= olderThan.getTime()) continue;
          await rm(file, { force: true });
          removed += 1;
        } catch (error) {
          if (!isMissing(error)) throw backendError(error, `tmp/${name}`);
        }
      }
      return removed;
    },

    async list(prefix) {
      const folder = normalizeStoragePrefix(prefix);
      await prepare();
      const entries: StorageEntry[] = [];
      const walk = async (relative: string): Promise<void> => {
        const dirents = await readFolder(join(objectsDir, ...relative.split('/').filter(Boolean)));
        await Promise.all(
          dirents.map(async (dirent) => {
            const path = `${relative}${dirent.name}`;
            if (dirent.isDirectory()) return walk(`${path}/`);
            if (!dirent.isFile() || !isValidStoragePath(path)) return;
            const entry = await entryFor(path, join(objectsDir, ...path.split('/')));
            if (entry) entries.push(entry);
          }),
        );
      };
      await walk(folder);
      return entries.sort(byPath);
    },

    async listFolder(prefix) {
      const folder = normalizeStoragePrefix(prefix);
      await prepare();
      const dirents = await readFolder(join(objectsDir, ...folder.split('/').filter(Boolean)));
      const listing: FolderListing = { folders: [], files: [] };
      await Promise.all(
        dirents.map(async (dirent) => {
          const path = `${folder}${dirent.name}`;
          if (!isValidStoragePath(path)) return;
          if (dirent.isDirectory()) {
            listing.folders.push(`${path}/`);
          } else if (dirent.isFile()) {
            const entry = await entryFor(path, join(objectsDir, ...path.split('/')));
            if (entry) listing.files.push(entry);
          }
        }),
      );
      listing.folders.sort(compareBytes);
      listing.files.sort(byPath);
      return listing;
    },

    async listFolderPage(prefix, { pageToken, maxResults }) {
      const folder = normalizeStoragePrefix(prefix);
      const size = validateMaxResults(maxResults);
      const after = pageToken ? tokenName(pageToken) : null;
      await prepare();
      const dirents = await readFolder(join(objectsDir, ...folder.split('/').filter(Boolean)));
      // Folders and files in one order, as a bucket names them: a folder by its name and '/'.
      const names = dirents
        .filter((dirent) => (dirent.isDirectory() || dirent.isFile()) && isValidStoragePath(`${folder}${dirent.name}`))
        .map((dirent) => (dirent.isDirectory() ? `${dirent.name}/` : dirent.name))
        .filter((name) => after === null || compareBytes(name, after) > 0)
        .sort(compareBytes);
      const page = names.slice(0, size);
      const listing: FolderListing = { folders: [], files: [] };
      const entries = await Promise.all(
        page.map(async (name) =>
          name.endsWith('/') ? null : entryFor(`${folder}${name}`, join(objectsDir, ...`${folder}${name}`.split('/'))),
        ),
      );
      page.forEach((name, index) => {
        if (name.endsWith('/')) listing.folders.push(`${folder}${name}`);
        else {
          const entry = entries[index];
          if (entry) listing.files.push(entry);
        }
      });
      const last = page.at(-1);
      return { ...listing, nextPageToken: names.length > size && last !== undefined ? pageTokenOf(last) : null };
    },

    async move(from, to) {
      validateStoragePath(from);
      validateStoragePath(to);
      if (from === to) throw new StorageError('conflict', `Cannot move ${JSON.stringify(from)} onto itself.`);
      return serialised(from, () =>
        serialised(to, async () => {
          if ((await statObject(from)) === null) throw new StorageError('not-found', `No file at ${JSON.stringify(from)}.`);
          if ((await statObject(to)) !== null) {
            throw new StorageError('conflict', `Cannot move to ${JSON.stringify(to)}: a file is there already.`);
          }
          await checkNothingInTheWay(to);
          const sidecar = await readSidecar(from);
          try {
            if (sidecar) {
              await mkdir(dirname(sidecarFile(to)), { recursive: true });
              await rename(sidecarFile(from), sidecarFile(to));
            }
            await moveIntoPlace(objectFile(from), objectFile(to), to);
          } catch (error) {
            throw error instanceof StorageError ? error : backendError(error, from);
          }
          await pruneEmptyFolders(dirname(objectFile(from)), objectsDir);
          await pruneEmptyFolders(dirname(sidecarFile(from)), metaDir);
          const stats = await statObject(to);
          const stored: StoredFile = {
            path: to,
            url: fileUrl(to),
            size: stats ? Number(stats.size) : 0,
            contentType: sidecar?.contentType ?? contentTypeFromExtension(to) ?? DEFAULT_CONTENT_TYPE,
          };
          return stored;
        }),
      );
    },

    async url(path) {
      validateStoragePath(path);
      if ((await statObject(path)) === null) {
        throw new StorageError('not-found', `No file at ${JSON.stringify(path)}.`);
      }
      return fileUrl(path);
    },
  };

  function fileUrl(path: string) {
    return `${baseUrl}${LOCAL_FILES_MOUNT}/${encodeStoragePath(path)}`;
  }

  return storage;
}

async function writeContent(file: string, data: Uint8Array | Readable) {
  if (data instanceof Uint8Array) {
    await writeFile(file, data, { flag: 'wx', flush: true });
  } else {
    await pipeline(data, createWriteStream(file, { flags: 'wx', flush: true }));
  }
}

/** A local page token: the last name answered, base64url (opaque to callers, as a bucket's). */
function pageTokenOf(name: string): string {
  return Buffer.from(name, 'utf8').toString('base64url');
}

function tokenName(token: string): string {
  const name = /^[A-Za-z0-9_-]{1,1400}$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : '';
  if (name === '' || pageTokenOf(name) !== token) throw new StorageError('invalid-argument', 'Invalid page token.');
  return name;
}

/** Cloud Storage lists names in UTF-8 byte order; local listings follow it. */
function compareBytes(a: string, b: string) {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function byPath(a: { path: string }, b: { path: string }) {
  return compareBytes(a.path, b.path);
}

function code(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function isMissing(error: unknown) {
  const c = code(error);
  return c === 'ENOENT' || c === 'ENOTDIR';
}

function backendError(error: unknown, path: string) {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StorageError('backend', `Local storage failed for ${JSON.stringify(path)}: ${message}`, { cause: error });
}
