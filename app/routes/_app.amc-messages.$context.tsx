import { Heading } from '@radix-ui/themes';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { guardMessagesContext } from '~/components/messages/message-form.server';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { ShellColumns } from '~/components/shell/shell-columns';

/** The messages screen's layout (the list's own replaces this one): the right column is the child route. */
export const handle = { title: 'Messages' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return guardMessagesContext(request, params);
}

export default function MessagesLayout() {
  return <ShellColumns centre={<Heading as="h1">Messages</Heading>} right={<Outlet />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
