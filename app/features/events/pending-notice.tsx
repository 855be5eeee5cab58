import { Callout, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { EVENT_EDITOR_TEXTS } from './texts';

export interface PendingNoticeData {
  /** How many events wait (the list may show fewer). */
  count: number;
  rows: Array<{ importId: string; title: string; when: string; href: string }>;
}

/** 'N events waiting for approval' on the calendar of events, with a link to each one's review. */
export function PendingNotice({ notice }: { notice: PendingNoticeData }) {
  const heading = EVENT_EDITOR_TEXTS.waiting(notice.count);
  return (
    <Callout.Root color="amber" role="region" aria-label={heading} data-testid="pending-notice">
      <div>
        <Text as="p" weight="bold">
          {heading}
        </Text>
        <ul className="pending-events">
          {notice.rows.map((row) => (
            <li key={row.importId}>
              <RadixLink asChild>
                <Link to={row.href}>{row.title}</Link>
              </RadixLink>
              {row.when ? <Text color="gray"> — {row.when}</Text> : null}
            </li>
          ))}
        </ul>
      </div>
    </Callout.Root>
  );
}
