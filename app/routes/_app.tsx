import { Button } from '@radix-ui/themes';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AppShell } from '~/components/shell/app-shell';
import { shellMeta } from '~/components/shell/meta';
import { loadShell } from '~/components/shell/shell.server';
import { PageDialog } from '~/components/ui/dialog';

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

interface ForbiddenBody {
  reason?: string;
  title?: string;
  text?: string;
}

/**
 * A signed-in person without any rights gets the spec's 'User Does Not Have Access' dialog
 * (spec 01 §4.2), whose OK signs them out and returns them to Login; other errors show the
 * general boundary.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error) && error.status === 403 ? (error.data as ForbiddenBody | null) : null;
  if (body && typeof body === 'object' && body.reason === 'no-access' && body.title) {
    return (
      <PageDialog
        title={body.title}
        description={body.text}
        actions={
          <Form method="post" action="/login?action=logout">
            <Button type="submit" data-autofocus>
              OK
            </Button>
          </Form>
        }
      />
    );
  }
  return <GeneralErrorBoundary />;
}
