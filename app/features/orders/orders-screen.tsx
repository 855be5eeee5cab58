import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ListScreenData } from '~/lib/listing/screen';

/** The orders list's right column with no order open: what the view holds, the other view, and the empty message. */
export function OrdersActions({ data }: { data: ListScreenData }) {
  const archive = data.filters.view === 'archive';
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {archive ? 'Archived orders' : data.title}
      </Heading>
      <Text as="p" size="2" color="gray">
        {archive ? 'Completed and denied orders.' : 'Orders waiting for staff.'} Open an order to read it and mark it.
      </Text>
      {data.links.otherView ? (
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="soft">
            <Link to={data.links.otherView}>{archive ? 'View Active' : 'View Archived'}</Link>
          </Button>
        </Flex>
      ) : null}
      {data.rows.length === 0 && !data.filters.active ? (
        <Text as="p" color="gray" size="2">
          {data.emptyMessage}
        </Text>
      ) : null}
    </Flex>
  );
}
