import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { contentTypeFromExtension, DEFAULT_CONTENT_TYPE } from './content-type';
import {
  checkByteRange,
  normalizeStoragePrefix,
  StorageError,
  validateCacheControl,
  validateContentType,
  validateStoragePath,
  validateMaxResults,
  isValidStoragePath,
  type FileStorage,
  type FolderListing,
  type FolderPage,
  type StorageEntry,
  type StorageObject,
  type StoredFile,
} from './types';

/**
 * Files in the project's Cloud Storage bucket, through firebase-admin. Objects keep the
 * layout and metadata Firebase Storage gives them, so the mobile apps and any file uploaded
 * by the Firebase SDKs keep working:
 *
 * - the content type and Cache-Control are the object's own metadata;
 * - every object carries a download token in its custom metadata
 *   (`firebaseStorageDownloadTokens`, comma-separated when there are several) and its URL is the
 *   Firebase download URL `https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{path}?alt=media&token={token}`;
 * - replacing an object keeps its token, so URLs already saved in the database (and in the
 *   apps) stay valid; an object without a token (uploaded by other tools) gets one the first
 *   time its URL is asked for.
 */

type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;
type BucketFile = ReturnType<Bucket['file']>;
type ObjectMetadata = BucketFile['metadata'];

export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';
export const FIREBASE_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/** Uploads larger than this use a resumable session; smaller ones a single request. */
const RESUMABLE_THRESHOLD = 5 * 1024 * 1024;

export interface BucketStorageOptions {
  /** The firebase-admin app (initialised with a service-account credential). */
  app: App;
  /** Bucket name, e.g. `my-project.appspot.com`. */
  bucket: string;
  /** Origin of download URLs; the Storage emulator's `http://host:port` when testing against it. */
  downloadOrigin?: string;
}

export function createBucketStorage(options: BucketStorageOptions): FileStorage {
  const bucket = getStorage(options.app).bucket(options.bucket);
  const origin = (options.downloadOrigin ?? FIREBASE_STORAGE_ORIGIN).replace(/\/+$/, '');

  const downloadUrl = (path: string, token: string) =>
    `${origin}/v0/b/${encodeURIComponent(bucket.name)}/o/${encodeURIComponent(path)}?alt=media&token=${encodeURIComponent(token)}`;

  async function metadataOf(path: string): Promise<ObjectMetadata | null> {
    try {
      const [metadata] = await bucket.file(path).getMetadata();
      return metadata;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw backendError(error, path);
    }
  }

  function describe(path: string, metadata: ObjectMetadata) {
    return {
      path,
      contentType: metadata.contentType || contentTypeFromExtension(path) || DEFAULT_CONTENT_TYPE,
      size: Number(metadata.size ?? 0),
      updated: new Date(metadata.updated ?? metadata.timeCreated ?? 0),
    };
  }

  const storage: FileStorage = {
    kind: 'bucket',

    async put(path, data, putOptions) {
      validateStoragePath(path);
      const contentType = validateContentType(putOptions?.contentType);
      const cacheControl = validateCacheControl(putOptions.cacheControl);
      const existing = await metadataOf(path);
      const tokens = downloadTokens(existing) ?? randomUUID();
      const metadata = {
        contentType,
        ...(cacheControl !== undefined ? { cacheControl } : {}),
        metadata: { [DOWNLOAD_TOKENS_KEY]: tokens },
      };
      const file = bucket.file(path);
      // Only creates: generation 0 is "no object there" (the bucket checks it as it stores).
      const precondition = putOptions.ifAbsent ? { preconditionOpts: { ifGenerationMatch: 0 } } : {};
      try {
        if (data instanceof Uint8Array) {
          const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
          await file.save(buffer, { resumable: buffer.byteLength > RESUMABLE_THRESHOLD, metadata, ...precondition });
        } else {
          await pipeline(data as Readable, file.createWriteStream({ resumable: true, metadata, ...precondition }));
        }
      } catch (error) {
        if (statusOf(error) === 412) throw new StorageError('conflict', `Cannot store ${JSON.stringify(path)}: a file is there already.`);
        throw backendError(error, path);
      }
      const stored: StoredFile = {
        path,
        url: downloadUrl(path, firstToken(tokens)),
        size: Number(file.metadata.size ?? (data instanceof Uint8Array ? data.byteLength : 0)),
        contentType: file.metadata.contentType ?? contentType,
      };
      return stored;
    },

    async get(path) {
      validateStoragePath(path);
      const metadata = await metadataOf(path);
      if (!metadata) return null;
      // Read the generation described here, even if the object is replaced meanwhile.
      const generation = metadata.generation === undefined ? undefined : Number(metadata.generation);
      const source = () => bucket.file(path, generation === undefined ? {} : { generation });
      const info = describe(path, metadata);
      const object: StorageObject = {
        ...info,
        etag: `"${metadata.etag ?? metadata.md5Hash ?? metadata.generation ?? ''}"`,
        cacheControl: metadata.cacheControl ?? null,
        stream(range) {
          if (range === undefined) return source().createReadStream();
          checkByteRange(range, info.size);
          return source().createReadStream({ start: range.start, end: range.end });
        },
        async bytes() {
          try {
            const [content] = await source().download();
            return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
          } catch (error) {
            if (isNotFound(error)) throw new StorageError('not-found', `No file at ${JSON.stringify(path)}.`, { cause: error });
            throw backendError(error, path);
          }
        },
      };
      return object;
    },

    async exists(path) {
      validateStoragePath(path);
      try {
        const [exists] = await bucket.file(path).exists();
        return exists;
      } catch (error) {
        throw backendError(error, path);
      }
    },

    async delete(path) {
      validateStoragePath(path);
      try {
        await bucket.file(path).delete();
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw backendError(error, path);
      }
    },

    removePartialWrites() {
      return Promise.resolve(0);
    },

    async list(prefix) {
      const folder = normalizeStoragePrefix(prefix);
      let files: BucketFile[];
      try {
        [files] = await bucket.getFiles({ prefix: folder, autoPaginate: true });
      } catch (error) {
        throw backendError(error, folder);
      }
      return files.filter((file) => isValidStoragePath(file.name)).map((file) => entryOf(file));
    },

    async listFolder(prefix) {
      const folder = normalizeStoragePrefix(prefix);
      const listing: FolderListing = { folders: [], files: [] };
      let pageToken: string | undefined;
      do {
        let files: BucketFile[];
        let next: unknown;
        let response: unknown;
        try {
          [files, next, response] = await bucket.getFiles({
            prefix: folder,
            delimiter: '/',
            autoPaginate: false,
            maxResults: 1000,
            ...(pageToken ? { pageToken } : {}),
          });
        } catch (error) {
          throw backendError(error, folder);
        }
        for (const file of files) {
          // Skip the empty "folder" placeholder objects the Firebase console creates.
          if (isValidStoragePath(file.name)) listing.files.push(entryOf(file));
        }
        const prefixes = (response as { prefixes?: unknown } | undefined)?.prefixes;
        if (Array.isArray(prefixes)) {
          for (const sub of prefixes) if (typeof sub === 'string') listing.folders.push(sub);
        }
        pageToken = (next as { pageToken?: string } | null | undefined)?.pageToken;
      } while (pageToken);
      return listing;
    },

    async listFolderPage(prefix, { pageToken, maxResults }) {
      const folder = normalizeStoragePrefix(prefix);
      const size = validateMaxResults(maxResults);
      if (pageToken !== undefined && pageToken !== null && !/^[A-Za-z0-9_=+/.-]{1,2000}$/.test(pageToken)) {
        throw new StorageError('invalid-argument', 'Invalid page token.');
      }
      let files: BucketFile[];
      let next: unknown;
      let response: unknown;
      try {
        [files, next, response] = await bucket.getFiles({
          prefix: folder,
          delimiter: '/',
          autoPaginate: false,
          maxResults: size,
          ...(pageToken ? { pageToken } : {}),
        });
      } catch (error) {
        if (statusOf(error) === 400 && pageToken) throw new StorageError('invalid-argument', 'Invalid page token.', { cause: error });
        throw backendError(error, folder);
      }
      const prefixes = (response as { prefixes?: unknown } | undefined)?.prefixes;
      const token = (next as { pageToken?: string } | null | undefined)?.pageToken;
      return {
        // Skip the empty "folder" placeholder objects the Firebase console creates.
        files: files.filter((file) => isValidStoragePath(file.name)).map((file) => entryOf(file)),
        folders: Array.isArray(prefixes) ? prefixes.filter((sub): sub is string => typeof sub === 'string') : [],
        nextPageToken: token || null,
      } satisfies FolderPage;
    },

    async move(from, to) {
      validateStoragePath(from);
      validateStoragePath(to);
      if (from === to) throw new StorageError('conflict', `Cannot move ${JSON.stringify(from)} onto itself.`);
      const metadata = await metadataOf(from);
      if (!metadata) throw new StorageError('not-found', `No file at ${JSON.stringify(from)}.`);
      try {
        // A server-side copy (the API's rewrite, metadata and download token kept) that only
        // creates: ifGenerationMatch 0 fails when an object is at `to` already.
        await bucket
          .file(from, metadata.generation === undefined ? {} : { generation: Number(metadata.generation) })
          .copy(bucket.file(to), { preconditionOpts: { ifGenerationMatch: 0 } });
      } catch (error) {
        if (statusOf(error) === 412) throw new StorageError('conflict', `Cannot move to ${JSON.stringify(to)}: a file is there already.`);
        if (isNotFound(error)) throw new StorageError('not-found', `No file at ${JSON.stringify(from)}.`, { cause: error });
        throw backendError(error, from);
      }
      await storage.delete(from);
      const moved = await metadataOf(to);
      const tokens = downloadTokens(moved);
      const stored: StoredFile = {
        path: to,
        url: tokens ? downloadUrl(to, firstToken(tokens)) : await storage.url(to),
        size: Number(moved?.size ?? metadata.size ?? 0),
        contentType: moved?.contentType || metadata.contentType || contentTypeFromExtension(to) || DEFAULT_CONTENT_TYPE,
      };
      return stored;
    },

    async url(path) {
      validateStoragePath(path);
      for (let attempt = 0; attempt < 3; attempt++) {
        const metadata = await metadataOf(path);
        if (!metadata) throw new StorageError('not-found', `No file at ${JSON.stringify(path)}.`);
        const tokens = downloadTokens(metadata);
        if (tokens) return downloadUrl(path, firstToken(tokens));
        // First URL for an object stored without a token: add one, unless another process
        // changed the metadata meanwhile (then read its token instead).
        const token = randomUUID();
        try {
          await bucket
            .file(path)
            .setMetadata({ metadata: { [DOWNLOAD_TOKENS_KEY]: token } }, { ifMetagenerationMatch: Number(metadata.metageneration) });
          return downloadUrl(path, token);
        } catch (error) {
          if (statusOf(error) === 412) continue;
          if (isNotFound(error)) throw new StorageError('not-found', `No file at ${JSON.stringify(path)}.`, { cause: error });
          throw backendError(error, path);
        }
      }
      throw new StorageError('backend', `Could not add a download token to ${JSON.stringify(path)}.`);
    },
  };

  function entryOf(file: BucketFile): StorageEntry {
    const { path, size, contentType, updated } = describe(file.name, file.metadata);
    return { path, size, contentType, updated };
  }

  return storage;
}

function downloadTokens(metadata: ObjectMetadata | null): string | null {
  const value = metadata?.metadata?.[DOWNLOAD_TOKENS_KEY];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function firstToken(tokens: string): string {
  const [first = ''] = tokens.split(',');
  return first.trim();
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (typeof code === 'number') return code;
  if (typeof status === 'number') return status;
  return undefined;
}

function isNotFound(error: unknown) {
  return statusOf(error) === 404;
}

function backendError(error: unknown, path: string) {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StorageError('backend', `Cloud Storage failed for ${JSON.stringify(path)}: ${message}`, { cause: error });
}
