import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { staffFlyerTarget } from '~/features/flyers/flyer-designer.server';
import { flyerDownload, flyerPreview } from '~/features/flyers/flyer-download.server';
import { FlyerDownloadIntent } from '~/schemas/flyer';

/**
 * The staff flyer designer's files, drawn by the server: POST of the flyer (Download Flyer,
 * Download Background: PNG named '{title} flyer.png'; Print PDF); GET with the flyer in the
 * query, the half-size preview of the page without JavaScript. `?event=` as on the designer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return flyerPreview(request, await staffFlyerTarget(request, eventParams(request)));
}

export const Intent = FlyerDownloadIntent;

export async function action({ request }: ActionFunctionArgs) {
  return flyerDownload(request, await staffFlyerTarget(request, eventParams(request)));
}

const eventParams = (request: Request) => (new URL(request.url).searchParams.has('event') ? { action: 'event' } : {});
