import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { RemoteFrame } from '~/components/remote/remote-frame';
import { DoneNotice } from '~/components/ui/done-notice';
import { EVENT_EDITOR_TEXTS } from '~/lib/event-editor';
import { BUSINESS_TEXTS } from '~/schemas/business';
import type { RemoteCalendarData } from './remote-calendar.server';

/**
 * A remote calendar page (spec 01 `/amc-calendar/remote/…`): the calendar's upcoming events in
 * the remote frame, a page at a time; with Edit Information, Edit on each event and Add Event.
 */
export function RemoteCalendarPage({ data }: { data: RemoteCalendarData }) {
  return (
    <RemoteFrame frame={data}>
      {data.saved ? <DoneNotice title={BUSINESS_TEXTS.saveCompleteTitle} text={BUSINESS_TEXTS.remoteSaved} testId="saved" /> : null}
      {data.submitted ? (
        <DoneNotice title={EVENT_EDITOR_TEXTS.submittedTitle} text={EVENT_EDITOR_TEXTS.submitted} testId="submitted" />
      ) : null}
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <div>
          <Heading as="h1" size="6">
            {data.title}
          </Heading>
          {data.relationship ? (
            <Text size="2" color="gray">
              {data.relationship}
            </Text>
          ) : null}
        </div>
        {data.addHref ? (
          <Button asChild>
            <Link to={data.addHref}>Add Event</Link>
          </Button>
        ) : null}
      </Flex>
      <Heading as="h2" size="4" mb="2">
        Upcoming events
      </Heading>
      {data.rows.length === 0 ? (
        <Text as="p" color="gray" data-testid="no-events">
          No upcoming events.
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Upcoming events" data-testid="remote-events">
          {data.rows.map((row) => (
            <li key={row.eventId}>
              <Card mb="2">
                <Flex justify="between" align="center" gap="3" wrap="wrap">
                  <div>
                    <Text as="p" weight="bold">
                      {row.title}
                    </Text>
                    <Text as="p" size="2" color="gray">
                      {row.when}
                    </Text>
                  </div>
                  {row.editHref ? (
                    <Button asChild variant="soft">
                      <Link to={row.editHref} aria-label={`Edit ${row.title}`}>
                        Edit
                      </Link>
                    </Button>
                  ) : null}
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {data.previousHref || data.nextHref ? (
        <nav aria-label="Pages">
          <Flex gap="3" mt="3">
            {data.previousHref ? (
              <Button asChild variant="soft" color="gray">
                <Link to={data.previousHref}>Previous page</Link>
              </Button>
            ) : null}
            {data.nextHref ? (
              <Button asChild variant="soft" color="gray">
                <Link to={data.nextHref}>Next page</Link>
              </Button>
            ) : null}
          </Flex>
        </nav>
      ) : null}
    </RemoteFrame>
  );
}
