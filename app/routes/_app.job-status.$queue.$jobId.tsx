import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { JobStatusPage } from '~/features/jobs/job-status-page';
import { JOB_STATUS_TEXTS } from '~/features/jobs/job-status-texts';
import { loadJobStatusPage } from '~/features/jobs/job-status.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * A job's own page (docs/decisions/020: spec 01's route table has no such address): its
 * progress and outcome, refreshing itself without JavaScript until the job has ended.
 */
export const handle = { title: 'Job Status' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobStatusPage(request, params);
}

export default function JobStatus() {
  return <JobStatusPage data={useLoaderData<typeof loader>()} backLabel={JOB_STATUS_TEXTS.back} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
