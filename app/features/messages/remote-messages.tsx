import { Badge, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { RemoteFrame } from '~/components/remote/remote-frame';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { MessageForm } from './message-form';
import type { MessageFormActionData } from './message-form.server';
import type { RemoteMessageRow, RemoteMessagesData, RemoteMessagingData } from './remote-messages.server';

/**
 * A remote manager's Messaging pages (spec 03 §6): the listing's own notifications, and the
 * notification form in detail-page mode, in the remote pages' frame. Plain forms: everything
 * works without JavaScript.
 */
export function RemoteMessagingPage({ data, actionData }: { data: RemoteMessagingData; actionData: MessageFormActionData | undefined }) {
  return (
    <RemoteFrame frame={data}>
      <Text as="p" size="2" color="gray" mb="2">
        Messaging · {data.listingTitle}
      </Text>
      {data.kind === 'form' ? <MessageForm data={data.form} actionData={actionData} /> : <RemoteMessagesList data={data} />}
    </RemoteFrame>
  );
}

function Row({ row }: { row: RemoteMessageRow }) {
  return (
    <Card data-testid="remote-message-row">
      <Flex justify="between" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text weight="bold">{row.title}</Text>
          {row.subtitle ? (
            <Text size="2" color="gray">
              {row.subtitle}
            </Text>
          ) : null}
          <Text size="2">{row.when}</Text>
          {row.notes.map((note) => (
            <Text key={note.text} size="1" color={note.tone === 'alert' ? 'red' : note.tone === 'good' ? 'green' : 'gray'}>
              {note.text}
            </Text>
          ))}
        </Flex>
        <Flex gap="2" align="start">
          <Button asChild variant="soft" size="1">
            <Link to={row.editHref}>Edit</Link>
          </Button>
          {/* Asks first, as every deletion of the console: a link to the list with the question (a page without JavaScript). */}
          <Button asChild color="red" variant="soft" size="1">
            <Link to={row.deleteHref} preventScrollReset aria-label={`${row.recurring ? 'Delete Schedule' : 'Delete'}: ${row.title}`}>
              {row.recurring ? 'Delete Schedule' : 'Delete'}
            </Link>
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function Rows({ title, rows }: { title: string; rows: RemoteMessageRow[] }) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {title} <Badge color="gray">{rows.length}</Badge>
      </Heading>
      {rows.map((row) => (
        <Row key={`${row.list}/${row.key}`} row={row} />
      ))}
    </Flex>
  );
}

function RemoteMessagesList({ data }: { data: RemoteMessagesData }) {
  const empty = data.scheduled.length === 0 && data.active.length === 0;
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          Notifications
        </Heading>
        <Flex gap="2">
          <Button asChild variant="soft" color="gray">
            <Link to={data.listingHref}>Back to the listing</Link>
          </Button>
          <Button asChild>
            <Link to={data.sendHref}>Send Notification</Link>
          </Button>
        </Flex>
      </Flex>
      {data.saved ? (
        <Callout.Root color="green" role="status" data-testid="remote-message-saved">
          <Callout.Text>{data.saved}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Text size="1" color="gray">
        Times are in {data.timeZone}.
      </Text>
      {data.deleting ? (
        <ConfirmDialog
          title={data.deleting.title}
          role="alertdialog"
          description={data.deleting.text}
          cancelHref={data.listHref}
          form={{ action: data.listHref }}
          answers={
            <Button type="submit" name="intent" value={data.deleting.intent} color="red">
              {data.deleting.answer}
            </Button>
          }
        />
      ) : null}
      {empty ? (
        <Text>This listing has no scheduled or active notifications.</Text>
      ) : (
        <>
          <Rows title="Scheduled" rows={data.scheduled} />
          <Rows title="Sent (active)" rows={data.active} />
        </>
      )}
    </Flex>
  );
}
