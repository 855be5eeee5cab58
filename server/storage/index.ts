import type { App } from 'firebase-admin/app';
import { createBucketStorage } from './firebase-bucket';
import { createLocalDiskStorage } from './local-disk';
import type { FileStorage } from './types';

export * from './types';
export { contentTypeFromExtension, essenceOf, extensionOf, DEFAULT_CONTENT_TYPE } from './content-type';
export { createLocalDiskStorage, LOCAL_FILES_MOUNT, type LocalDiskStorageOptions } from './local-disk';
export { createBucketStorage, DOWNLOAD_TOKENS_KEY, FIREBASE_STORAGE_ORIGIN, type BucketStorageOptions } from './firebase-bucket';
export {
  serveFile,
  storagePathFromUrl,
  cacheControlFor,
  parseRange,
  IMMUTABLE_CACHE_CONTROL,
  SHORT_CACHE_CONTROL,
  SVG_CONTENT_SECURITY_POLICY,
} from './serve';
export {
  parseUpload,
  storeUploadedFile,
  incorrectTypeMessage,
  tooLargeMessage,
  acceptedTypeOf,
  isAcceptedFile,
  MAX_UPLOAD_BYTES,
  IMAGE_TYPES,
  PDF_TYPES,
  SVG_TYPES,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_FIELD_BYTES,
  type ParseUploadOptions,
  type ParsedUpload,
  type UploadError,
  type UploadErrorCode,
} from './upload';

export type StorageOptions =
  | {
      kind: 'local';
      /** Folder for the files, e.g. `{DATA_DIR}/storage`. */
      root: string;
      /** Public origin for file URLs (the console's PUBLIC_URL); root-relative when absent. */
      baseUrl?: string;
    }
  | {
      kind: 'bucket';
      /** The firebase-admin app of this deployment. */
      app: App;
      /** The Cloud Storage bucket, e.g. FIREBASE_STORAGE_BUCKET. */
      bucket: string;
      downloadOrigin?: string;
    };

/** The storage adapter for the chosen engine. */
export function createStorage(options: StorageOptions): FileStorage {
  switch (options.kind) {
    case 'local':
      return createLocalDiskStorage({ root: options.root, ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}) });
    case 'bucket':
      return createBucketStorage({
        app: options.app,
        bucket: options.bucket,
        ...(options.downloadOrigin !== undefined ? { downloadOrigin: options.downloadOrigin } : {}),
      });
  }
}
