import { Button, Callout, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { JobState, JobStatusView } from '@server/jobs/status';
import { jobStatusPaths } from './paths';

/**
 * A job's progress bar and, once it has ended, its outcome (what it did, the file it made) or
 * its error. With JavaScript it follows the job live: it reads the job's state
 * (`/job-status/:queue/:jobId/state`) a second after it is shown, then less and less often while
 * nothing changes (up to every 8 s), and stops once the job has ended. Without JavaScript it
 * links to the job's own page, which refreshes itself until the job has ended
 * (app/features/jobs).
 */

export const JOB_PROGRESS_TEXTS = {
  waiting: 'Waiting to start.',
  running: (percent: number, message: string | null) => `Running: ${percent}%${message ? ` (${message})` : ''}.`,
  done: 'Finished.',
  failed: 'Failed.',
  unknown: 'Its progress cannot be read right now. It is checked again shortly.',
  follow: 'Follow its progress',
  progress: (title: string) => `${title} progress`,
} as const;

/** How soon the state is read again: at first, and at most while nothing changes. */
export const POLL_FIRST_MS = 1_000;
export const POLL_MAX_MS = 8_000;

export const hasEnded = (state: JobState) => state === 'done' || state === 'failed';

export function stateText(view: Pick<JobStatusView, 'state' | 'percent' | 'message'>): string {
  switch (view.state) {
    case 'waiting':
      return JOB_PROGRESS_TEXTS.waiting;
    case 'running':
      return JOB_PROGRESS_TEXTS.running(view.percent, view.message);
    case 'done':
      return JOB_PROGRESS_TEXTS.done;
    case 'failed':
      return JOB_PROGRESS_TEXTS.failed;
    default:
      return JOB_PROGRESS_TEXTS.unknown;
  }
}

/** The job's view, read again with backoff until it has ended (with JavaScript only). */
export function useLiveJobStatus(initial: JobStatusView, stateHref?: string): JobStatusView {
  const [view, setView] = useState(initial);
  useEffect(() => setView(initial), [initial]);
  const ended = hasEnded(view.state);
  const href = stateHref ?? jobStatusPaths.state(initial.queue, initial.id);
  useEffect(() => {
    if (ended) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = POLL_FIRST_MS;
    let last = '';
    const poll = async () => {
      try {
        const response = await fetch(href, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        if (response.ok) {
          const next = (await response.json()) as JobStatusView;
          if (stopped) return;
          setView(next);
          if (hasEnded(next.state)) return;
          const seen = `${next.state} ${next.percent} ${next.message ?? ''}`;
          // Something moved: look again soon; nothing did: wait longer each time.
          delay = seen !== last ? POLL_FIRST_MS : Math.min(Math.round(delay * 1.5), POLL_MAX_MS);
          last = seen;
        } else delay = Math.min(delay * 2, POLL_MAX_MS);
      } catch {
        delay = Math.min(delay * 2, POLL_MAX_MS);
      }
      if (!stopped) timer = setTimeout(poll, delay);
    };
    timer = setTimeout(poll, delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ended, href]);
  return view;
}

/**
 * The progress bar and outcome of one job. `follow` shows the link to the job's page while it
 * runs (`back`: where that page's back link leads); the page itself leaves it out.
 */
export function JobProgress({
  view: initial,
  back,
  follow = true,
  downloadButton = false,
  stateHref,
}: {
  view: JobStatusView;
  back?: string;
  follow?: boolean;
  /** Where its state is read, when not the job-status JSON of staff (a remote page's own, under its grant). */
  stateHref?: string;
  /** The download as a button (the export's Download, spec 02 §8) rather than a link. */
  downloadButton?: boolean;
}) {
  const view = useLiveJobStatus(initial, stateHref);
  const ended = hasEnded(view.state);
  return (
    <Flex direction="column" gap="2" className="job-progress" data-testid="job-progress" data-state={view.state}>
      <progress max={100} value={view.percent} aria-label={JOB_PROGRESS_TEXTS.progress(view.title)} />
      <Text as="p" size="2" aria-live="polite" data-testid="job-state">
        {stateText(view)}
      </Text>
      {view.lines.length > 0 ? (
        <ul className="job-progress-lines" aria-label={view.title}>
          {view.lines.map((line, index) => (
            <li key={index}>
              <Text size="2">{line}</Text>
            </li>
          ))}
        </ul>
      ) : null}
      {view.download && downloadButton ? (
        <Flex>
          <Button asChild>
            <a href={view.download.href} download>
              {view.download.label}
            </a>
          </Button>
        </Flex>
      ) : view.download ? (
        <ThemeLink asChild>
          <a href={view.download.href} download={view.download.page ? undefined : true}>
            {view.download.label}
          </a>
        </ThemeLink>
      ) : null}
      {view.error ? (
        <Callout.Root color="red" size="1" role="alert">
          <Callout.Text>{view.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {!ended && follow ? (
        <ThemeLink asChild size="2">
          <Link to={jobStatusPaths.page(view.queue, view.id, back)}>{JOB_PROGRESS_TEXTS.follow}</Link>
        </ThemeLink>
      ) : null}
    </Flex>
  );
}
