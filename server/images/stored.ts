import { objectPathOfUrl } from '@server/storage/object-path';
import { isValidStoragePath, type FileStorage } from '@server/storage/types';
import { checkImageHeader, ImageTooLargeError } from './dimensions';

/**
 * The one reader of image files from storage for drawing (an entry's PDF, a design's PNG): a file
 * of a community's own folders, read through the storage port (never fetched from an address), at
 * most MAX_STORED_IMAGE_BYTES, and refused above 50 megapixels from its header, before anything
 * decodes it (./dimensions.ts).
 */

/** The largest image file read for drawing. */
export const MAX_STORED_IMAGE_BYTES = 20_000_000;

export type StoredImageProblem = 'foreign' | 'missing' | 'too-large' | 'unreadable';

/**
 * The storage path a value names — a bare path, `gs://{bucket}/{path}`, or a URL of the
 * product's own storage (a bucket download URL, `/files/…`) — when it is inside the community's
 * folders (`user-written/{community}/`, `{community}/`). Null for anything else.
 */
export function communityImagePath(community: string, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const bucketUrl = /^gs:\/\/[^/]+\/(.+)$/i.exec(trimmed);
  let path: string | null;
  if (bucketUrl) path = bucketUrl[1]!;
  else if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('/')) path = objectPathOfUrl(trimmed);
  else path = trimmed;
  if (!path || !isValidStoragePath(path)) return null;
  return path.startsWith(`user-written/${community}/`) || path.startsWith(`${community}/`) ? path : null;
}

/**
 * The bytes of the image file at storage `path`, or why not: missing, larger than
 * MAX_STORED_IMAGE_BYTES or 50 megapixels, or not an image the header check knows. Storage
 * failures are thrown (the caller's job runs again).
 */
export async function readImageFile(storage: FileStorage, path: string): Promise<{ bytes: Uint8Array } | { problem: StoredImageProblem }> {
  const object = await storage.get(path);
  if (!object) return { problem: 'missing' };
  if (object.size > MAX_STORED_IMAGE_BYTES) return { problem: 'too-large' };
  const bytes = await object.bytes();
  if (bytes.byteLength > MAX_STORED_IMAGE_BYTES) return { problem: 'too-large' };
  try {
    checkImageHeader(bytes);
  } catch (error) {
    return { problem: error instanceof ImageTooLargeError ? 'too-large' : 'unreadable' };
  }
  return { bytes };
}

/** readImageFile of what `value` names, only when it is a file of the community's folders (else 'foreign'). */
export async function readCommunityImage(
  storage: FileStorage,
  community: string,
  value: unknown,
): Promise<{ bytes: Uint8Array } | { problem: StoredImageProblem }> {
  const path = communityImagePath(community, value);
  return path ? readImageFile(storage, path) : { problem: 'foreign' };
}
