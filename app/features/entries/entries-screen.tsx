import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Form } from '~/components/forms/form';
import { ListColumnIntro } from '~/components/record-column';
import type { EntriesScreenData, RsvpView } from './entries.server';

/**
 * What the entries list adds to the list screen (spec 02 "Guest entries"): an RSVP form's event
 * ('RSVP Event Filter' when its entries answer several events, 'RSVP for Event: …' when one) and
 * its totals, and the right column's actions (the other view).
 */
export function RsvpNotice({ rsvp }: { rsvp: RsvpView }): ReactNode {
  return (
    <Card>
      <Flex direction="column" gap="3">
        {rsvp.events.length > 1 ? (
          <Form method="get" action={rsvp.action} aria-label="Choose the RSVP event">
            <Flex gap="2" align="end" wrap="wrap">
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor="rsvp-event">
                  RSVP Event Filter
                </Text>
                <select id="rsvp-event" name="eventId" className="form-control" defaultValue={rsvp.eventId ?? ''}>
                  <option value="">All events</option>
                  {rsvp.events.map((event) => (
                    <option key={event.id} value={event.id}>
                      {event.title}
                    </option>
                  ))}
                </select>
              </Flex>
              {rsvp.keep.map((kept) => (
                <input key={kept.name} type="hidden" name={kept.name} value={kept.value} />
              ))}
              <Button type="submit" variant="soft">
                Show
              </Button>
            </Flex>
          </Form>
        ) : rsvp.single ? (
          <Heading as="h2" size="3">{`RSVP for Event: ${rsvp.single}`}</Heading>
        ) : null}
        <dl className="entry-totals">
          <div>
            <dt>Total Attending</dt>
            <dd>{rsvp.totals.attending}</dd>
          </div>
          <div>
            <dt>Total Yes Response</dt>
            <dd>{rsvp.totals.yes}</dd>
          </div>
          <div>
            <dt>Total No Response</dt>
            <dd>{rsvp.totals.no}</dd>
          </div>
        </dl>
      </Flex>
    </Card>
  );
}

/** The entries list's right column with no entry open: the other view, and the empty message. */
export function EntriesActions({ data }: { data: EntriesScreenData }) {
  return (
    <ListColumnIntro
      data={data}
      text={`${data.filters.view === 'archive' ? 'Completed and denied entries.' : 'Entries waiting for staff.'} Open an entry to read it.`}
    >
      <Flex gap="2" wrap="wrap">
        {data.links.otherView ? (
          <Button asChild variant="soft">
            <Link to={data.links.otherView}>{data.filters.view === 'archive' ? 'View Active' : 'View Archived'}</Link>
          </Button>
        ) : null}
        <Button asChild variant="soft" color="gray">
          <Link to={data.editHref}>{data.kind === 'hunt' ? 'Edit Hunt' : 'Edit Form'}</Link>
        </Button>
      </Flex>
    </ListColumnIntro>
  );
}
