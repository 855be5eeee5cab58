import { Button } from '@radix-ui/themes';
import { Form, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { hrefs } from '~/lib/hrefs';
import { GeneralErrorBoundary } from './error-boundary';
import { PageDialog } from './ui/dialog';

interface ForbiddenBody {
  reason?: string;
  title?: string;
  text?: string;
}

/**
 * The error boundary of the signed-in layouts: a person without any rights gets the spec's
 * 'User Does Not Have Access' dialog (spec 01 §4.2), whose OK signs them out and returns them
 * to Login; other errors show the general boundary.
 */
export function NoAccessErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error) && error.status === 403 ? (error.data as ForbiddenBody | null) : null;
  if (body && typeof body === 'object' && body.reason === 'no-access' && body.title) {
    return (
      <PageDialog
        title={body.title}
        description={body.text}
        actions={
          <Form method="post" action={hrefs.login({ action: 'logout' })}>
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
