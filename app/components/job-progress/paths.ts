import { hrefs } from '~/lib/hrefs';

/**
 * The job-status addresses (docs/decisions/020): the page that follows a job (it refreshes
 * itself without JavaScript) and the JSON of its state that the progress bar reads with it.
 * `back` is where the page's back link leads (a path of this app).
 */
export const jobStatusPaths = {
  page: (queue: string, id: string, back?: string) => hrefs.jobStatus(queue, id, back && isAppPath(back) ? { back } : undefined),
  state: (queue: string, id: string) => hrefs.jobStatusState(queue, id),
};

/** A path of this app (not another site's address): where a back link may lead. */
export function isAppPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 500 && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}
