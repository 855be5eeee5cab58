import type { LoaderFunctionArgs } from '@remix-run/node';
import { notFound } from '@server/http/responses';
import { remoteFlyerJob, remoteFlyerTarget } from '~/features/flyers/flyer-designer.server';

/**
 * `/create-flyer-remote/job-state?event=…&uuid=…&job=…`: the state of a remote designer's image
 * generation as JSON (the job-status view the progress bar reads), for the grant its query
 * names and a job of the grant's community only (404 otherwise); never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const view = await remoteFlyerJob(await remoteFlyerTarget(request, { action: 'event' }), new URL(request.url));
  if (!view) return notFound();
  return new Response(JSON.stringify(view), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
