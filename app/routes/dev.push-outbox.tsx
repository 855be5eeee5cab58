import { Box, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { listPushOutbox, showsDevPushOutbox } from '@server/messages/push/outbox-list.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { notFound } from '~/lib/responses.server';
import { getServices } from '~/services.server';

/** How many of the latest notifications the page shows. */
const PUSH_OUTBOX_PAGE_SIZE = 100;

export const meta: MetaFunction = () => [{ title: 'Push outbox - App Admin' }];

/**
 * The development push outbox: the notifications the platform "pushed" while Firebase Cloud
 * Messaging is not configured. Served only where /dev/outbox is (demo mode, embedded
 * database) and only without Firebase; 404 anywhere else.
 */
export async function loader() {
  const services = await getServices();
  if (!showsDevPushOutbox(services)) throw notFound();
  const notifications = await listPushOutbox(services.db, services.paths, { limit: PUSH_OUTBOX_PAGE_SIZE });
  return { notifications, limit: PUSH_OUTBOX_PAGE_SIZE };
}

/** The same text on the server and in the browser, whatever their time zones. */
function formatTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export default function DevPushOutbox() {
  const { notifications, limit } = useLoaderData<typeof loader>();
  return (
    <Box className="page" p="5">
      <Flex direction="column" gap="4">
        <Box>
          <Heading as="h1" size="6">
            Push outbox
          </Heading>
          <Text as="p" color="gray" size="2">
            Push delivery is offline: Firebase Cloud Messaging is not configured, so notifications are kept here instead of being sent.
            Newest first; the latest {limit} are shown.
          </Text>
        </Box>
        {notifications.length === 0 ? (
          <Card>
            <Text as="p">No notifications yet.</Text>
          </Card>
        ) : (
          <Table.Root variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Time</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>To</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Text</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Sends</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {notifications.map((notification) => (
                <Table.Row key={notification.id}>
                  <Table.Cell>
                    <Text size="2" style={{ whiteSpace: 'nowrap' }}>
                      {formatTime(notification.createdAt)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {notification.kind === 'topic'
                      ? `Topic ${notification.destination}`
                      : `User ${notification.destination} (${notification.tokens} device${notification.tokens === 1 ? '' : 's'})`}
                  </Table.Cell>
                  <Table.Cell>{notification.title}</Table.Cell>
                  <Table.Cell>{notification.body}</Table.Cell>
                  <Table.Cell>{notification.sends}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Flex>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
