import { FIREBASE_STORAGE_ORIGIN } from './firebase-bucket';
import { storagePathFromUrl } from './serve';

/**
 * The object path a stored file's URL names, as the database keeps it: a bucket download URL
 * (`https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{encoded path}?…`) or a local
 * `/files/…` URL (absolute or site-relative). Null for anything else. Callers read the object
 * through the storage port (never the URL), so an address of another site is never fetched.
 */
export function objectPathOfUrl(url: string): string | null {
  if (url === '') return null;
  if (url.startsWith(`${FIREBASE_STORAGE_ORIGIN}/`)) {
    const match = /^\/v0\/b\/[^/]+\/o\/([^/?#]+)$/.exec(new URL(url).pathname);
    if (!match) return null;
    try {
      return decodeURIComponent(match[1]!);
    } catch {
      return null;
    }
  }
  try {
    return storagePathFromUrl(url);
  } catch {
    return null;
  }
}
