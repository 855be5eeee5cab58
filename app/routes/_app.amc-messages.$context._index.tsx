import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useListScreen } from '~/features/listing/list-screen';
import { loadRows } from '~/features/listing/list.server';
import { resolveMessages } from '~/features/listing/resolve.server';
import { loadMessagesActions } from '~/features/messages/list.server';

/**
 * The messages list's right column without a form: Send Notification (the notification form,
 * `add`), the scheduled notifications' state (how many, the next run, failed deliveries), the
 * time zone the list's times are in, and the topics lists. With `?index&after=` it answers the
 * list's next chunk of rows (infinite scroll, 25 at a time), as `/amc-messages/:context/:action`
 * is the notification form.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = await resolveMessages(request, params);
  // The list screen's infinite scroll reads `rows` and `next` of this answer.
  if (new URL(request.url).searchParams.has('after')) return { ...(await loadRows(request, list)), actions: null };
  return { rows: [], next: null, actions: await loadMessagesActions(list) };
}

export default function MessagesActionsColumn() {
  const { actions } = useLoaderData<typeof loader>();
  const data = useListScreen();
  if (!actions) return null;
  const { scheduled } = actions;
  const onScheduled = data?.tabs.some((tab) => tab.current && tab.id === 'scheduled') ?? false;
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {data?.title ?? 'Messages'}
      </Heading>
      <Button asChild>
        <Link to={actions.addHref}>Send Notification</Link>
      </Button>
      <Flex direction="column" gap="1" className="messages-scheduled-summary">
        <Heading as="h3" size="2">
          Scheduled notifications
        </Heading>
        <Text size="2">
          {scheduled.count === 0 ? 'None scheduled.' : `${scheduled.count} scheduled.`}
          {scheduled.nextRun ? ` Next run ${scheduled.nextRun}.` : ''}
        </Text>
        {scheduled.failed > 0 ? (
          <Text size="2" color="red" weight="bold" role="status">
            {`${scheduled.failed} ${scheduled.failed === 1 ? 'notification' : 'notifications'} failed to deliver.`}
            {onScheduled ? null : (
              <>
                {' '}
                <Link to={scheduled.href}>View Scheduled</Link>
              </>
            )}
          </Text>
        ) : null}
      </Flex>
      <Text size="1" color="gray">
        {`Times are shown in the community's time zone (${actions.timeZone}).`}
      </Text>
      {actions.topics.length > 0 ? (
        <Flex direction="column" gap="2">
          {actions.topics.map((topic) => (
            <Button key={topic.href} asChild variant="soft">
              <Link to={topic.href}>{topic.label}</Link>
            </Button>
          ))}
        </Flex>
      ) : null}
      {data && data.rows.length === 0 && !data.filters.active ? (
        <Text as="p" color="gray" size="2">
          {data.emptyMessage}
        </Text>
      ) : null}
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
