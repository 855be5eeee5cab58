import { randomUUID, createHash } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer, redirect } from '@remix-run/node';
import { forbidden, requireStaff, type StaffContext } from '@server/authz';
import { isLocationAdmin } from '@server/authz/access';
import { readForm } from '@server/http/form.server';
import { viewJobStatus, type JobStatusView } from '@server/jobs/status';
import { COMMUNITY_EXPORT_TEXTS } from '~/lib/community-export';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { CommunityExportSchema } from '~/schemas/community-export';
import { getServices } from '~/services.server';
import { ExportIntent } from './intents';

/**
 * Resort System Management → Export (`/listnm/export`; spec 02 "Listing routes" context export,
 * spec 03 §6 trays; decision 044): a community's data as a zip made by the `community-export`
 * job. An admin of the community exports it; a resort system admin may tick several
 * communities. require → read the form → intent → schema → queue → the job-status page.
 */

export interface ExportCommunityOption {
  key: string;
  title: string;
}

export interface ExportScreenData {
  isSystem: boolean;
  current: string;
  communities: ExportCommunityOption[];
}

export interface ExportActionData {
  result?: SubmissionResult<string[]>;
  error?: string;
  /** The queued job, when the screen's script posted (`dialog=1`) and follows it in place. */
  job?: JobStatusView;
}

/** Admins of the community and resort system admins; anyone else hears 403. */
export async function requireExporter(request: Request): Promise<StaffContext> {
  const staff = await requireStaff(request);
  if (!staff.access.isResortSystem && !isLocationAdmin(staff.access, staff.community)) throw forbidden('location-admin', null);
  return staff;
}

export async function loadExportScreen(request: Request): Promise<ExportScreenData> {
  const staff = await requireExporter(request);
  const isSystem = staff.access.isResortSystem;
  const mine = staff.communities.filter((community) => isSystem || community.key === staff.community);
  return {
    isSystem,
    current: staff.community,
    communities: mine.map((community) => ({ key: community.key, title: community.displayName || community.title || community.key })),
  };
}

/** The same request within the same minute (the zip's name): the same job. */
export function communityExportJobId(uid: string, communities: readonly string[], now: number): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([uid, [...communities].sort(), Math.floor(now / 60_000)]))
    .digest('hex')
    .slice(0, 40);
  return `community-export--${digest}`;
}

export async function exportAction(request: Request) {
  const staff = await requireExporter(request);
  const form = await readForm(request, { schemas: [CommunityExportSchema] });
  parseIntent(form, ExportIntent);
  const submission = parseWithZod(form, { schema: CommunityExportSchema });
  if (submission.status !== 'success') return answer<ExportActionData>({ result: submission.reply() }, { status: 400 });
  const chosen = [...new Set(submission.value.communities)];
  const allowed = new Set(staff.communities.map((community) => community.key));
  if (!staff.access.isResortSystem && chosen.some((key) => key !== staff.community)) {
    return answer<ExportActionData>(
      { result: submission.reply({ fieldErrors: { communities: [COMMUNITY_EXPORT_TEXTS.onlyOwn] } }) },
      { status: 403 },
    );
  }
  if (chosen.some((key) => !allowed.has(key))) {
    return answer<ExportActionData>(
      { result: submission.reply({ fieldErrors: { communities: [COMMUNITY_EXPORT_TEXTS.notYours] } }) },
      { status: 400 },
    );
  }
  const services = await getServices();
  const now = Date.now();
  const queued = await services.jobs.enqueue(
    'community-export',
    {
      product: services.paths.product(),
      community: staff.community,
      communities: chosen,
      requestedBy: staff.user.uid,
      requestedAt: now,
      fileKey: randomUUID(),
    },
    { jobId: communityExportJobId(staff.user.uid, chosen, now), attempts: 3 },
  );
  if (!queued.queued) {
    return answer<ExportActionData>({ result: submission.reply(), error: COMMUNITY_EXPORT_TEXTS.failed }, { status: 503 });
  }
  if (form.get('dialog') !== '1') throw redirect(hrefs.jobStatus('community-export', queued.jobId, { back: hrefs.listnm('export') }));
  const view = await viewJobStatus(services, { queue: 'community-export', id: queued.jobId, communities: [staff.community] });
  const job: JobStatusView = view ?? {
    queue: 'community-export',
    id: queued.jobId,
    title: COMMUNITY_EXPORT_TEXTS.jobTitle,
    state: 'waiting',
    percent: 0,
    message: null,
    lines: [],
    download: null,
    error: null,
  };
  return answer<ExportActionData>({ result: submission.reply({ resetForm: false }), job });
}
