import { requireStaff } from '@server/authz';
import { viewJobStatus, type JobStatusView } from '@server/jobs/status';
import { isAppPath } from '~/components/job-progress/paths';
import { getServices } from '~/services.server';
import { JOB_STATUS_TEXTS } from './job-status-texts';

/**
 * The job-status page and its JSON (docs/decisions/020): staff follow a job of a community
 * they may manage (server/jobs/status.ts); any other job, or none, is a 404.
 */

export { JOB_STATUS_TEXTS } from './job-status-texts';

export async function loadJobStatus(request: Request, params: { queue?: string; jobId?: string }): Promise<JobStatusView> {
  const staff = await requireStaff(request);
  const services = await getServices();
  const view = await viewJobStatus(services, {
    queue: params.queue ?? '',
    id: params.jobId ?? '',
    communities: staff.communities.map((community) => community.key),
  });
  if (!view) throw new Response(JOB_STATUS_TEXTS.gone, { status: 404 });
  return view;
}

export interface JobStatusPageData {
  view: JobStatusView;
  /** The page the job was started from (`?back=`, a path of this app). */
  back: string | null;
}

export async function loadJobStatusPage(request: Request, params: { queue?: string; jobId?: string }): Promise<JobStatusPageData> {
  const view = await loadJobStatus(request, params);
  const back = new URL(request.url).searchParams.get('back');
  return { view, back: isAppPath(back) ? back : null };
}
