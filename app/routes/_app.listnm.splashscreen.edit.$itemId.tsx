import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PromoIntent } from '~/features/promos/intents';
import { PromoEditor } from '~/features/promos/promo-screen';
import { loadPromoEditor, promoAction } from '~/features/promos/promo.server';

/** One item in the right column (listing action edit): Save, Delete (asks first). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPromoEditor(request, 'splashscreen', params.itemId ?? '');
}

export const Intent = PromoIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return promoAction(request, 'splashscreen', params.itemId ?? '');
}

export default function EditPromo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PromoEditor key={`${data.key}-${data.version ?? ''}`} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 404: () => ({ title: 'Not found', text: 'There is no such item in this community.' }) }} />
  );
}
