import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BulkIntent } from '~/components/listing/intents';
import { ListScreen, useRightLabel } from '~/components/listing/list-screen';
import { bulkAction } from '~/components/listing/list.server';
import { listMeta } from '~/components/listing/meta';
import { resolveMessages } from '~/components/listing/resolve.server';
import { MessagesBanner } from '~/components/messages/list-notice';
import { loadMessagesScreen } from '~/components/messages/list.server';

/**
 * The messages list at /amc-messages/:context (spec 02 "Messages", §4 "Views"): the community's
 * messages (`messages`) or the system-wide area's (`systemwide-notification`, titled
 * Systemwide Notification), in its Active, Archive or Scheduled view (`?view=`), newest first,
 * 75 then 25 rows; select-all and Delete Selected (active: the messages end now; archive and
 * scheduled: removed). The right column is the child route: the list's actions, or the
 * notification form (`/amc-messages/:context/:action`).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadMessagesScreen(request, await resolveMessages(request, params));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const Intent = BulkIntent;

/** Delete Selected: the spec's confirmation, then one update of the view's list. */
export async function action({ request, params }: ActionFunctionArgs) {
  return bulkAction(request, await resolveMessages(request, params));
}

export default function MessagesList() {
  const data = useLoaderData<typeof loader>();
  const bulk = useActionData<typeof action>();
  return (
    <ListScreen
      data={data}
      bulk={bulk}
      panel={<Outlet />}
      rightLabel={useRightLabel()}
      notice={data.banner ? <MessagesBanner banner={data.banner} /> : null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
