import { Card, Flex, Heading, Link as ThemeLink } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { hasEnded, JobProgress } from '~/components/job-progress/job-progress';
import { ShellColumns } from '~/components/shell/shell-columns';
import type { JobStatusPageData } from './job-status.server';

/** Seconds between the page's own refreshes while the job runs (without JavaScript). */
export const JOB_PAGE_REFRESH_SECONDS = 1;

/**
 * A job's own page: its title, progress bar and, once ended, its outcome or error. Without
 * JavaScript the page refreshes itself (a `<meta http-equiv="refresh">` inside `<noscript>`, so a
 * browser running scripts leaves it to the progress bar) until the job has ended.
 */
export function JobStatusPage({ data, backLabel }: { data: JobStatusPageData; backLabel: string }) {
  const { view, back } = data;
  return <ShellColumns centre={<JobStatusContent view={view} back={back} backLabel={backLabel} />} />;
}

function JobStatusContent({ view, back, backLabel }: JobStatusPageData & { backLabel: string }) {
  return (
    <Flex direction="column" gap="4" maxWidth="640px">
      {!hasEnded(view.state) ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(JOB_PAGE_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <Heading as="h1" size="6">
        {view.title}
      </Heading>
      <Card size="2">
        <JobProgress view={view} follow={false} downloadButton={view.queue === 'entries-export' || view.queue === 'community-export'} />
      </Card>
      {back ? (
        <ThemeLink asChild size="2">
          <Link to={back}>{backLabel}</Link>
        </ThemeLink>
      ) : null}
    </Flex>
  );
}
