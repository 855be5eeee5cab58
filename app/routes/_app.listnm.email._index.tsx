import { useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EmailTemplateActions } from '~/features/email-templates/email-template-screen';
import type { loader } from './_app.listnm.email';

/** The list's right column with nothing open: what the list is. */
export default function EmailTemplateActionsColumn() {
  const data = useRouteLoaderData<typeof loader>('routes/_app.listnm.email');
  return data ? <EmailTemplateActions data={data} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
