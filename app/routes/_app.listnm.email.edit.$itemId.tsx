import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EmailTemplateEditor } from '~/features/email-templates/email-template-screen';
import { emailTemplateAction, loadEmailTemplateEditor } from '~/features/email-templates/email-templates.server';
import { EmailTemplateIntent } from '~/features/email-templates/intents';

/** One e-mail's template in the right column: Save (adds it while the built-in text is used), Preview, Delete (asks first). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEmailTemplateEditor(request, params.itemId ?? '');
}

export const Intent = EmailTemplateIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return emailTemplateAction(request, params.itemId ?? '');
}

export default function EditEmailTemplate() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <EmailTemplateEditor key={`${data.kind}-${data.version ?? ''}`} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => ({ title: 'Not found', text: 'There is no such e-mail.' }) }} />;
}
