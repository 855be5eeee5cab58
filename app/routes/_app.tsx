import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { NoAccessErrorBoundary } from '~/components/no-access-boundary';
import { AppShell } from '~/components/shell/app-shell';
import { shellMeta } from '~/components/shell/meta';
import { loadShell } from '~/features/shell/shell.server';

/**
 * The authenticated shell (spec 01 §2.3): every staff route nests under this pathless layout.
 * Its loader signs the person in (or sends them to /login?redirectTo=…) and loads the current
 * community, the visible trays and the left column's state.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shell } = await loadShell(request, params);
  return shell;
}

/** Spec 01 §2.2: the route's title, else 'App Admin - {community name}', else 'App Admin'. */
export const meta = shellMeta;

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <AppShell data={data}>
      <Outlet />
    </AppShell>
  );
}

/** A signed-in person without any rights gets the spec's 'User Does Not Have Access' dialog. */
export const ErrorBoundary = NoAccessErrorBoundary;
