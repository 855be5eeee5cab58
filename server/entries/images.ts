import { communityImagePath } from '@server/images/stored';
import { isStorageError, type FileStorage } from '@server/storage/types';
import { imageUrl } from '~/lib/image-url';

/**
 * The images of a guest entry as the browser loads them. The guest app writes an image answer
 * (a form's image or file field, a hunt step's `drawable` or `photo`) as a download URL, or as
 * the storage path it uploaded to (`user-written/{location}/forms/{item}/{entry}/{name}.jpg`,
 * spec 02 §7), sometimes as `gs://{bucket}/{path}`. A path is resolved through the storage
 * port, and only inside the community's own folders: an entry is written by a guest, so it
 * never makes staff's browser load, or a PDF draw, another community's files.
 */

const MAX_PATHS = 200;

/**
 * The storage path an entry value names, when it is inside the community's folders
 * (`user-written/{community}/`, `{community}/`); null for anything else. The rule is the shared
 * image reader's (server/images/stored.ts).
 */
export const entryImagePath = (community: string, value: unknown): string | null => communityImagePath(community, value);

/** Resolves an entry's values to image addresses: URLs as they are, storage paths that exist through the port. */
export type ImageResolver = (value: unknown) => string | null;

/**
 * Looks up every storage path among the values once (at most 200) and answers a resolver the
 * views call synchronously. A path whose file is missing resolves to null (shown as text).
 */
export async function entryImageResolver(storage: FileStorage, community: string, values: readonly unknown[]): Promise<ImageResolver> {
  const paths = [...new Set(values.map((value) => entryImagePath(community, value)).filter((path) => path !== null))].slice(0, MAX_PATHS);
  const urls = new Map<string, string>();
  await Promise.all(
    paths.map(async (path) => {
      try {
        urls.set(path, await storage.url(path));
      } catch (error) {
        if (!isStorageError(error, 'not-found')) throw error;
      }
    }),
  );
  return (value) => {
    const url = imageUrl(value);
    if (url) return url;
    const path = entryImagePath(community, value);
    return path ? (urls.get(path) ?? null) : null;
  };
}
