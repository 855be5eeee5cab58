import type { LoaderFunctionArgs } from '@remix-run/node';
import { serveFile, storagePathFromUrl } from '@server/storage/serve';
import { getServices } from '~/services.server';

/**
 * /files/* — stored files (uploads, icons, generated images and calendars) for the browser and
 * the mobile apps. Local-disk files are streamed with caching validators and ranges; with the
 * bucket engine this redirects to the file's download URL. Public, like the bucket's
 * download URLs: the path is the capability.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { storage } = await getServices();
  // The path is read from the URL itself (each segment decoded once; an encoded '/' is refused)
  // rather than from params['*'], whose decoding leaves '%2F' ambiguous.
  const path = storagePathFromUrl(request.url) ?? '';
  return serveFile(storage, request, path);
}
