import { COMMUNITY_A, type Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The job-status page and its JSON (docs/decisions/020, /job-status/:queue/:jobId[/state]):
 * staff follow a job of a community they may manage (server/jobs/status.ts). MATRIX_JOBS are
 * queued before the lines run (no worker takes them: they stay waiting): an import of A's
 * activities, which B's staff cannot see (404, as for a job that does not exist). E-mail jobs
 * are followed by nobody.
 */

/** Jobs the matrix queues before its lines run. */
export const MATRIX_JOBS = [
  {
    queue: 'calendar-import',
    payload: { product: 'amc', community: COMMUNITY_A, calendarId: 'activities' },
    jobId: `calendar-import--${COMMUNITY_A}--activities--matrix`,
  },
] as const;

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';
const staff = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});
/** Staff who may manage A; B's editor sees no such job. */
const ofA = (outcome: Outcome) => staff(outcome, { editorB: 404 });

const A_JOB = `/job-status/calendar-import/${MATRIX_JOBS[0].jobId}`;

export const JOB_STATUS_LINES: MatrixRow[] = [
  { request: { path: A_JOB }, expected: ofA(200), note: "the page of an import of A's activities, refreshing itself without JavaScript" },
  { request: { path: `${A_JOB}?back=/amc-calendars` }, expected: ofA(200), note: 'with a back link into the app' },
  { request: { path: `${A_JOB}/state` }, expected: ofA(200), note: 'its state, progress and outcome as JSON' },
  { request: { path: '/job-status/calendar-import/no-such-job' }, expected: staff(404) },
  { request: { path: '/job-status/calendar-import/no-such-job/state' }, expected: staff(404) },
  { request: { path: '/job-status/email/some-email' }, expected: staff(404), note: 'e-mail jobs are followed by nobody' },
  { request: { path: '/job-status/no-such-queue/some-job/state' }, expected: staff(404) },
];
