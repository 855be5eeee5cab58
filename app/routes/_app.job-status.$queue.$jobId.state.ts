import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadJobStatus } from '~/features/jobs/job-status.server';

/**
 * A job's state, progress and outcome as JSON (/job-status/:queue/:jobId/state,
 * docs/decisions/020), read by the progress bar (app/components/job-progress). Staff of the
 * job's community only; never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const view = await loadJobStatus(request, params);
  return new Response(JSON.stringify(view), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
