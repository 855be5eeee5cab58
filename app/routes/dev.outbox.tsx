import { Box, Card, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { listOutbox, showsDevOutbox } from '@server/mail/outbox-list.server';
import { listPendingEmails } from '@server/mail/pending-list.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { notFound } from '~/lib/responses.server';
import { getServices } from '~/services.server';

/** How many of the latest messages the page shows. */
const OUTBOX_PAGE_SIZE = 50;

export const meta: MetaFunction = () => [{ title: 'Outbox - App Admin' }];

/**
 * The development outbox: the e-mails the platform "sent" while no SMTP server is
 * configured. It exists only in demo mode (DEMO_MODE=on) on the embedded database without
 * SMTP_URL (docs/decisions/003); anywhere else it would show everyone's sign-in links, so it
 * answers 404.
 */
export async function loader() {
  const services = await getServices();
  const { db, paths } = services;
  if (!showsDevOutbox(services)) throw notFound();
  const [messages, pending] = await Promise.all([
    listOutbox(db, paths, { limit: OUTBOX_PAGE_SIZE }),
    listPendingEmails(db, paths, { limit: OUTBOX_PAGE_SIZE }),
  ]);
  return { messages, pending, limit: OUTBOX_PAGE_SIZE };
}

/** What each state of an unsent e-mail is called: never 'sent' before the mailer has it. */
const PENDING_LABELS = { queued: 'Queued', sending: 'Sending', failed: 'Failed, not sent' } as const;

/** The same text on the server and in the browser, whatever their time zones. */
function formatTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export default function DevOutbox() {
  const { messages, pending, limit } = useLoaderData<typeof loader>();

  return (
    <Box className="page" p="5">
      <Flex direction="column" gap="4">
        <Box>
          <Heading as="h1" size="6">
            Outbox
          </Heading>
          <Text as="p" color="gray" size="2">
            No SMTP server is configured, so e-mails are kept here instead of being sent. Newest first; the latest {limit} are shown.
            E-mails still in the queue are listed as queued until the mailer has them.
          </Text>
        </Box>

        {pending.length > 0 ? (
          <section aria-labelledby="outbox-pending">
            <Heading as="h2" size="4" id="outbox-pending" mb="1">
              Queued
            </Heading>
            <Text as="p" color="gray" size="2" mb="2">
              Not sent yet: these e-mails wait for the job service (Redis) or a worker and are sent as soon as one takes them.
            </Text>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Queued at</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>To</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {pending.map((item) => (
                  <Table.Row key={item.id}>
                    <Table.Cell>
                      <Text size="2" style={{ whiteSpace: 'nowrap' }}>
                        {item.createdAt === null ? '' : formatTime(item.createdAt)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{item.to}</Table.Cell>
                    <Table.Cell>{item.subject}</Table.Cell>
                    <Table.Cell>{PENDING_LABELS[item.status]}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </section>
        ) : null}

        {messages.length === 0 ? (
          <Card>
            <Text as="p">No e-mails yet.</Text>
          </Card>
        ) : (
          <>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Time</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>To</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {messages.map((message) => (
                  <Table.Row key={message.id}>
                    <Table.Cell>
                      <Text size="2" style={{ whiteSpace: 'nowrap' }}>
                        {formatTime(message.createdAt)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{message.to}</Table.Cell>
                    <Table.Cell>
                      <a href={`#message-${message.id}`}>{message.subject}</a>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>

            {messages.map((message) => (
              <Card key={message.id} id={`message-${message.id}`} asChild>
                <article aria-labelledby={`subject-${message.id}`}>
                  <Flex direction="column" gap="2">
                    <Heading as="h2" size="4" id={`subject-${message.id}`}>
                      {message.subject}
                    </Heading>
                    <Text size="2" color="gray">
                      To {message.to} · {formatTime(message.createdAt)}
                    </Text>
                    {/* An empty sandbox: no scripts, no forms, no navigation out of the frame. */}
                    <iframe
                      title={`E-mail: ${message.subject}`}
                      sandbox=""
                      srcDoc={message.html}
                      style={{
                        width: '100%',
                        minHeight: '20rem',
                        border: '1px solid var(--gray-a6)',
                        borderRadius: 'var(--radius-2)',
                        background: 'white',
                      }}
                    />
                    <details>
                      <summary>
                        <Text size="2">Plain text and HTML source</Text>
                      </summary>
                      <Flex direction="column" gap="2" mt="2">
                        <Code asChild variant="ghost">
                          <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{message.text}</pre>
                        </Code>
                        <Code asChild variant="soft">
                          <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, padding: 'var(--space-2)' }}>
                            {message.html}
                          </pre>
                        </Code>
                      </Flex>
                    </details>
                  </Flex>
                </article>
              </Card>
            ))}
          </>
        )}
      </Flex>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
