import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { remoteFlyerTarget } from '~/features/flyers/flyer-designer.server';
import { flyerDownload, flyerPreview } from '~/features/flyers/flyer-download.server';
import { FlyerDownloadIntent } from '~/schemas/flyer';

/** The remote flyer designer's files (as /create-flyer/download), for the grant its query names. */
export async function loader({ request }: LoaderFunctionArgs) {
  return flyerPreview(request, await remoteFlyerTarget(request, { action: 'event' }));
}

export const Intent = FlyerDownloadIntent;

export async function action({ request }: ActionFunctionArgs) {
  return flyerDownload(request, await remoteFlyerTarget(request, { action: 'event' }));
}
