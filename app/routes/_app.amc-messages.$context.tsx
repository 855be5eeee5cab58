import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BulkIntent } from '~/features/listing/intents';
import { ListScreen } from '~/features/listing/list-screen';
import { bulkAction, loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolveMessages } from '~/features/listing/resolve.server';
import { MessagesBanner } from '~/features/messages/list-notice';
import { messagesScreen } from '~/features/messages/list.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The messages list at /amc-messages/:context (spec 02 "Messages", §4 "Views"): the community's
 * messages (`messages`) or the system-wide area's (`systemwide-notification`, titled
 * Systemwide Notification), in its Active, Archive or Scheduled view (`?view=`), newest first,
 * 75 then 25 rows; select-all and Delete Selected (active: the messages end now; archive and
 * scheduled: removed). The right column is the child route: the list's actions, or the
 * notification form (`/amc-messages/:context/:action`).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = await resolveMessages(request, params);
  return messagesScreen(await loadListScreen(request, list), list);
}

export const meta: MetaFunction<typeof loader> = listMeta;

/** The right column's routes read this layout's data (useListScreen). */
export const handle: RouteHandle = { listScreen: true };

export const Intent = BulkIntent;

/** Delete Selected: the spec's confirmation, then one update of the view's list. */
export async function action({ request, params }: ActionFunctionArgs) {
  return bulkAction(request, await resolveMessages(request, params));
}

export default function MessagesList() {
  const data = useLoaderData<typeof loader>();
  const bulk = useActionData<typeof action>();
  return <ListScreen data={data} bulk={bulk} notice={data.banner ? <MessagesBanner banner={data.banner} /> : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
