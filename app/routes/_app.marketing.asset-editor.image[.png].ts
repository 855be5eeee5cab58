import type { LoaderFunctionArgs } from '@remix-run/node';
import { assetImageLoader } from '~/features/marketing-asset/asset-editor.server';

/**
 * The marketing asset as PNG, drawn by the server (resort system admins): the form's values in
 * the query (the preview without JavaScript) or the saved design; `scale=3&download=1` is the
 * 2700×2700 download.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return assetImageLoader(request);
}
